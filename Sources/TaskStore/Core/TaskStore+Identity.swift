import Foundation
import Synchronization
import TaskCore

/// Stable identity: each task, project, space and page has a UUID that export, import and sync key
/// on (row ids are this file's own), and each delete leaves a tombstone with the UUID it removed.
/// Every aggregate makes UUIDs and leaves tombstones, so they stay with the store; a task's own UUID
/// lookups are `Tasks(store).uuid(of:)` and `.taskID(uuid:)`.
extension TaskStore {
    /// What a tombstone or a UUID belongs to; the raw value is stored.
    public enum RecordKind: String, Sendable, CaseIterable {
        case task, project, space, page, attachment
    }

    /// A deleted record: its kind, its UUID and when it went.
    public struct Tombstone: Sendable, Equatable {
        public var kind: RecordKind
        public var uuid: String
        public var deleted: Date
    }

    /// A new UUID in the lower-case text form every row stores: version 7 (RFC 9562), 48 bits of
    /// Unix milliseconds then 74 random bits, so rows made one after another sit side by side in the
    /// unique index (a random version 4 key lands anywhere and made bulk inserts ~30% slower).
    /// The random bits come from the OS a few KiB at a time (`RandomPool`): a bulk load makes
    /// 100,000 of them, and two `getrandom(2)` calls each were 3% of it.
    public static func newUUID(now: Date = Date()) -> String {
        let millis = UInt64(max(0, now.timeIntervalSince1970 * 1000))
        let (random, more) = randomPool.withLock { ($0.next(), $0.next()) }
        var bytes = [UInt8](repeating: 0, count: 16)
        for i in 0..<6 { bytes[i] = UInt8(truncatingIfNeeded: millis >> (40 - 8 * UInt64(i))) }
        for i in 0..<8 { bytes[8 + i] = UInt8(truncatingIfNeeded: random >> (8 * UInt64(i))) }
        bytes[6] = 0x70 | UInt8(truncatingIfNeeded: more & 0x0f)
        bytes[7] = UInt8(truncatingIfNeeded: more >> 8)
        bytes[8] = 0x80 | (bytes[8] & 0x3f)
        let hex: [UInt8] = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(36)
        for (i, byte) in bytes.enumerated() {
            if i == 4 || i == 6 || i == 8 || i == 10 { text.append(UInt8(ascii: "-")) }
            text.append(hex[Int(byte >> 4)])
            text.append(hex[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    static let randomPool = Mutex(RandomPool())

    /// Random 64-bit words from the system's generator, fetched 4 KiB at a time.
    struct RandomPool: RandomNumberGenerator {
        private var words = [UInt64](repeating: 0, count: 512)
        private var index = 512

        mutating func next() -> UInt64 {
            if index == words.count {
                refill()
                index = 0
            }
            defer { index += 1 }
            return words[index]
        }

        private mutating func refill() {
            // glibc's arc4random_buf reads the kernel's generator (getrandom) in one go for the whole block.
            words.withUnsafeMutableBytes { arc4random_buf($0.baseAddress!, $0.count) }
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

    /// Records that `uuid` (row `rid` of its table, when given) was deleted now, replacing an older
    /// tombstone for it.
    func recordTombstone(kind: RecordKind, uuid: String, rid: Int64? = nil) throws {
        try db.run("INSERT OR REPLACE INTO tombstones(kind, uuid, deleted, rid) VALUES (?, ?, ?, ?)",
                   [.text(kind.rawValue), .text(uuid), DatabaseValue(TaskStore.wholeSeconds(now)), rid.map(DatabaseValue.integer) ?? .null])
    }

    /// Records that task `id` (UUID `uuid`), still in its row, is being deleted now, with the project it
    /// is in: call it just before the row goes.
    func recordTaskTombstone(uuid: String, id: Int64) throws {
        try db.cached(
            """
            INSERT OR REPLACE INTO tombstones(kind, uuid, deleted, rid, project_id)
            VALUES (?, ?, ?, ?, (SELECT project_id FROM tasks WHERE id = ?))
            """
        ).bind([.text(RecordKind.task.rawValue), .text(uuid), DatabaseValue(TaskStore.wholeSeconds(now)), .integer(id), .integer(id)]).run()
    }
}

extension TaskStore {
    /// Where `kind` records were deleted after `after` (the second they went, then their row id), in
    /// that order, at most `limit`: the row ids a `changes_since` reader must drop. With `project`,
    /// only the tasks deleted from that project (a reader granted one project learns nothing of the
    /// others). Tombstones that do not name their row (made before v21), or, with `project`, their
    /// project (made before v22), are left out. - Throws: `.projectNotFound`.
    public func deletions(of kind: RecordKind, after: TaskQuery.Change, limit: Int, project: String? = nil) throws -> [TaskQuery.Change] {
        try read {
            var values: [DatabaseValue] = [.text(kind.rawValue), .integer(after.updated), .integer(after.updated), .integer(after.id)]
            var scope = ""
            if let project {
                scope = " AND project_id = ?"
                values.append(.integer(try resolveProject(project).id))
            }
            return try db.cached(
                """
                SELECT deleted, rid FROM tombstones WHERE kind = ? AND rid IS NOT NULL AND (deleted > ? OR (deleted = ? AND rid > ?))\(scope)
                ORDER BY deleted, rid LIMIT ?
                """
            ).bind(values + [.integer(Int64(limit))])
                .rows { TaskQuery.Change(updated: $0.int64(0), id: $0.int64(1)) }
        }
    }
}
