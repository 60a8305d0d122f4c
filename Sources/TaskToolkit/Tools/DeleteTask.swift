import Foundation
import TaskCore
import TaskStore

/// `delete_task`: removes a task, its subtasks handled as asked; a tombstone keeps its UUID.
public struct DeleteTask: TaskTargeting, ArgumentsExpressible {
    /// What happens to the subtasks of the task deleted.
    public enum Children: String, Sendable, Hashable, CaseIterable {
        /// Refuse while it has open subtasks (the default), listing them.
        case refuse
        /// Keep the subtasks, without a parent.
        case orphan
        /// Delete every task below it too.
        case delete
    }

    public static let definition = ToolDefinition(
        name: "delete_task", title: "Delete a task",
        description: "Delete a task (by id or title) with its links; children says what happens to open subtasks (default refuse).",
        inputSchema: Schema.arguments([
            "id": Schema.taskID, "title": Schema.taskTitle,
            "children": Schema.enumeration(Children.allCases.map(\.rawValue)),
        ]),
        scope: .destructive, idempotent: false, destructive: true)

    public var target: TaskReference
    public var children: Children

    public init(target: TaskReference, children: Children = .refuse) {
        self.target = target
        self.children = children
    }

    public init(_ arguments: ToolArguments) throws {
        self.init(target: try arguments.taskReference(),
                  children: arguments.string("children").flatMap(Children.init(rawValue:)) ?? .refuse)
    }

    public var arguments: JSONValue {
        var object: [String: JSONValue] = [target.argument.key: target.argument.value]
        if children != .refuse { object["children"] = .string(children.rawValue) }
        return .object(object)
    }

    public struct Output: ToolOutput {
        public var deletion: TaskDeletion

        public static let schema = OutputSchema.object(
            ["deleted": OutputSchema.array(OutputSchema.task), "orphaned": OutputSchema.array(OutputSchema.integer)])

        public func json(_ format: ResultFormat) -> [String: JSONValue] {
            ["deleted": .array(deletion.tasks.map(format.task)), "orphaned": .array(deletion.orphaned.map { .int(Int($0.rawValue)) })]
        }
    }

    /// The task and its subtasks, or the refusal when it has open ones and `children` is refuse.
    func checked(_ task: TaskItem, in toolkit: TaskToolkit) throws -> Result<[TaskItem], ToolRefusal> {
        let below = try Tasks(toolkit.store).descendants(of: task.id)
        let open = below.filter { $0.status == .open }
        guard children != .refuse || open.isEmpty else {
            return .failure(.openSubtasks(of: task, open, advice: "pass children \"orphan\" to keep them without a parent, or \"delete\" to delete them too"))
        }
        return .success(below)
    }

    public func preview(in toolkit: TaskToolkit) throws -> ToolPreview {
        let words = TaskWords(toolkit)
        return try toolkit.previewTarget(of: self) { task in
            switch try checked(task, in: toolkit) {
            case .failure(let refusal): return .refused(refusal)
            case .success(let below):
                let direct = below.filter { $0.parent == task.id }.count
                var text = "Delete \(words.task(task))"
                if children == .delete && !below.isEmpty { text += " and its \(below.count) subtask\(below.count == 1 ? "" : "s")" }
                if children != .delete && direct > 0 { text += " (its \(direct) subtask\(direct == 1 ? "" : "s") stay, without a parent)" }
                return .ready(text)
            }
        }
    }

    public func run(in toolkit: TaskToolkit) throws -> ToolOutcome<Output> {
        try toolkit.withTarget(of: self) { task in
            if case .failure(let refusal) = try checked(task, in: toolkit) { return .refused(refusal) }
            return .done(Output(deletion: try Tasks(toolkit.store).deleteTask(task.id, withSubtasks: children == .delete)))
        }
    }


    /// The task and every task below it (deleted with it, or left without a parent).
    public func footprint(in toolkit: TaskToolkit) throws -> CallFootprint {
        switch try toolkit.findTarget(of: self) {
        case .failure(let refusal): return .refused(refusal, scope: Self.definition.scope)
        case .success(let task):
            var footprint = CallFootprint.task(task, scope: Self.definition.scope)
            footprint.include(try Tasks(toolkit.store).descendants(of: task.id))
            return footprint
        }
    }
    public func undo(after output: Output) -> UndoAction? {
        let deletion = output.deletion
        let title = deletion.records.first?.task.title ?? ""
        let more = deletion.records.count - 1
        return UndoAction("Restored '\(title)'" + (more > 0 ? " and \(more) subtask\(more == 1 ? "" : "s")" : "")) { store in
            try Tasks(store).restore(deletion)
        }
    }
}
