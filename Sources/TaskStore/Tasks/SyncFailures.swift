import Foundation
import TaskCore

/// Tasks a CalDAV sync could not write, as `list_tasks` shows them beside each task, over the
/// store's connection: `SyncFailures(store)`. The sync state itself (tokens, items, the failures of
/// one collection, which it writes with `mark`) is `SyncState` in TaskSync.
public struct SyncFailures {
    public let store: TaskStore

    public init(_ store: TaskStore) { self.store = store }

    /// What follows a collection's url in the `sync_collections` row of one task a sync could not
    /// write, before the task's UUID (a configured URL never carries a fragment).
    package static let mark = "#task="

    /// Why each task that a sync (of any collection) could not write is not synced, by task.
    public func byTask() throws -> [TaskID: String] {
        try store.read {
            var out: [TaskID: String] = [:]
            let rows = try store.db.cached("""
                SELECT t.id, c.last_error FROM sync_collections c
                JOIN tasks t ON t.uuid = substr(c.url, instr(c.url, ?) + length(?))
                WHERE instr(c.url, ?) > 0 AND c.last_error IS NOT NULL
                """).bind([.text(Self.mark), .text(Self.mark), .text(Self.mark)])
                .rows { (TaskID($0.int64(0)), $0.string(1)) }
            for (id, reason) in rows { out[id] = reason }
            return out
        }
    }
}
