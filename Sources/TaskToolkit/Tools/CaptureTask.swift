import Foundation
import TaskCore
import TaskNL
import TaskStore

/// `capture_task`: a task from a plain sentence, read by the capture grammar.
public struct CaptureTask: Tool {
    public static let definition = ToolDefinition(
        name: "capture_task", title: "Capture a task",
        description: "Create a task from a sentence such as \"call mom tomorrow 5pm #family !high ~15m\"; returns the task and what was understood (dry_run saves nothing).",
        inputSchema: Schema.arguments([
            "text": Schema.string(nil, minLength: 1),
            "project": Schema.string(nil),
            "list": Schema.string(nil),
            "parent": CreateTask.properties["parent"] ?? Schema.idOrTitle("The parent task."),
            "dry_run": Schema.flag,
        ], required: ["text"]),
        scope: .writeTasks, idempotent: false, destructive: false)

    public var text: String
    public var project: String?
    public var list: String?
    /// Make it a subtask of this task (by id or title), looked up when it runs.
    public var parent: TaskReference?
    public var dryRun: Bool

    public init(text: String, project: String? = nil, list: String? = nil, parent: TaskReference? = nil, dryRun: Bool = false) {
        self.text = text
        self.project = project
        self.list = list
        self.parent = parent
        self.dryRun = dryRun
    }

    public init(_ arguments: ToolArguments) throws {
        self.init(text: arguments.string("text") ?? "", project: arguments.string("project"),
                  list: arguments.string("list"), parent: arguments.taskReference("parent"), dryRun: arguments.bool("dry_run"))
    }

    /// The call as JSON arguments, for a person to edit before it runs.
    public var arguments: JSONValue {
        var object: [String: JSONValue] = ["text": .string(text)]
        if let project { object["project"] = .string(project) }
        if let list { object["list"] = .string(list) }
        switch parent {
        case .id(let id): object["parent"] = .int(Int(id))
        case .title(let title): object["parent"] = .string(title)
        case nil: break
        }
        if dryRun { object["dry_run"] = true }
        return .object(object)
    }

    /// The saved task (nil for a dry run), the draft as parsed, and the chips.
    public struct Output: ToolOutput {
        public var task: TaskItem?
        public var draft: TaskDraft
        public var understood: [Chip]
        public var focusTask: TaskID? { task?.id }

        /// Saved (`task`), or with `dry_run` the draft alone.
        public static let schema = OutputSchema.object(
            ["task": OutputSchema.task, "dry_run": ["enum": [true]], "draft": OutputSchema.draft, "understood": OutputSchema.array(OutputSchema.string)],
            optional: ["task", "dry_run", "draft"])

        public func json(_ format: ResultFormat) -> [String: JSONValue] {
            let chips = JSONValue.array(understood.map { .string($0.text) })
            guard let task else { return ["dry_run": true, "draft": format.draft(draft), "understood": chips] }
            return ["task": format.task(task), "understood": chips]
        }
    }

    func draft(in toolkit: TaskToolkit) -> ParseResult {
        // The user's places, so "when I get to the supermarket" binds the task there.
        let places = (try? Places(toolkit.store).placeNames()) ?? []
        var parsed = toolkit.parser.parse(text, now: toolkit.now, timeZone: toolkit.timeZone, places: places)
        if let project { parsed.draft.project = project }
        if let list { parsed.draft.list = list }
        return parsed
    }

    public func preview(in toolkit: TaskToolkit) throws -> ToolPreview {
        .ready("Capture '\(draft(in: toolkit).draft.title)'" + (dryRun ? " (dry run)" : ""))
    }

    public func run(in toolkit: TaskToolkit) throws -> ToolOutcome<Output> {
        var parsed = draft(in: toolkit)
        if let parent {
            switch try toolkit.findParent(parent) {
            case .success(let task): parsed.draft.parent = task.id
            case .failure(let refusal): return .refused(refusal)
            }
        }
        guard !dryRun else { return .done(Output(task: nil, draft: parsed.draft, understood: parsed.understood)) }
        let task = try Tasks(toolkit.store).createTask(parsed.draft)
        return .done(Output(task: task, draft: parsed.draft, understood: parsed.understood))
    }

    /// The project the new task goes into and the project of its parent.
    public func footprint(in toolkit: TaskToolkit) throws -> CallFootprint {
        var parentID: TaskID?
        if let parent {
            switch try toolkit.findParent(parent) {
            case .success(let task): parentID = task.id
            case .failure(let refusal): return .refused(refusal, scope: Self.definition.scope)
            }
        }
        return try .creating(in: draft(in: toolkit).draft.project, under: parentID, scope: Self.definition.scope, toolkit: toolkit)
    }

    public func undo(after output: Output) -> UndoAction? {
        guard let task = output.task else { return nil }
        return .deleting(task)
    }
}

extension UndoAction {
    /// Undoes a creation: deletes the task.
    static func deleting(_ task: TaskItem) -> UndoAction {
        UndoAction("Deleted '\(task.title)'") { store in try Tasks(store).deleteTask(task.id) }
    }
}
