import Foundation
import TaskCore

/// Tasks a CalDAV sync could not write, as `list_tasks` shows them beside each task. The sync state
/// itself (tokens, items, the failures of one collection) is `SyncState` in TaskSync.
extension TaskStore {
    /// What follows a collection's url in the `sync_collections` row of one task a sync could not
    /// write, before the task's UUID (a configured URL never carries a fragment).
    package static let syncFailureMark = "#task="

    /// Why each task that a sync (of any collection) could not write is not synced, by task.
    public func syncFailuresByTask() throws -> [TaskID: String] {
        try read {
            var out: [TaskID: String] = [:]
            let rows = try db.cached("""
                SELECT t.id, c.last_error FROM sync_collections c
                JOIN tasks t ON t.uuid = substr(c.url, instr(c.url, ?) + length(?))
                WHERE instr(c.url, ?) > 0 AND c.last_error IS NOT NULL
                """).bind([.text(Self.syncFailureMark), .text(Self.syncFailureMark), .text(Self.syncFailureMark)])
                .rows { (TaskID($0.int64(0)), $0.string(1)) }
            for (id, reason) in rows { out[id] = reason }
            return out
        }
    }
}
