import Foundation
import TaskCore

/// `review`: the weekly review's sections for a period (default the last 7 days). Saves nothing.
public struct Review: Tool {
    public static let definition = ToolDefinition(
        name: "review", title: "Weekly review",
        description: "A weekly review of a period (default the last 7 days), section by section.",
        inputSchema: Schema.arguments([
            "from": Schema.string(nil),
            "to": Schema.string(nil),
            "limit": Schema.integer("Tasks per section (default 50).", minimum: 1, maximum: 1000),
        ]),
        scope: .read, idempotent: true, destructive: false)

    /// The days as given, read when it runs.
    public var from: String?
    public var to: String?
    public var limit: Int?

    public init(from: String? = nil, to: String? = nil, limit: Int? = nil) {
        self.from = from
        self.to = to
        self.limit = limit
    }

    public init(_ arguments: ToolArguments) throws {
        self.init(from: try arguments.dateText("from"), to: try arguments.dateText("to"), limit: arguments.int("limit"))
    }

    public struct Output: ToolOutput {
        public var review: WeeklyReview
        public var limit: Int

        public static let schema: JSONValue = {
            let item = OutputSchema.object(
                ["id": OutputSchema.integer, "title": OutputSchema.string, "due": OutputSchema.nullableString, "priority": OutputSchema.string,
                 "project": OutputSchema.nullableString, "list": OutputSchema.string, "completed": OutputSchema.nullableString],
                optional: ["completed"])
            let section = OutputSchema.object(OutputSchema.listing("tasks", item))
            return OutputSchema.object(
                ["period": OutputSchema.object(["from": OutputSchema.nullableString, "to": OutputSchema.nullableString]),
                 "done": OutputSchema.object(
                    ["count": OutputSchema.integer,
                     "by_project": OutputSchema.array(OutputSchema.object(OutputSchema.listing("tasks", item).merging(["project": OutputSchema.nullableString]) { a, _ in a }))]),
                 "slipped": section, "overdue": section, "waiting": section, "stale": section, "inbox": section,
                 "projects_without_next_action": OutputSchema.object(OutputSchema.listing("projects", OutputSchema.string))])
        }()

        public func json(_ format: ResultFormat) -> [String: JSONValue] {
            func item(_ task: TaskItem) -> JSONValue {
                var object: [String: JSONValue] = [
                    "id": .int(Int(task.id.rawValue)), "title": .string(task.title), "due": format.due(task.due, day: task.dueDay),
                    "priority": .string(task.priority.rawValue), "project": .string(task.project), "list": .string(task.list),
                ]
                if task.status == .done { object["completed"] = format.date(task.completed) }
                return .object(object)
            }
            func section(_ tasks: [TaskItem]) -> JSONValue {
                ["count": .int(tasks.count), "tasks": .array(tasks.prefix(limit).map(item))]
            }
            let groups = review.doneByProject.map { group -> JSONValue in
                ["project": .string(group.project), "count": .int(group.tasks.count), "tasks": .array(group.tasks.prefix(limit).map(item))]
            }
            let stuck = review.projectsWithoutNextAction
            return [
                "period": ["from": format.date(review.from), "to": format.date(review.to)],
                "done": ["count": .int(review.done.count), "by_project": .array(groups)],
                "slipped": section(review.slipped),
                "overdue": section(review.overdue),
                "waiting": section(review.waiting),
                "stale": section(review.stale),
                "projects_without_next_action": ["count": .int(stuck.count), "projects": .array(stuck.prefix(limit).map(JSONValue.string))],
                "inbox": section(review.inbox),
            ]
        }
    }

    public func run(in toolkit: TaskToolkit) throws -> ToolOutcome<Output> {
        let tool = Self.definition.name
        let today = LocalDate(toolkit.now, in: toolkit.timeZone)
        let first = try toolkit.pastDay(from, argument: "from", tool: tool) ?? today.adding(days: -6)
        let last = try toolkit.day(to, argument: "to", tool: tool) ?? today
        let end = last.adding(days: 1).startOfDay(in: toolkit.timeZone)
        let start = first.startOfDay(in: toolkit.timeZone)
        guard start < end else {
            throw ToolkitError.invalidArguments(tool: tool, message: "the period is empty: from (\(first)) must come before to")
        }
        return .done(Output(review: try ReviewQuery(store: toolkit.store).review(from: start, to: end), limit: limit ?? 50))
    }
}
