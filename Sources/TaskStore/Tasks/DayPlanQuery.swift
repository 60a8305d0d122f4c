import Foundation
import TaskCore

/// plan_day's SQL side over the store's connection, `DayPlanQuery(store)`: the candidates a plan is
/// made from, read with the store's task loader; ordering and fitting them is `DayPlanner` (TaskCore).
public struct DayPlanQuery {
    public let store: TaskStore

    public init(_ store: TaskStore) { self.store = store }

    /// An ordered plan for the day within the budget; see `DayPlanner`.
    ///
    /// Candidates are filtered in SQL (open, not deferred past the plan day, not waiting, not in Someday) and
    /// ordered and fitted in Swift. - Throws: `.invalidValue` for a negative budget or a default
    /// estimate below 1 minute.
    public func planDay(_ request: PlanRequest) throws -> DayPlan {
        guard request.budgetMinutes >= 0 else {
            throw TaskStoreError.invalidValue(field: "budget_minutes", reason: "must be 0 or more minutes")
        }
        guard request.defaultEstimateMinutes >= 1 else {
            throw TaskStoreError.invalidValue(field: "default estimate", reason: "must be at least 1 minute")
        }
        let planner = DayPlanner(request: request, now: store.now, timeZone: store.timeZone)
        return try store.read {
            // Two passes: the few columns the planner sorts on for every candidate, then whole rows
            // only for what the plan shows (10,000 full rows would cost more than the planning).
            let candidates = try store.db.cached(
                """
                SELECT t.id, t.due, t.priority, t.energy, t.estimate_minutes FROM tasks t INDEXED BY tasks_status_defer
                WHERE t.status = 'open' AND (t.defer_until IS NULL OR t.defer_until <= ?)
                AND (t.kind IS NULL OR t.kind <> 'waiting') AND (t.stage_id IS NULL OR t.stage_id NOT IN (?, ?))
                """
            ).bind([.text(planner.day.description)] + (try store.parkedStageIDs())).rows { s in
                DayPlanner.Candidate(
                    id: TaskID(s.int64(0)), due: s.optionalDate(1), priority: TaskStore.prioritiesByRank[min(max(s.int(2), 0), 3)],
                    energy: s.optionalString(3).flatMap(Energy.init(rawValue:)), estimateMinutes: s.optionalInt(4))
            }
            let schedule = planner.schedule(candidates)
            let listed = schedule.leftovers.prefix(max(0, request.leftoversListed))
            var tasks: [TaskID: TaskItem] = [:]
            for id in schedule.slots.map({ candidates[$0.index].id }) + listed.map({ candidates[$0.index].id }) {
                tasks[id] = try store.loadTask(id)
            }
            let items = schedule.slots.compactMap { slot -> DayPlan.Item? in
                tasks[candidates[slot.index].id].map {
                    DayPlan.Item(task: $0, start: slot.start, end: slot.end, minutes: slot.minutes, estimated: slot.estimated, reason: slot.reason)
                }
            }
            let leftovers = listed.compactMap { left in tasks[candidates[left.index].id].map { DayPlan.Leftover(task: $0, reason: left.reason) } }
            return DayPlan(items: items, totalMinutes: schedule.totalMinutes, budgetMinutes: request.budgetMinutes,
                           leftovers: leftovers, leftoverCount: schedule.leftovers.count,
                           busy: schedule.busy, freeWindows: schedule.windows)
        }
    }
}
