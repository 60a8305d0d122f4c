import Foundation
import TaskCore

extension TaskStore {
    /// The second task row `t` last changed here, the order `changes_since` reads: its `updated`, or
    /// the later `changed` an undo left (schema v23). Written as the `tasks_changes` index is, so the
    /// index serves it.
    static let taskChangedSQL = "max(t.updated, coalesce(t.changed, 0))"
    /// The same for a page row `p` (the `pages_changes` index).
    static let pageChangedSQL = "max(p.updated, coalesce(p.changed, 0))"

    /// Records that the tasks `ids` changed now without touching what they hold, `updated` included:
    /// for a write that puts a task back as it was (an undo), so that `changes_since` lists it again
    /// while an export still gives the bytes it gave before. Ids of tasks not here are passed over.
    func markTasksChanged(_ ids: some Sequence<Int64>) throws {
        try markChanged("UPDATE tasks SET changed = ? WHERE id = ?", ids)
    }

    /// `markTasksChanged` for pages.
    func markPagesChanged(_ ids: some Sequence<Int64>) throws {
        try markChanged("UPDATE pages SET changed = ? WHERE id = ?", ids)
    }

    private func markChanged(_ sql: String, _ ids: some Sequence<Int64>) throws {
        let now = DatabaseValue(TaskStore.wholeSeconds(now))
        for id in ids { try db.cached(sql).bind([now, .integer(id)]).run() }
    }
}
