import Foundation
import TaskCore

/// `plan_day`: an ordered, timed plan within a budget of minutes. Saves nothing.
public struct PlanDay: Tool {
    public static let definition = ToolDefinition(
        name: "plan_day", title: "Plan the day",
        description: "An ordered plan within a budget of minutes: overdue and due today first, then by priority, preferring the given energy. "
            + "Each item has start and end times; the result also says what did not fit and why. Saves nothing.",
        inputSchema: Schema.arguments([
            "budget_minutes": Schema.integer("Minutes available.", minimum: 1, maximum: 1440),
            "energy": Schema.energy,
            "date": Schema.string("The day to plan (default today): YYYY-MM-DD or natural language."),
            "start": Schema.string("When the first item starts (default now, rounded up to 5 minutes): \(Schema.dateHelp)."),
            "default_estimate_minutes": Schema.integer("Minutes counted for a task with no estimate (default 30).", minimum: 1, maximum: 480),
        ], required: ["budget_minutes"]),
        readOnly: true, idempotent: true, destructive: false)

    public var budgetMinutes: Int
    public var energy: Energy?
    /// The day and the start as given (YYYY-MM-DD, ISO 8601 or a phrase).
    public var date: String?
    public var start: String?
    public var defaultEstimateMinutes: Int?

    public init(budgetMinutes: Int, energy: Energy? = nil, date: String? = nil, start: String? = nil, defaultEstimateMinutes: Int? = nil) {
        self.budgetMinutes = budgetMinutes
        self.energy = energy
        self.date = date
        self.start = start
        self.defaultEstimateMinutes = defaultEstimateMinutes
    }

    public init(_ arguments: ToolArguments) throws {
        self.init(
            budgetMinutes: arguments.int("budget_minutes") ?? 60, energy: arguments.string("energy").flatMap(Energy.init(rawValue:)),
            date: try arguments.dateText("date"), start: try arguments.dateText("start"),
            defaultEstimateMinutes: arguments.int("default_estimate_minutes"))
    }

    public struct Output: ToolOutput {
        public var plan: DayPlan

        public func json(_ format: ResultFormat) -> [String: JSONValue] {
            let items = plan.items.map { item -> JSONValue in
                [
                    "id": .int(Int(item.task.id.rawValue)),
                    "title": .string(item.task.title),
                    "start": format.date(item.start),
                    "end": format.date(item.end),
                    "minutes": .int(item.minutes),
                    "estimated": .bool(item.estimated),
                    "priority": .string(item.task.priority.rawValue),
                    "energy": .string(item.task.energy?.rawValue),
                    "due": format.date(item.task.due),
                    "reason": .string(item.reason),
                ]
            }
            // The first few that did not fit (PlanRequest.leftoversListed), with reasons; the count says
            // how many there were in all (a backlog of thousands helps nobody).
            let leftovers = plan.leftovers.map { left -> JSONValue in
                ["id": .int(Int(left.task.id.rawValue)), "title": .string(left.task.title), "reason": .string(left.reason)]
            }
            return [
                "plan": [
                    "items": .array(items),
                    "total_minutes": .int(plan.totalMinutes),
                    "budget_minutes": .int(plan.budgetMinutes),
                    "free_minutes": .int(plan.budgetMinutes - plan.totalMinutes),
                    "not_planned": .array(leftovers),
                    "not_planned_count": .int(plan.leftoverCount),
                ]
            ]
        }
    }

    public func run(in toolkit: TaskToolkit) throws -> ToolOutcome<Output> {
        var request = PlanRequest(budgetMinutes: budgetMinutes)
        request.energy = energy
        request.date = try toolkit.day(date, argument: "date", tool: Self.definition.name)
        request.start = try toolkit.date(start, argument: "start", tool: Self.definition.name)
        if let defaultEstimateMinutes { request.defaultEstimateMinutes = defaultEstimateMinutes }
        return .done(Output(plan: try toolkit.store.planDay(request)))
    }
}
