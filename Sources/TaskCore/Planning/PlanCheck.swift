import Foundation

/// One block of a plan someone other than the rules proposed (a model): a task id and its times.
public struct ProposedBlock: Sendable, Hashable {
    public var taskID: Int64
    public var start: Date
    public var end: Date

    public init(taskID: Int64, start: Date, end: Date) {
        self.taskID = taskID
        self.start = start
        self.end = end
    }
}

/// Why a proposed plan was not used: one line.
public struct PlanRejection: Error, Sendable, Hashable, CustomStringConvertible {
    public var reason: String
    public init(_ reason: String) { self.reason = reason }
    public var description: String { reason }
}

/// Checks a proposed plan against the rules' plan of the same request (PlanRouter): every id one of
/// the open tasks offered, every block inside a free window, no two blocks overlapping, the budget
/// kept. A task the rules planned because it is overdue or due today that the proposal leaves out
/// is not an error, but the plan says so in a notice: nothing urgent is dropped silently.
public enum PlanCheck {
    /// The proposal as a `DayPlan` (the rules' busy events and windows kept), or why it is refused.
    /// - Parameters:
    ///   - candidates: the open tasks offered to the proposer (the rules' items and leftovers).
    ///   - windows: the free windows offered; a block must lie inside one.
    ///   - dayEnd: the end of the planned day: a task due before it is due today or overdue.
    public static func plan(
        _ blocks: [ProposedBlock], rules: DayPlan, candidates: [TaskItem], windows: [TimeWindow], dayEnd: Date,
        timeZone: TimeZone
    ) -> Result<DayPlan, PlanRejection> {
        guard !blocks.isEmpty else { return .failure(PlanRejection("it planned no task")) }
        let offered = Dictionary(candidates.map { ($0.id.rawValue, $0) }, uniquingKeysWith: { a, _ in a })
        var seen: Set<Int64> = []
        for block in blocks {
            guard let task = offered[block.taskID] else {
                return .failure(PlanRejection("it named task \(block.taskID), which is not one of the open tasks offered"))
            }
            guard task.status == .open else { return .failure(PlanRejection("task \(block.taskID) is not open")) }
            guard seen.insert(block.taskID).inserted else {
                return .failure(PlanRejection("it planned task \(block.taskID) twice"))
            }
            guard block.end > block.start else {
                return .failure(PlanRejection("the block for task \(block.taskID) ends before it starts"))
            }
            guard windows.contains(where: { $0.start <= block.start && block.end <= $0.end }) else {
                return .failure(PlanRejection("the block \(span(block, timeZone)) for task \(block.taskID) is outside the free windows"))
            }
        }
        let ordered = blocks.sorted { $0.start < $1.start }
        for (a, b) in zip(ordered, ordered.dropFirst()) where b.start < a.end {
            return .failure(PlanRejection("the blocks \(span(a, timeZone)) and \(span(b, timeZone)) overlap"))
        }
        let total = ordered.reduce(0) { $0 + minutes($1) }
        guard total <= rules.budgetMinutes else {
            return .failure(PlanRejection("it plans \(total) min, over the budget of \(rules.budgetMinutes) min"))
        }
        let rulesItems = Dictionary(rules.items.map { ($0.task.id.rawValue, $0) }, uniquingKeysWith: { a, _ in a })
        let items = ordered.compactMap { block -> DayPlan.Item? in
            guard let task = offered[block.taskID] else { return nil }
            let estimated = rulesItems[block.taskID]?.estimated ?? (task.estimateMinutes == nil)
            return DayPlan.Item(task: task, start: block.start, end: block.end, minutes: minutes(block), estimated: estimated,
                                reason: "chosen by the model")
        }
        let chosen = Set(ordered.map(\.taskID))
        let leftovers = candidates.filter { !chosen.contains($0.id.rawValue) }.map { DayPlan.Leftover(task: $0, reason: "not chosen by the model") }
        var plan = DayPlan(items: items, totalMinutes: total, budgetMinutes: rules.budgetMinutes, leftovers: leftovers,
                           busy: rules.busy, freeWindows: rules.freeWindows, notices: rules.notices)
        let dropped = rules.items.filter { item in
            !chosen.contains(item.task.id.rawValue) && (item.task.due.map { $0 < dayEnd } ?? false)
        }
        if !dropped.isEmpty {
            let names = dropped.map { "#\($0.task.id.rawValue) \($0.task.title)" }.joined(separator: ", ")
            plan.notices.append("The model left out what is due today or overdue: \(names)")
        }
        return .success(plan)
    }

    static func minutes(_ block: ProposedBlock) -> Int { Int((block.end.timeIntervalSince(block.start) / 60).rounded()) }

    static func span(_ block: ProposedBlock, _ zone: TimeZone) -> String {
        "\(WallTime(block.start, in: zone))–\(WallTime(block.end, in: zone))"
    }
}
