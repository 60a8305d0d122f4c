import Foundation
import TaskCore

/// `list_tasks`: tasks by filter, list, project or context.
public struct ListTasks: Tool {
    public static let definition = ToolDefinition(
        name: "list_tasks", title: "List tasks",
        description: "List tasks: open (default), today (due by the end of today, overdue included), overdue, "
            + "available (open, not deferred, not waiting), waiting, or all (done included); optionally by list, project or context.",
        inputSchema: Schema.arguments([
            "filter": Schema.oneOf(TaskQuery.Filter.allCases.map(\.rawValue), "Which tasks (default open)."),
            "list": Schema.string("Only this list."),
            "project": Schema.string("Only this project."),
            "context": Schema.string("Only tasks with this context (with or without # or @)."),
            "limit": Schema.integer("At most this many (default 50).", minimum: 1, maximum: 1000),
        ]),
        readOnly: true, idempotent: true, destructive: false)

    public var query: TaskQuery

    public init(_ query: TaskQuery) { self.query = query }

    public init(_ arguments: ToolArguments) throws {
        var query = TaskQuery(filter: arguments.string("filter").flatMap(TaskQuery.Filter.init(rawValue:)) ?? .open)
        query.list = arguments.string("list")
        query.project = arguments.string("project")
        query.context = arguments.string("context")  // the store reads #errands, @Errands and errands alike
        query.limit = arguments.int("limit")  // nil: 50, when it runs
        self.init(query)
    }

    public struct Output: ToolOutput {
        public var filter: TaskQuery.Filter
        public var tasks: [TaskItem]

        public func json(_ format: ResultFormat) -> [String: JSONValue] {
            ["filter": .string(filter.rawValue), "count": .int(tasks.count), "tasks": .array(tasks.map(format.task))]
        }
    }

    public func run(in toolkit: TaskToolkit) throws -> ToolOutcome<Output> {
        var query = query
        if query.limit == nil { query.limit = 50 }
        return .done(Output(filter: query.filter, tasks: try toolkit.store.tasks(query)))
    }
}
