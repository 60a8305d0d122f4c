import Foundation
import TaskCore

extension TaskStore {
    /// The second task row `t` last changed here, the order `changes_since` reads: its `updated`, or
    /// the later `changed` an undo left (schema v23). Written as the `tasks_changes` index is, so the
    /// index serves it.
    static let taskChangedSQL = "max(t.updated, coalesce(t.changed, 0))"

    /// Records that the tasks `ids` changed now without touching what they hold, `updated` included:
    /// for a write that puts a task back as it was (an undo), so that `changes_since` lists it again
    /// while an export still gives the bytes it gave before. Ids of tasks not here are passed over.
    func markTasksChanged(_ ids: some Sequence<Int64>) throws {
        let now = DatabaseValue(TaskStore.wholeSeconds(now))
        for id in ids {
            try db.cached("UPDATE tasks SET changed = ? WHERE id = ?").bind([now, .integer(id)]).run()
        }
    }
}
