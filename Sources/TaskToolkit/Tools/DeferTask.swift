import Foundation
import TaskCore
import TaskStore

/// `defer_task`: hides a task until a day.
public struct DeferTask: TaskTargeting {
    public static let definition = ToolDefinition(
        name: "defer_task", title: "Defer a task",
        description: "Hide a task (by id or title) until a day; null undefers.",
        inputSchema: Schema.arguments(["id": Schema.taskID, "title": Schema.taskTitle, "until": Schema.nullable(Schema.string(nil))], required: ["until"]),
        scope: .destructive, idempotent: true, destructive: true)

    public var target: TaskReference
    /// Only open tasks: a done task is not completed, moved or deferred again.
    public static var targetsOpenTasksOnly: Bool { true }
    /// The day it comes back as given (YYYY-MM-DD or a phrase); nil undefers.
    public var until: String?

    public init(target: TaskReference, until: String?) {
        self.target = target
        self.until = until
    }

    public init(_ arguments: ToolArguments) throws {
        let until = try arguments.dateText("until")
        self.init(target: try arguments.taskReference(), until: until)
    }

    public struct Output: ToolOutput {
        public var task: TaskItem
        public var focusTask: TaskID? { task.id }
        public var previousDeferUntil: LocalDate?

        public static let schema = OutputSchema.object(["task": OutputSchema.task, "previous_defer_until": OutputSchema.nullableString])

        public func json(_ format: ResultFormat) -> [String: JSONValue] {
            ["task": format.task(task), "previous_defer_until": .string(previousDeferUntil?.description)]
        }
    }

    public func preview(in toolkit: TaskToolkit) throws -> ToolPreview {
        let day = try toolkit.day(until, argument: "until", tool: Self.definition.name)
        let words = TaskWords(toolkit)
        return try toolkit.previewTarget(of: self) { task in .ready(
            day.map { "Defer \(words.task(task)) until \(words.dayText($0))" } ?? "Undefer \(words.task(task))")
        }
    }

    public func run(in toolkit: TaskToolkit) throws -> ToolOutcome<Output> {
        let day = try toolkit.day(until, argument: "until", tool: Self.definition.name)
        return try toolkit.withTarget(of: self) { task in
            .done(Output(task: try Tasks(toolkit.store).deferTask(task.id, until: day), previousDeferUntil: task.deferUntil))
        }
    }

    public func undo(after output: Output) -> UndoAction? {
        let (id, previous) = (output.task.id, output.previousDeferUntil)
        return UndoAction("Restored the defer date of '\(output.task.title)'") { store in _ = try Tasks(store).deferTask(id, until: previous) }
    }
}
