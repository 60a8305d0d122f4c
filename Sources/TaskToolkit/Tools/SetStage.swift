import Foundation
import TaskCore
import TaskStore

/// `set_stage`: moves a task to a workflow stage (Backlog, Next, Doing, Waiting, Done, Someday).
public struct SetStage: TaskTargeting, ArgumentsExpressible {
    public static let definition = ToolDefinition(
        name: "set_stage", title: "Set a task's stage",
        description: "Move a task (by id or title) to a workflow stage (Backlog, Next, Doing, Waiting, Done, Someday); null clears it.",
        inputSchema: Schema.arguments([
            "id": Schema.taskID, "title": Schema.taskTitle,
            "stage": Schema.nullable(Schema.string(nil)),
        ], required: ["stage"]),
        scope: .writeTasks, idempotent: true, destructive: true)

    public var target: TaskReference
    /// The stage's name; nil takes the task out of its stage.
    public var stage: String?

    public init(target: TaskReference, stage: String?) {
        self.target = target
        self.stage = stage
    }

    public init(_ arguments: ToolArguments) throws {
        self.init(target: try arguments.taskReference(), stage: arguments.string("stage"))
    }

    public var arguments: JSONValue {
        [target.argument.key: target.argument.value, "stage": .string(stage)]
    }

    public struct Output: ToolOutput {
        public var task: TaskItem
        public var focusTask: TaskID? { task.id }
        public var previousStage: String?

        public static let schema = OutputSchema.object(["task": OutputSchema.task, "previous_stage": OutputSchema.nullableString])

        public func json(_ format: ResultFormat) -> [String: JSONValue] {
            ["task": format.task(task), "previous_stage": .string(previousStage)]
        }
    }

    /// The stage as stored (its spelling), or a refusal naming the stages there are.
    func resolvedStage(in toolkit: TaskToolkit) throws -> Result<String?, ToolRefusal> {
        guard let stage else { return .success(nil) }
        let stages = try Projects(toolkit.store).stages().map(\.name)
        if let match = stages.first(where: { $0.lowercased() == stage.lowercased() }) { return .success(match) }
        return .failure(ToolRefusal("no workflow stage named '\(stage)'; the stages are \(stages.joined(separator: ", "))"))
    }

    public func preview(in toolkit: TaskToolkit) throws -> ToolPreview {
        let words = TaskWords(toolkit)
        return try toolkit.previewTarget(of: self) { task in
            switch try resolvedStage(in: toolkit) {
            case .success(let stage?): return .ready("Move \(words.task(task)) to \(stage)")
            case .success(nil): return .ready("Take \(words.task(task)) out of its stage")
            case .failure(let refusal): return .refused(refusal)
            }
        }
    }

    public func run(in toolkit: TaskToolkit) throws -> ToolOutcome<Output> {
        try toolkit.withTarget(of: self) { task in
            switch try resolvedStage(in: toolkit) {
            case .success(let stage):
                var update = TaskUpdate()
                update.stage = .some(stage)
                return .done(Output(task: try Tasks(toolkit.store).updateTask(task.id, update), previousStage: task.stage))
            case .failure(let refusal): return .refused(refusal)
            }
        }
    }

    public func undo(after output: Output) -> UndoAction? {
        let (id, previous) = (output.task.id, output.previousStage)
        return UndoAction("Moved '\(output.task.title)' back to \(previous ?? "no stage")") { store in
            var update = TaskUpdate()
            update.stage = .some(previous)
            _ = try Tasks(store).updateTask(id, update)
        }
    }

    /// The task; `destructive` when it takes the task out of a stage it has or moves it to another.
    public func footprint(in toolkit: TaskToolkit) throws -> CallFootprint {
        switch try toolkit.findTarget(of: self) {
        case .failure(let refusal): return .refused(refusal, scope: Self.definition.scope)
        case .success(let task):
            var footprint = CallFootprint.task(task, scope: Self.definition.scope)
            if let current = task.stage, current.lowercased() != stage?.lowercased() { footprint.needs(.destructive) }
            return footprint
        }
    }
}
