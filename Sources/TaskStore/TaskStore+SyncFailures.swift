import Foundation
import TaskCore

/// Tasks one sync could not write (the server refused the item, or Tasker made an invalid one): the
/// rest of the sync went on, and the next sync tries them again.
///
/// Kept without a schema change in `sync_collections`, whose `last_error` and `last_error_at` say the
/// same for a whole collection: one row per failed task, its url the collection's followed by
/// `#task=` and the task's UUID (a configured URL never carries a fragment). Rows of a collection are
/// replaced as a whole after each sync that ran to its end.
extension TaskStore {
    /// One task a sync could not write: why, and when.
    public struct SyncFailure: Sendable, Equatable {
        public var uuid: String
        /// The task's title, nil when the task is gone here (a refused delete).
        public var title: String?
        public var reason: String
        public var at: Date?
    }

    static let failureMark = "#task="

    /// The failures the last finished sync of `url` left, oldest task first.
    public func syncFailures(_ url: String) throws -> [SyncFailure] {
        let prefix = url + Self.failureMark
        return try read {
            try db.cached("""
                SELECT substr(c.url, length(?) + 1), t.title, c.last_error, c.last_error_at FROM sync_collections c
                LEFT JOIN tasks t ON t.uuid = substr(c.url, length(?) + 1)
                WHERE substr(c.url, 1, length(?)) = ? AND c.last_error IS NOT NULL ORDER BY t.id, c.url
                """).bind([.text(prefix), .text(prefix), .text(prefix), .text(prefix)])
                .rows { SyncFailure(uuid: $0.string(0), title: $0.optionalString(1), reason: $0.string(2), at: $0.optionalDate(3)) }
        }
    }

    /// Why each task that a sync (of any collection) could not write is not synced, by task.
    public func syncFailuresByTask() throws -> [TaskID: String] {
        try read {
            var out: [TaskID: String] = [:]
            let rows = try db.cached("""
                SELECT t.id, c.last_error FROM sync_collections c
                JOIN tasks t ON t.uuid = substr(c.url, instr(c.url, ?) + length(?))
                WHERE instr(c.url, ?) > 0 AND c.last_error IS NOT NULL
                """).bind([.text(Self.failureMark), .text(Self.failureMark), .text(Self.failureMark)])
                .rows { (TaskID($0.int64(0)), $0.string(1)) }
            for (id, reason) in rows { out[id] = reason }
            return out
        }
    }

    /// Replaces the failures of `url` with `failures` (reason by task UUID).
    public func replaceSyncFailures(_ url: String, _ failures: [String: String]) throws {
        let prefix = url + Self.failureMark
        try write {
            try db.run("DELETE FROM sync_collections WHERE substr(url, 1, length(?)) = ?", [.text(prefix), .text(prefix)])
            for (uuid, reason) in failures.sorted(by: { $0.key < $1.key }) {
                try db.cached("INSERT INTO sync_collections(url, last_error, last_error_at) VALUES (?, ?, ?)")
                    .bind([.text(prefix + uuid), .text(reason), DatabaseValue(TaskStore.wholeSeconds(now))]).run()
            }
        }
    }
}
