import Foundation

extension TaskStore {
    /// An ordered plan for the day within the budget; see `DayPlanner`.
    ///
    /// Candidates are filtered in SQL (open, not deferred past the plan day, not waiting) and
    /// ordered and fitted in Swift. - Throws: `.invalidValue` for a negative budget or a default
    /// estimate below 1 minute.
    public func planDay(_ request: PlanRequest) throws -> DayPlan {
        guard request.budgetMinutes >= 0 else {
            throw TaskStoreError.invalidValue(field: "budget_minutes", reason: "must be 0 or more minutes")
        }
        guard request.defaultEstimateMinutes >= 1 else {
            throw TaskStoreError.invalidValue(field: "default estimate", reason: "must be at least 1 minute")
        }
        let planner = DayPlanner(request: request, now: now, timeZone: timeZone)
        let candidates = try read {
            let names = try loadNameMaps()
            return try db.cached(
                """
                SELECT \(TaskStore.taskColumnsByID) FROM tasks t INDEXED BY tasks_status_defer
                WHERE t.status = 'open' AND (t.defer_until IS NULL OR t.defer_until <= ?)
                AND (t.kind IS NULL OR t.kind <> 'waiting') AND (t.stage_id IS NULL OR t.stage_id <> ?)
                """
            ).bind([.text(planner.day.description), .integer(try waitingStageID())]).rows { TaskStore.readTask($0, names: names) }
        }
        return planner.plan(candidates)
    }
}
