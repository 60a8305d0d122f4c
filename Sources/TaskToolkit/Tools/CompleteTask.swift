import Foundation
import TaskCore
import TaskStore

/// `complete_task`: marks a task done; a recurring task gets its next occurrence.
public struct CompleteTask: TaskTargeting {
    public static let definition = ToolDefinition(
        name: "complete_task", title: "Complete a task",
        description: "Mark a task done (by id, or title: exact or a unique part); a repeating task returns its next occurrence. Open subtasks refuse it unless with_children.",
        inputSchema: Schema.arguments([
            "id": Schema.taskID, "title": Schema.taskTitle,
            "with_children": Schema.flag,
        ]),
        scope: .destructive, idempotent: false, destructive: true)

    public var target: TaskReference
    /// Only open tasks: a done task is not completed, moved or deferred again.
    public static var targetsOpenTasksOnly: Bool { true }
    public var withChildren: Bool

    public init(target: TaskReference, withChildren: Bool = false) {
        self.target = target
        self.withChildren = withChildren
    }

    public init(_ arguments: ToolArguments) throws {
        self.init(target: try arguments.taskReference(), withChildren: arguments.bool("with_children"))
    }

    public struct Output: ToolOutput {
        public var task: TaskItem
        public var focusTask: TaskID? { task.id }
        /// The next occurrence of a recurring task, created by completing this one.
        public var next: TaskItem?
        /// Open subtasks completed with it (`with_children`), and their next occurrences.
        public var subtasks: [TaskItem] = []
        public var subtaskNexts: [TaskItem] = []

        public static let schema = OutputSchema.object(
            ["task": OutputSchema.task, "next": Schema.nullable(OutputSchema.task), "completed_subtasks": OutputSchema.array(OutputSchema.task)],
            optional: ["completed_subtasks"])

        public func json(_ format: ResultFormat) -> [String: JSONValue] {
            var members: [String: JSONValue] = ["task": format.task(task), "next": next.map(format.task) ?? .null]
            if !subtasks.isEmpty { members["completed_subtasks"] = .array(subtasks.map(format.task)) }
            return members
        }

        public func appendResult(_ format: ResultFormat, to out: inout [UInt8]) {
            out.append(UInt8(ascii: "{"))
            if !subtasks.isEmpty {
                out.append(contentsOf: #""completed_subtasks":["#.utf8)
                for (i, subtask) in subtasks.enumerated() {
                    if i > 0 { out.append(UInt8(ascii: ",")) }
                    format.appendTask(subtask, to: &out)
                }
                out.append(contentsOf: "],".utf8)
            }
            out.append(contentsOf: #""next":"#.utf8)
            if let next { format.appendTask(next, to: &out) } else { out.append(contentsOf: "null".utf8) }
            out.append(contentsOf: #","ok":true,"task":"#.utf8)
            format.appendTask(task, to: &out)
            out.append(UInt8(ascii: "}"))
        }
    }

    /// The open subtasks to complete with it, or the refusal listing them.
    func openSubtasks(of task: TaskItem, in toolkit: TaskToolkit) throws -> Result<[TaskItem], ToolRefusal> {
        let open = try Tasks(toolkit.store).descendants(of: task.id, openOnly: true)
        guard withChildren || open.isEmpty else {
            return .failure(.openSubtasks(of: task, open, advice: "complete them first, or pass with_children true to complete them with it"))
        }
        return .success(open)
    }

    public func preview(in toolkit: TaskToolkit) throws -> ToolPreview {
        let words = TaskWords(toolkit)
        switch try toolkit.findTarget(of: self) {
        case .failure(let refusal): return .refused(refusal)
        case .success(let task):
            switch try openSubtasks(of: task, in: toolkit) {
            case .failure(let refusal): return .refused(refusal)
            case .success(let open):
                return .ready("Complete \(words.task(task))" + (open.isEmpty ? "" : " and its \(open.count) open subtask\(open.count == 1 ? "" : "s")"))
            }
        }
    }

    public func run(in toolkit: TaskToolkit) throws -> ToolOutcome<Output> {
        try toolkit.withTarget(of: self) { task in
            switch try openSubtasks(of: task, in: toolkit) {
            case .failure(let refusal): return .refused(refusal)
            case .success(let open):
                // Deepest first, the task itself last, all in one transaction.
                let results = try Tasks(toolkit.store).completeTasks(open.reversed().map(\.id) + [task.id])
                guard let (completed, next) = results.last else { return .refused(ToolRefusal("nothing was completed")) }
                let below = results.dropLast().reversed()
                return .done(Output(task: completed, next: next, subtasks: below.map(\.completed), subtaskNexts: below.compactMap(\.next)))
            }
        }
    }


    /// The task and, with `with_children`, its open subtasks completed with it.
    public func footprint(in toolkit: TaskToolkit) throws -> CallFootprint {
        switch try toolkit.findTarget(of: self) {
        case .failure(let refusal): return .refused(refusal, scope: Self.definition.scope)
        case .success(let task):
            var footprint = CallFootprint.task(task, scope: Self.definition.scope)
            footprint.include(try Tasks(toolkit.store).descendants(of: task.id, openOnly: true))
            return footprint
        }
    }
    public func undo(after output: Output) -> UndoAction? {
        let ids = [output.task.id] + output.subtasks.map(\.id)
        let nexts = ([output.next] + output.subtaskNexts.map(Optional.some)).compactMap { $0?.id }
        let more = output.subtasks.count
        return UndoAction("Reopened '\(output.task.title)'" + (more > 0 ? " and \(more) subtask\(more == 1 ? "" : "s")" : "")) { store in
            try store.inOneTransaction {
                for next in nexts { try Tasks(store).deleteTask(next) }
                for id in ids { _ = try Tasks(store).reopenTask(id) }
            }
        }
    }
}
