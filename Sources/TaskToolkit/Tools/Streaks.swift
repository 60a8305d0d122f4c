import Foundation
import TaskCore
import TaskStore

/// `streaks`: current and longest streaks per recurring task, project and context. Saves nothing.
public struct Streaks: Tool {
    public static let definition = ToolDefinition(
        name: "streaks", title: "Show streaks",
        description: "Streaks of days with something done: per project, context and repeating task.",
        inputSchema: Schema.arguments([
            "day_start": Schema.string("HH:MM (default 04:00)."),
            "kind": Schema.enumeration(Streak.Kind.allCases.map(\.rawValue)),
        ]),
        scope: .read, idempotent: true, destructive: false)

    public var dayStart: WallTime
    public var kind: Streak.Kind?

    public init(dayStart: WallTime = StreakCounter.defaultDayStart, kind: Streak.Kind? = nil) {
        self.dayStart = dayStart
        self.kind = kind
    }

    public init(_ arguments: ToolArguments) throws {
        var dayStart = StreakCounter.defaultDayStart
        if let text = arguments.string("day_start") {
            guard let time = WallTime(text: text) else { throw arguments.invalid("day_start must be a wall-clock time HH:MM, such as 04:00") }
            dayStart = time
        }
        self.init(dayStart: dayStart, kind: arguments.string("kind").flatMap(Streak.Kind.init(rawValue:)))
    }

    public struct Output: ToolOutput {
        public var dayStart: WallTime
        public var today: LocalDate
        public var streaks: [Streak]

        public static let schema: JSONValue = {
            let streak = OutputSchema.object(
                ["name": OutputSchema.string, "current": OutputSchema.integer, "longest": OutputSchema.integer, "last_day": OutputSchema.nullableString])
            return OutputSchema.object(
                ["day_start": OutputSchema.string, "today": OutputSchema.string, "series": OutputSchema.array(streak),
                 "projects": OutputSchema.array(streak), "contexts": OutputSchema.array(streak)])
        }()

        public func json(_ format: ResultFormat) -> [String: JSONValue] {
            func list(_ kind: Streak.Kind) -> JSONValue {
                .array(streaks.filter { $0.kind == kind }.map { streak in
                    [
                        "name": .string(streak.name), "current": .int(streak.current), "longest": .int(streak.longest),
                        "last_day": .string(streak.lastDay?.description),
                    ]
                })
            }
            return [
                "day_start": .string(dayStart.description),
                "today": .string(today.description),
                "series": list(.series),
                "projects": list(.project),
                "contexts": list(.context),
            ]
        }
    }

    public func run(in toolkit: TaskToolkit) throws -> ToolOutcome<Output> {
        let counter = StreakCounter(now: toolkit.now, timeZone: toolkit.timeZone, dayStart: dayStart)
        let streaks = counter.streaks(try StreakHistory(toolkit.store).completionRecords(), openDue: try StreakHistory(toolkit.store).openSeriesDue())
        return .done(Output(dayStart: dayStart, today: counter.today, streaks: streaks.filter { kind == nil || $0.kind == kind }))
    }
}
