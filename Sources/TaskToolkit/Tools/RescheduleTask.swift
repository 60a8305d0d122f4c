import Foundation
import TaskCore
import TaskStore

/// `reschedule_task`: changes (or clears) a task's due date.
public struct RescheduleTask: TaskTargeting {
    public static let definition = ToolDefinition(
        name: "reschedule_task", title: "Reschedule a task",
        description: "Change a task's due (by id or title); null clears it.",
        inputSchema: Schema.arguments(["id": Schema.taskID, "title": Schema.taskTitle, "due": Schema.nullableString(Schema.dueHelp)], required: ["due"]),
        scope: .destructive, idempotent: true, destructive: true)

    public var target: TaskReference
    /// Only open tasks: a done task is not completed, moved or deferred again.
    public static var targetsOpenTasksOnly: Bool { true }
    /// The new due date as given (ISO 8601 or a phrase); nil clears it.
    public var due: String?

    public init(target: TaskReference, due: String?) {
        self.target = target
        self.due = due
    }

    public init(_ arguments: ToolArguments) throws {
        let due = try arguments.dateText("due")
        self.init(target: try arguments.taskReference(), due: due)
    }

    public struct Output: ToolOutput {
        public var task: TaskItem
        public var focusTask: TaskID? { task.id }
        public var previousDue: Date?
        public var previousDay: LocalDate?

        public static let schema = OutputSchema.object(["task": OutputSchema.task, "previous_due": OutputSchema.nullableString])

        public func json(_ format: ResultFormat) -> [String: JSONValue] {
            ["task": format.task(task), "previous_due": format.due(previousDue, day: previousDay)]
        }
    }

    public func preview(in toolkit: TaskToolkit) throws -> ToolPreview {
        _ = try toolkit.due(due, argument: "due", tool: Self.definition.name)
        let words = TaskWords(toolkit)
        return try toolkit.previewTarget(of: self) { task in
            let read = try newDue(of: task, in: toolkit)
            return .ready(read.map { "Move \(words.task(task)) to \(words.due($0.date, day: $0.day))" } ?? "Clear the due date of \(words.task(task))")
        }
    }

    public func run(in toolkit: TaskToolkit) throws -> ToolOutcome<Output> {
        _ = try toolkit.due(due, argument: "due", tool: Self.definition.name)
        return try toolkit.withTarget(of: self) { task in
            let read = try newDue(of: task, in: toolkit)
            return .done(Output(task: try Tasks(toolkit.store).rescheduleTask(task.id, due: read?.date, day: read?.day),
                                previousDue: task.due, previousDay: task.dueDay))
        }
    }

    /// The due `task` moves to: a day alone keeps its time of day (`TaskToolkit.due(_:movingFrom:…)`).
    private func newDue(of task: TaskItem, in toolkit: TaskToolkit) throws -> (date: Date, day: LocalDate?)? {
        try toolkit.due(due, movingFrom: task.due, day: task.dueDay, argument: "due", tool: Self.definition.name)
    }

    public func undo(after output: Output) -> UndoAction? {
        let (id, previous, day) = (output.task.id, output.previousDue, output.previousDay)
        return UndoAction("Moved '\(output.task.title)' back") { store in _ = try Tasks(store).rescheduleTask(id, due: previous, day: day) }
    }
}
