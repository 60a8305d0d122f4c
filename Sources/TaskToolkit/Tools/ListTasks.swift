import Foundation
import TaskCore
import TaskStore

/// `list_tasks`: tasks by filter, list, project, context, stage or parent; flat or as a tree; a page at
/// a time (`limit`, `cursor`), or what changed since a point (`changes_since`).
public struct ListTasks: Tool {
    public static let definition = ToolDefinition(
        name: "list_tasks", title: "List tasks",
        description: "List tasks by filter (default open), list, project, context, stage or parent, as id, title, due and status (fields adds members). "
            + "next_cursor continues; changes_since (an instant or a changes_cursor) lists changes and deletions since.",
        inputSchema: Schema.arguments(ListPaging.arguments.merging([
            "filter": Schema.enumeration(TaskQuery.Filter.allCases.map(\.rawValue)),
            "list": Schema.string(nil),
            "project": Schema.string(nil),
            "context": Schema.string(nil),
            "stage": Schema.string(nil),
            "parent": Schema.idOrTitle(),
            "tree": Schema.flag,
            "fields": Schema.strings("Members besides id (priority, project, contexts, notes…), or all."),
            "changes_since": Schema.string(nil),
            "done": Schema.string("Completed in this period, newest first: today, last week, since monday, since 2026-12-01."),
        ]) { a, _ in a }),
        scope: .read, idempotent: true, destructive: false)

    /// The page size when `limit` is not given: 40 compact tasks, about 1,500 tokens
    /// (ListTasksPagingTests measures the page at 100,000 tasks against 2,000).
    public static let defaultLimit = 40

    public var query: TaskQuery
    /// The parent named by title or id, looked up when it runs (wins over `query.parent`).
    public var parent: TaskReference?
    public var tree: Bool
    /// The members each task is written with (JSON doors only).
    public var members: TaskMemberSelection
    /// `changes_since` given as an instant, read in the store's zone when it runs.
    public var changesSince: String?
    /// The completion period (`done`), read when it runs.
    public var done: String?
    /// The `changes_since` cursor stopped at a deletion at `query.changedAfter` (tasks changed at
    /// that second and id still come).
    var afterDeletion = false

    public init(_ query: TaskQuery, parent: TaskReference? = nil, tree: Bool = false, members: TaskMemberSelection = .compact, done: String? = nil) {
        self.query = query
        self.parent = parent
        self.tree = tree
        self.members = members
        self.done = done
    }

    public init(_ arguments: ToolArguments) throws {
        let since = arguments.string("changes_since")
        let changePage = arguments.text("cursor").flatMap(ListCursor.changePosition) != nil
        // What changed means every task, done included, unless a filter is given: on every page of it.
        let filter = arguments.string("filter").flatMap(TaskQuery.Filter.init(rawValue:)) ?? (since == nil && !changePage ? .open : .all)
        var query = TaskQuery(filter: filter)
        query.list = arguments.string("list")
        query.project = arguments.string("project")
        query.context = arguments.string("context")  // the store reads #errands, @Errands and errands alike
        query.stage = arguments.string("stage")
        query.limit = arguments.has("limit") ? try ListPaging.limit(arguments, default: Self.defaultLimit) : nil  // nil: defaultLimit, when it runs
        query.changedAfter = since.flatMap(ListCursor.change)
        var atDeletion = false
        if let cursor = arguments.text("cursor") {
            if let position = ListCursor.changePosition(cursor) {
                query.changedAfter = position.change
                atDeletion = position.deletion
            } else if let position = ListCursor.position(cursor) {
                query.after = position
            } else {
                throw ListPaging.foreign(cursor, arguments)
            }
        }
        let tree = arguments.bool("tree")
        if tree && (query.after != nil || since != nil) {
            throw arguments.invalid("tree lists a whole outline; leave out cursor and changes_since (or tree)")
        }
        let done = arguments.string("done")
        if done != nil && (query.after != nil || query.changedAfter != nil) {
            throw arguments.invalid("done lists one period's completions, newest first; leave out cursor and changes_since, and raise limit or narrow the period for more")
        }
        let fields = arguments.strings("fields")
        if let unknown = fields?.first(where: { !TaskMemberSelection.names.contains($0) }) {
            throw arguments.invalid("fields: '\(unknown)' is not a task member; use \(TaskMemberSelection.names.joined(separator: ", "))")
        }
        self.init(query, parent: arguments.taskReference("parent"), tree: tree, members: TaskMemberSelection(fields), done: done)
        if query.changedAfter == nil && query.after == nil { changesSince = since }
        afterDeletion = atDeletion
    }

    public struct Output: ToolOutput {
        public var filter: TaskQuery.Filter
        public var tasks: [TaskItem]
        /// With `tree`: each task's depth in the outline, in the same order as `tasks`.
        public var depths: [Int]?
        /// Why the last sync could not write a task, for the tasks it could not (`sync_error`).
        public var syncErrors: [TaskID: String] = [:]
        /// Whether more tasks follow this page, and where they start.
        public var hasMore = false
        public var nextCursor: String?
        /// Where to ask `changes_since` from to learn what changes after this result.
        public var changesCursor = ""
        /// With `changes_since`: the ids of tasks deleted on this page of changes (whatever the filter, but
        /// only from `project` when one is given).
        public var deleted: [Int64]?
        public var members: TaskMemberSelection = .all
        /// The completion period asked for (`done`), for the chat's words; not in the JSON.
        public var done: String?

        public static let schema = OutputSchema.object(
            OutputSchema.listing("tasks", TaskMemberSelection.schema).merging([
                "filter": OutputSchema.string, "has_more": OutputSchema.boolean, "next_cursor": OutputSchema.nullableString,
                "changes_cursor": OutputSchema.string, "deleted": OutputSchema.array(OutputSchema.integer),
            ]) { a, _ in a },
            optional: ["deleted"])

        public func json(_ format: ResultFormat) -> [String: JSONValue] {
            let items = tasks.indices.map { i in members.select(format.task(tasks[i], depth: depths?[i], syncError: syncErrors[tasks[i].id])) }
            var object: [String: JSONValue] = [
                "filter": .string(filter.rawValue), "count": .int(tasks.count), "tasks": .array(items), "has_more": .bool(hasMore),
                "next_cursor": .string(nextCursor), "changes_cursor": .string(changesCursor),
            ]
            object["deleted"] = deleted.map { .array($0.map { .int(Int($0)) }) }
            return object
        }

        public func appendResult(_ format: ResultFormat, to out: inout [UInt8]) {
            guard members == .all, deleted == nil else {
                var members = json(format)
                members["ok"] = true
                JSONValue.object(members).appendEncoded(to: &out)
                return
            }
            out.append(contentsOf: #"{"changes_cursor":"#.utf8)
            JSONBytes.appendString(changesCursor, to: &out)
            out.append(contentsOf: #","count":"#.utf8)
            JSONBytes.appendInt(tasks.count, to: &out)
            out.append(contentsOf: #","filter":"#.utf8)
            JSONBytes.appendString(filter.rawValue, to: &out)
            out.append(contentsOf: #","has_more":"#.utf8)
            out.append(contentsOf: (hasMore ? "true" : "false").utf8)
            out.append(contentsOf: #","next_cursor":"#.utf8)
            if let nextCursor { JSONBytes.appendString(nextCursor, to: &out) } else { out.append(contentsOf: "null".utf8) }
            out.append(contentsOf: #","ok":true,"tasks":["#.utf8)
            for i in tasks.indices {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                format.appendTask(tasks[i], depth: depths?[i], syncError: syncErrors[tasks[i].id], to: &out)
            }
            out.append(contentsOf: "]}".utf8)
        }
    }

    /// A listing of one project touches only that project: a grant of `read` for it covers the call
    /// (every task and deleted id it answers with is in that project).
    public func footprint(in toolkit: TaskToolkit) throws -> CallFootprint {
        CallFootprint(scope: Self.definition.scope, projects: query.project.map { [CallFootprint.key($0)] })
    }

    public func run(in toolkit: TaskToolkit) throws -> ToolOutcome<Output> {
        var query = query
        if let since = changesSince {
            guard let date = ISODate.parse(since, in: toolkit.timeZone) else {
                throw ToolkitError.invalidArguments(tool: Self.definition.name, message: "changes_since '\(since)' is neither an ISO 8601 instant nor a changes_cursor from list_tasks")
            }
            query.changedAfter = ListCursor.change(from: date)
        }
        if let done {
            (query.completedFrom, query.completedBefore) = try toolkit.donePeriod(done, tool: Self.definition.name)
            query.filter = .all
        }
        let limit = query.limit ?? Self.defaultLimit
        query.limit = limit + 1  // one more than the page: whether more follow
        if let parent {
            switch try toolkit.findEditable(parent) {
            case .success(let task): query.parent = task.id
            case .failure(let refusal): return .refused(refusal)
            }
        }
        query.subtree = tree && query.parent != nil
        let position = query.changedAfter.map { ChangePosition(change: $0, deletion: afterDeletion) }
        query.changedAfter = position?.changedAfter
        // With changes_since: each task's place in the change order (an undo's second for a task it put back).
        let changes = position == nil ? [] : try Tasks(toolkit.store).changes(query)
        var tasks = position == nil ? try Tasks(toolkit.store).tasks(query) : changes.map(\.task)
        let syncErrors = try SyncFailures(toolkit.store).byTask()
        let now = ListCursor.text(ListCursor.change(from: toolkit.now))
        var output = Output(filter: query.filter, tasks: tasks, syncErrors: syncErrors, changesCursor: now, members: members, done: done)
        if let position {
            // Changes: the tasks changed and the ids deleted, in the order it happened.
            let deletions = try toolkit.store.deletions(of: .task, after: position.deletedAfter, limit: limit + 1, project: query.project)
            let feed = ChangeFeed(changed: changes, at: { $0.change }, deletions: deletions, limit: limit)
            (output.tasks, output.deleted, output.hasMore) = (feed.items.map(\.task), feed.deleted, feed.hasMore)
            output.nextCursor = feed.next.map(ListCursor.text)
        } else {
            output.hasMore = ListPaging.cut(&tasks, to: limit)
            output.tasks = tasks
            if let last = tasks.last, output.hasMore, done == nil { output.nextCursor = ListCursor.text(TaskQuery.Position(after: last)) }
        }
        let hasMore = output.hasMore
        // After the last change, the next changes start this second (one made in it may come again).
        if query.changedAfter != nil && !hasMore { output.changesCursor = now }
        guard tree else { return .done(output) }
        let outline = TaskOutline(tasks)
        output.tasks = outline.tasks
        output.depths = outline.depths
        return .done(output)
    }
}
