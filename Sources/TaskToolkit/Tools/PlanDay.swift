import Foundation
import TaskCore
import TaskStore

/// `plan_day`: an ordered, timed plan within a budget of minutes. Saves nothing.
public struct PlanDay: Tool {
    public static let definition = ToolDefinition(
        name: "plan_day", title: "Plan the day",
        description: "Plan a day within a budget of minutes: overdue and due first, then priority, around calendar events when configured. Saves nothing.",
        inputSchema: Schema.arguments([
            "budget_minutes": Schema.integer(nil, minimum: 1, maximum: 1440),
            "energy": Schema.energy,
            "date": Schema.string(nil),
            "start": Schema.string(nil),
            "default_estimate_minutes": Schema.integer("Default 30.", minimum: 1, maximum: 480),
            "respect_calendar": Schema.flag,
            "working_hours": Schema.string("HH:MM-HH:MM.", minLength: 11),
            "breaks": Schema.integer("Minutes between blocks (default 5).", minimum: 0, maximum: 120),
            "format": Schema.oneOf(["json", "ics"], "ics adds the blocks as iCalendar events."),
        ], required: ["budget_minutes"]),
        scope: .read, idempotent: true, destructive: false)

    public var budgetMinutes: Int
    public var energy: Energy?
    /// The day and the start as given (YYYY-MM-DD, ISO 8601 or a phrase).
    public var date: String?
    public var start: String?
    public var defaultEstimateMinutes: Int?
    /// Nil: respect the calendar when calendars are configured.
    public var respectCalendar: Bool?
    public var workingHours: WorkingHours?
    public var breakMinutes: Int?
    /// Also return the blocks as iCalendar text.
    public var icsFormat = false

    public init(budgetMinutes: Int, energy: Energy? = nil, date: String? = nil, start: String? = nil, defaultEstimateMinutes: Int? = nil,
                respectCalendar: Bool? = nil, workingHours: WorkingHours? = nil, breakMinutes: Int? = nil) {
        self.budgetMinutes = budgetMinutes
        self.energy = energy
        self.date = date
        self.start = start
        self.defaultEstimateMinutes = defaultEstimateMinutes
        self.respectCalendar = respectCalendar
        self.workingHours = workingHours
        self.breakMinutes = breakMinutes
    }

    public init(_ arguments: ToolArguments) throws {
        var hours: WorkingHours?
        if let text = arguments.string("working_hours") {
            guard let parsed = WorkingHours(text: text) else {
                throw arguments.invalid("working_hours must be HH:MM-HH:MM with the end after the start, like 09:00-18:00")
            }
            hours = parsed
        }
        self.init(
            budgetMinutes: arguments.int("budget_minutes") ?? 60, energy: arguments.string("energy").flatMap(Energy.init(rawValue:)),
            date: try arguments.dateText("date"), start: try arguments.dateText("start"),
            defaultEstimateMinutes: arguments.int("default_estimate_minutes"),
            respectCalendar: arguments.has("respect_calendar") ? arguments.bool("respect_calendar") : nil,
            workingHours: hours, breakMinutes: arguments.int("breaks"))
        icsFormat = arguments.string("format") == "ics"
    }

    public struct Output: ToolOutput {
        public var plan: DayPlan
        /// The blocks as iCalendar text, when asked for with `format: "ics"`.
        public var ics: String?

        /// `ics` only with `format: "ics"`.
        public static let schema: JSONValue = {
            let s = OutputSchema.string, n = OutputSchema.nullableString, i = OutputSchema.integer
            let item = OutputSchema.object(
                ["id": i, "title": s, "start": n, "end": n, "minutes": i, "estimated": OutputSchema.boolean, "priority": s, "energy": n, "due": n, "reason": s])
            let leftover = OutputSchema.object(["id": i, "title": s, "reason": s])
            let block = OutputSchema.object(["task_id": i, "title": s, "start": n, "end": n, "reason": s])
            let busy = OutputSchema.object(["title": s, "calendar": s, "start": n, "end": n, "all_day": OutputSchema.boolean])
            let plan = OutputSchema.object(
                ["blocks": OutputSchema.array(block), "busy": OutputSchema.array(busy), "notices": OutputSchema.array(s),
                 "items": OutputSchema.array(item), "total_minutes": i, "budget_minutes": i, "free_minutes": i,
                 "not_planned": OutputSchema.array(leftover), "not_planned_count": i])
            return OutputSchema.object(["ics": s, "plan": plan], optional: ["ics"])
        }()

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
                    "due": format.due(item.task.due, day: item.task.dueDay),
                    "reason": .string(item.reason),
                ]
            }
            // The first few that did not fit (PlanRequest.leftoversListed), with reasons; the count says
            // how many there were in all (a backlog of thousands helps nobody).
            let leftovers = plan.leftovers.map { left -> JSONValue in
                ["id": .int(Int(left.task.id.rawValue)), "title": .string(left.task.title), "reason": .string(left.reason)]
            }
            // The same placements as time blocks, and the day's busy events, for calendar views.
            let blocks = plan.items.map { item -> JSONValue in
                ["task_id": .int(Int(item.task.id.rawValue)), "title": .string(item.task.title), "start": format.date(item.start),
                 "end": format.date(item.end), "reason": .string(item.reason)]
            }
            let busy = plan.busy.map { event -> JSONValue in
                ["title": .string(event.title), "calendar": .string(event.calendar), "start": format.date(event.start),
                 "end": format.date(event.end), "all_day": .bool(event.allDay)]
            }
            var result: [String: JSONValue] = [:]
            if let ics { result["ics"] = .string(ics) }
            return result.merging([
                "plan": [
                    "blocks": .array(blocks),
                    "busy": .array(busy),
                    "notices": .array(plan.notices.map { .string($0) }),
                    "items": .array(items),
                    "total_minutes": .int(plan.totalMinutes),
                    "budget_minutes": .int(plan.budgetMinutes),
                    "free_minutes": .int(plan.budgetMinutes - plan.totalMinutes),
                    "not_planned": .array(leftovers),
                    "not_planned_count": .int(plan.leftoverCount),
                ]
            ]) { a, _ in a }
        }
    }

    public func run(in toolkit: TaskToolkit) throws -> ToolOutcome<Output> {
        var request = PlanRequest(budgetMinutes: budgetMinutes)
        request.energy = energy
        request.date = try toolkit.day(date, argument: "date", tool: Self.definition.name)
        request.start = try toolkit.date(start, argument: "start", tool: Self.definition.name)
        if let defaultEstimateMinutes { request.defaultEstimateMinutes = defaultEstimateMinutes }
        let settings = toolkit.planning
        let calendars = (respectCalendar ?? true) ? settings.calendars.flatMap { $0.hasCalendars ? $0 : nil } : nil
        var notices = settings.problems
        // Laid into free windows when there is a calendar to respect or working hours to keep (given here or in config).
        if calendars != nil || workingHours != nil || breakMinutes != nil || settings.workingHours != nil {
            var blocking = TimeBlocking(workingDays: settings.workingDays, breakMinutes: breakMinutes ?? 5)
            if let hours = workingHours ?? settings.workingHours { blocking.workingHours = hours }
            if let calendars {
                let day = DayPlanner(request: request, now: toolkit.now, timeZone: toolkit.timeZone).day
                let busy = calendars.busy(from: day.startOfDay(in: toolkit.timeZone), to: day.adding(days: 1).startOfDay(in: toolkit.timeZone),
                                          timeZone: toolkit.timeZone)
                blocking.busy = busy.events
                notices += busy.problems
            }
            request.blocking = blocking
        }
        var plan = try DayPlanQuery(toolkit.store).planDay(request)
        plan.notices = notices
        return .done(Output(plan: plan, ics: icsFormat ? PlanCalendarText.ics(plan, now: toolkit.now, timeZone: toolkit.timeZone) : nil))
    }
}
