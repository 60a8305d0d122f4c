import Foundation
import TaskCore
import TaskStore

/// The weekly review over the store's connection: one read of everything a review goes through
/// (the `review` tool is its only user).
struct ReviewQuery {
    let store: TaskStore

    /// The review of `from ..< to` (see `WeeklyReview` for each section). "Slipped" ends at now
    /// when the period reaches into the future; stale means not updated in `WeeklyReview.staleDays`.
    func review(from: Date, to: Date) throws -> WeeklyReview {
        try store.read {
            let inbox = try store.requireBootstrap()
            let waiting = try store.waitingStageID()
            let slipEnd = min(to, store.now)
            let open = "t.status = 'open'"
            let staleBefore = store.now.addingTimeInterval(-TimeInterval(WeeklyReview.staleDays * 86_400))
            let today = LocalDate(store.now, in: store.timeZone).description
            var review = WeeklyReview(from: from, to: to)
            review.done = try store.loadTasks(
                "WHERE t.status = 'done' AND t.completed >= ? AND t.completed < ? ORDER BY t.completed, t.id",
                [DatabaseValue(from), DatabaseValue(to)])
            review.slipped = try store.loadTasks(
                "WHERE \(open) AND t.due >= ? AND t.due < ? ORDER BY t.due, t.id", [DatabaseValue(from), DatabaseValue(slipEnd)])
            review.overdue = try store.loadTasks(
                "WHERE \(open) AND t.due < ? AND NOT (t.due >= ? AND t.due < ?) ORDER BY t.due, t.id",
                [DatabaseValue(store.now), DatabaseValue(from), DatabaseValue(slipEnd)])
            review.waiting = try store.loadTasks(
                "WHERE \(open) AND (t.kind = 'waiting' OR t.stage_id = ?) ORDER BY t.due IS NULL, t.due, t.id", [.integer(waiting)])
            review.stale = try store.loadTasks("WHERE \(open) AND t.updated < ? ORDER BY t.updated, t.id", [DatabaseValue(staleBefore)])
            review.projectsWithoutNextAction = try store.db.cached(
                """
                SELECT p.name FROM projects p WHERE NOT EXISTS (
                    SELECT 1 FROM tasks t WHERE t.project_id = p.id AND t.status = 'open'
                        AND (t.defer_until IS NULL OR t.defer_until <= ?)
                        AND (t.kind IS NULL OR t.kind <> 'waiting') AND (t.stage_id IS NULL OR t.stage_id <> ?))
                ORDER BY p.name
                """
            ).bind([.text(today), .integer(waiting)]).rows { $0.string(0) }
            review.inbox = try store.loadTasks(
                "WHERE \(open) AND t.list_id = ? AND t.due IS NULL AND t.project_id IS NULL ORDER BY t.created, t.id", [.integer(inbox)])
            return review
        }
    }
}
