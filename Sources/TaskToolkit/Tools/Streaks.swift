import Foundation
import TaskCore
import TaskStore

/// `streaks`: current and longest streaks per recurring task, project and context. Saves nothing.
public struct Streaks: Tool {
    public static let definition = ToolDefinition(
        name: "streaks", title: "Show streaks",
        description: "Streaks of days with something done: per project, context and repeating task.",
        inputSchema: Schema.arguments(ListPaging.arguments.merging([
            "day_start": Schema.string("HH:MM (default 04:00)."),
            "kind": Schema.enumeration(Streak.Kind.allCases.map(\.rawValue)),
        ]) { a, _ in a }),
        scope: .read, idempotent: true, destructive: false)

    /// Streaks on a page when `limit` is not given.
    public static let defaultLimit = 50

    public var dayStart: WallTime
    public var kind: Streak.Kind?
    /// A page of the ranking (series, then projects, then contexts, each best first); its cursor
    /// continues by position, as the ranking is made afresh at each call.
    public var paging: ListPaging

    public init(dayStart: WallTime = StreakCounter.defaultDayStart, kind: Streak.Kind? = nil, paging: ListPaging = ListPaging(limit: defaultLimit, tag: "s")) {
        self.dayStart = dayStart
        self.kind = kind
        self.paging = paging
    }

    public init(_ arguments: ToolArguments) throws {
        var dayStart = StreakCounter.defaultDayStart
        if let text = arguments.string("day_start") {
            guard let time = WallTime(text: text) else { throw arguments.invalid("day_start must be a wall-clock time HH:MM, such as 04:00") }
            dayStart = time
        }
        self.init(dayStart: dayStart, kind: arguments.string("kind").flatMap(Streak.Kind.init(rawValue:)),
                  paging: try ListPaging(arguments, tag: "s", defaultLimit: Self.defaultLimit))
    }

    public struct Output: ToolOutput {
        public var dayStart: WallTime
        public var today: LocalDate
        public var page: ListPage<Streak>
        public var streaks: [Streak] { page.items }

        public static let schema: JSONValue = {
            let streak = OutputSchema.object(
                ["name": OutputSchema.string, "current": OutputSchema.integer, "longest": OutputSchema.integer, "last_day": OutputSchema.nullableString])
            return OutputSchema.object(
                ListPaging.outputMembers.merging(
                    ["day_start": OutputSchema.string, "today": OutputSchema.string, "series": OutputSchema.array(streak),
                     "projects": OutputSchema.array(streak), "contexts": OutputSchema.array(streak)]) { a, _ in a })
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
            return page.members.merging([
                "day_start": .string(dayStart.description),
                "today": .string(today.description),
                "series": list(.series),
                "projects": list(.project),
                "contexts": list(.context),
            ]) { a, _ in a }
        }
    }

    public func run(in toolkit: TaskToolkit) throws -> ToolOutcome<Output> {
        let counter = StreakCounter(now: toolkit.now, timeZone: toolkit.timeZone, dayStart: dayStart)
        let streaks = counter.streaks(try StreakHistory(toolkit.store).completionRecords(), openDue: try StreakHistory(toolkit.store).openSeriesDue())
        let ranked = Array(streaks.filter { kind == nil || $0.kind == kind }.enumerated())
        let page = paging.page(ranked) { ListPaging.Key("", Int64($0.offset)) }
        return .done(Output(dayStart: dayStart, today: counter.today, page: ListPage(items: page.items.map(\.element), hasMore: page.hasMore, nextCursor: page.nextCursor)))
    }
}
