import Foundation
import TaskCore
import TaskStore

/// `list_tasks`: tasks by filter, list, project, context, stage or parent; flat or as a tree.
public struct ListTasks: Tool {
    public static let definition = ToolDefinition(
        name: "list_tasks", title: "List tasks",
        description: "List tasks: open (default), today (due by the end of today, overdue included), tomorrow (due during tomorrow), week (due by the end of this week's Sunday, overdue included), overdue, "
            + "available (open, not deferred, not waiting), waiting, or all (done included); optionally by list, project, context or stage. "
            + "parent lists a task's subtasks; tree orders tasks as an outline (each parent followed by its subtasks, each task with its depth), "
            + "and with parent shows every level below it.",
        inputSchema: Schema.arguments([
            "filter": Schema.oneOf(TaskQuery.Filter.allCases.map(\.rawValue), "Which tasks (default open)."),
            "list": Schema.string("Only this list."),
            "project": Schema.string("Only this project."),
            "context": Schema.string("Only tasks with this context (with or without # or @)."),
            "stage": Schema.string("Only tasks in this workflow stage (Backlog, Next, Doing, Waiting, Done, Someday)."),
            "parent": Schema.idOrTitle("Only subtasks of this task: its id, or its title (exact, or a unique part)."),
            "tree": Schema.boolean("As an outline: parents before their subtasks, each task with a depth (0 at the top)."),
            "limit": Schema.integer("At most this many (default 50).", minimum: 1, maximum: 1000),
            "done": Schema.string("Only tasks completed in this period, newest first: today, yesterday, this week, last week, since monday, since 2026-12-01."),
        ]),
        scope: .read, idempotent: true, destructive: false)

    public var query: TaskQuery
    /// The parent named by title or id, looked up when it runs (wins over `query.parent`).
    public var parent: TaskReference?
    public var tree: Bool
    /// The completion period (`done`), read when it runs.
    public var done: String?

    public init(_ query: TaskQuery, parent: TaskReference? = nil, tree: Bool = false, done: String? = nil) {
        self.query = query
        self.parent = parent
        self.tree = tree
        self.done = done
    }

    public init(_ arguments: ToolArguments) throws {
        var query = TaskQuery(filter: arguments.string("filter").flatMap(TaskQuery.Filter.init(rawValue:)) ?? .open)
        query.list = arguments.string("list")
        query.project = arguments.string("project")
        query.context = arguments.string("context")  // the store reads #errands, @Errands and errands alike
        query.stage = arguments.string("stage")
        query.limit = arguments.int("limit")  // nil: 50, when it runs
        self.init(query, parent: arguments.taskReference("parent"), tree: arguments.bool("tree"), done: arguments.string("done"))
    }

    public struct Output: ToolOutput {
        public var filter: TaskQuery.Filter
        public var tasks: [TaskItem]
        /// With `tree`: each task's depth in the outline, in the same order as `tasks`.
        public var depths: [Int]?
        /// Why the last sync could not write a task, for the tasks it could not (`sync_error`).
        public var syncErrors: [TaskID: String] = [:]
        /// The completion period asked for (`done`), for the chat's words; not in the JSON.
        public var done: String?

        public static let schema = OutputSchema.object(OutputSchema.listing("tasks", OutputSchema.task).merging(["filter": OutputSchema.string]) { a, _ in a })

        public func json(_ format: ResultFormat) -> [String: JSONValue] {
            let items = tasks.indices.map { i in format.task(tasks[i], depth: depths?[i], syncError: syncErrors[tasks[i].id]) }
            return ["filter": .string(filter.rawValue), "count": .int(tasks.count), "tasks": .array(items)]
        }

        public func appendResult(_ format: ResultFormat, to out: inout [UInt8]) {
            out.append(contentsOf: #"{"count":"#.utf8)
            JSONBytes.appendInt(tasks.count, to: &out)
            out.append(contentsOf: #","filter":"#.utf8)
            JSONBytes.appendString(filter.rawValue, to: &out)
            out.append(contentsOf: #","ok":true,"tasks":["#.utf8)
            for i in tasks.indices {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                format.appendTask(tasks[i], depth: depths?[i], syncError: syncErrors[tasks[i].id], to: &out)
            }
            out.append(contentsOf: "]}".utf8)
        }
    }

    public func run(in toolkit: TaskToolkit) throws -> ToolOutcome<Output> {
        var query = query
        if query.limit == nil { query.limit = 50 }
        if let done {
            (query.completedFrom, query.completedBefore) = try toolkit.donePeriod(done, tool: Self.definition.name)
            query.filter = .all
        }
        if let parent {
            switch try toolkit.findEditable(parent) {
            case .success(let task): query.parent = task.id
            case .failure(let refusal): return .refused(refusal)
            }
        }
        query.subtree = tree && query.parent != nil
        let tasks = try Tasks(toolkit.store).tasks(query)
        let syncErrors = try SyncFailures(toolkit.store).byTask()
        guard tree else { return .done(Output(filter: query.filter, tasks: tasks, syncErrors: syncErrors, done: done)) }
        let outline = TaskOutline(tasks)
        return .done(Output(filter: query.filter, tasks: outline.tasks, depths: outline.depths, syncErrors: syncErrors))
    }
}
