import Foundation
import TaskCore
import TaskStore

/// `list_tasks`: tasks by filter, list, project, context, stage or parent; flat or as a tree.
public struct ListTasks: Tool {
    public static let definition = ToolDefinition(
        name: "list_tasks", title: "List tasks",
        description: "List tasks by filter (default open), list, project, context, stage or parent; tree gives an outline with depths.",
        inputSchema: Schema.arguments([
            "filter": Schema.enumeration(TaskQuery.Filter.allCases.map(\.rawValue)),
            "list": Schema.string(nil),
            "project": Schema.string(nil),
            "context": Schema.string(nil),
            "stage": Schema.string(nil),
            "parent": Schema.idOrTitle(),
            "tree": Schema.flag,
            "limit": Schema.integer("Default 50.", minimum: 1, maximum: 1000),
        ]),
        scope: .read, idempotent: true, destructive: false)

    public var query: TaskQuery
    /// The parent named by title or id, looked up when it runs (wins over `query.parent`).
    public var parent: TaskReference?
    public var tree: Bool

    public init(_ query: TaskQuery, parent: TaskReference? = nil, tree: Bool = false) {
        self.query = query
        self.parent = parent
        self.tree = tree
    }

    public init(_ arguments: ToolArguments) throws {
        var query = TaskQuery(filter: arguments.string("filter").flatMap(TaskQuery.Filter.init(rawValue:)) ?? .open)
        query.list = arguments.string("list")
        query.project = arguments.string("project")
        query.context = arguments.string("context")  // the store reads #errands, @Errands and errands alike
        query.stage = arguments.string("stage")
        query.limit = arguments.int("limit")  // nil: 50, when it runs
        self.init(query, parent: arguments.taskReference("parent"), tree: arguments.bool("tree"))
    }

    public struct Output: ToolOutput {
        public var filter: TaskQuery.Filter
        public var tasks: [TaskItem]
        /// With `tree`: each task's depth in the outline, in the same order as `tasks`.
        public var depths: [Int]?
        /// Why the last sync could not write a task, for the tasks it could not (`sync_error`).
        public var syncErrors: [TaskID: String] = [:]

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
        if let parent {
            switch try toolkit.findEditable(parent) {
            case .success(let task): query.parent = task.id
            case .failure(let refusal): return .refused(refusal)
            }
        }
        query.subtree = tree && query.parent != nil
        let tasks = try Tasks(toolkit.store).tasks(query)
        let syncErrors = try SyncFailures(toolkit.store).byTask()
        guard tree else { return .done(Output(filter: query.filter, tasks: tasks, syncErrors: syncErrors)) }
        let outline = TaskOutline(tasks)
        return .done(Output(filter: query.filter, tasks: outline.tasks, depths: outline.depths, syncErrors: syncErrors))
    }
}
