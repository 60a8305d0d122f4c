import Foundation
import TaskCore

/// `complete_task`: marks a task done; a recurring task gets its next occurrence.
public struct CompleteTask: TaskTargeting {
    public static let definition = ToolDefinition(
        name: "complete_task", title: "Complete a task",
        description: "Mark a task done, by id or title. A recurring task gets its next occurrence, returned as next.",
        inputSchema: Schema.arguments(["id": Schema.taskID, "title": Schema.taskTitle]),
        readOnly: false, idempotent: false, destructive: true)

    public var target: TaskReference

    public init(target: TaskReference) { self.target = target }

    public init(_ arguments: ToolArguments) throws { self.init(target: try arguments.taskReference()) }

    public struct Output: ToolOutput {
        public var task: TaskItem
        /// The next occurrence of a recurring task, created by completing this one.
        public var next: TaskItem?

        public func json(_ format: ResultFormat) -> [String: JSONValue] {
            ["task": format.task(task), "next": next.map(format.task) ?? .null]
        }
    }

    public func preview(in toolkit: TaskToolkit) throws -> ToolPreview {
        try toolkit.previewTask(target, openOnly: true) { "Complete \(TaskWords(toolkit).task($0))" }
    }

    public func run(in toolkit: TaskToolkit) throws -> ToolOutcome<Output> {
        try toolkit.withTask(target, openOnly: true) { task in
            let (completed, next) = try toolkit.store.completeTask(task.id)
            return .done(Output(task: completed, next: next))
        }
    }

    public func undo(after output: Output) -> UndoAction? {
        let (id, next) = (output.task.id, output.next?.id)
        return UndoAction("Reopened '\(output.task.title)'") { store in
            if let next { try store.deleteTask(next) }
            _ = try store.reopenTask(id)
        }
    }
}
