import Foundation
import TaskCore

/// Stable identity: each task, project, space and page has a UUID that export, import and sync key
/// on (row ids are this file's own), and each delete leaves a tombstone with the UUID it removed.
extension TaskStore {
    /// What a tombstone or a UUID belongs to; the raw value is stored.
    public enum RecordKind: String, Sendable, CaseIterable {
        case task, project, space, page
    }

    /// A deleted record: its kind, its UUID and when it went.
    public struct Tombstone: Sendable, Equatable {
        public var kind: RecordKind
        public var uuid: String
        public var deleted: Date
    }

    /// A new random UUID (version 4), in the lower-case text form every row stores.
    static func newUUID() -> String { UUID().uuidString.lowercased() }

    /// The UUID of a task. - Throws: `.taskNotFound`.
    public func uuid(of id: TaskID) throws -> String {
        try read {
            guard let uuid = try db.cached("SELECT uuid FROM tasks WHERE id = ?").bind([.integer(id.rawValue)]).first({ $0.string(0) })
            else { throw TaskStoreError.taskNotFound(id) }
            return uuid
        }
    }

    /// The task with this UUID, if it is still here.
    public func taskID(uuid: String) throws -> TaskID? {
        try read {
            try db.cached("SELECT id FROM tasks WHERE uuid = ?").bind([.text(uuid)]).first { TaskID($0.int64(0)) }
        }
    }

    /// Tombstones deleted at or after `since` (all when nil), oldest first.
    public func tombstones(since: Date? = nil) throws -> [Tombstone] {
        try read {
            let floor = since.map { Int64($0.timeIntervalSince1970.rounded(.down)) } ?? Int64.min
            return try db.cached("SELECT kind, uuid, deleted FROM tombstones WHERE deleted >= ? ORDER BY deleted, kind, uuid")
                .bind([.integer(floor)]).rows { row -> Tombstone? in
                    guard let kind = RecordKind(rawValue: row.string(0)) else { return nil }
                    return Tombstone(kind: kind, uuid: row.string(1), deleted: row.date(2))
                }.compactMap { $0 }
        }
    }

    /// Records that `uuid` was deleted now (replacing an older tombstone for it).
    func recordTombstone(kind: RecordKind, uuid: String) throws {
        try db.run("INSERT OR REPLACE INTO tombstones(kind, uuid, deleted) VALUES (?, ?, ?)",
                   [.text(kind.rawValue), .text(uuid), DatabaseValue(TaskStore.wholeSeconds(now))])
    }
}
