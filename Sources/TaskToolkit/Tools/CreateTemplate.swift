import Foundation
import TaskCore
import TaskStore

/// `create_template`: a named blueprint of tasks with day offsets, from explicit tasks or a project.
public struct CreateTemplate: Tool {
    public static let definition = ToolDefinition(
        name: "create_template", title: "Create a template",
        description: "Save a named template of tasks with day offsets from an anchor day (give tasks, or from_project to copy one); replace overwrites yours.",
        inputSchema: Schema.arguments([
            "name": Schema.string(nil, minLength: 1),
            "tasks": TemplateSchema.tasks,
            "from_project": Schema.string(nil),
            "project": Schema.string("The project applying it fills (created if missing)."),
            "replace": Schema.flag,
        ], required: ["name"]),
        scope: .writeTasks, idempotent: false, destructive: false)

    /// Where the tasks come from.
    public enum Source: Sendable, Hashable {
        case tasks([TemplateTask])
        case project(String)
    }

    public var name: String
    public var source: Source
    public var project: String?
    public var replace: Bool

    public init(name: String, source: Source, project: String? = nil, replace: Bool = false) {
        self.name = name
        self.source = source
        self.project = project
        self.replace = replace
    }

    public init(_ arguments: ToolArguments) throws {
        let source: Source
        switch (arguments["tasks"], arguments.string("from_project")) {
        case (let tasks?, nil):
            do {
                source = .tasks(try TaskTemplate.tasks(fromBlueprint: tasks))
            } catch {
                throw arguments.invalid(error.description)
            }
        case (nil, let project?): source = .project(project)
        default: throw arguments.invalid("give either tasks (an array) or from_project (a project's name), not both")
        }
        self.init(name: arguments.string("name") ?? "", source: source, project: arguments.string("project"), replace: arguments.bool("replace"))
    }

    public struct Output: ToolOutput {
        public var template: TaskTemplate
        /// The user's template this one overwrote.
        public var replaced: TaskTemplate?

        public static let schema = OutputSchema.object(["template": TemplateSchema.output, "replaced": OutputSchema.boolean])

        public func json(_ format: ResultFormat) -> [String: JSONValue] {
            ["template": template.json, "replaced": .bool(replaced != nil)]
        }
    }

    public func preview(in toolkit: TaskToolkit) throws -> ToolPreview {
        switch source {
        case .tasks(let tasks): return .ready("Save template '\(name)' with \(tasks.reduce(0) { $0 + $1.count }) tasks")
        case .project(let project): return .ready("Save template '\(name)' from the tasks of project '\(project)'")
        }
    }

    public func run(in toolkit: TaskToolkit) throws -> ToolOutcome<Output> {
        let existing = try Templates(toolkit.store).template(named: name)
        if let existing, existing.isBuiltIn {
            return .refused(ToolRefusal("'\(existing.name)' is a built-in template and cannot be overwritten; pick another name"))
        }
        if let existing, !replace {
            return .refused(ToolRefusal("a template named '\(existing.name)' already exists; pass replace: true to overwrite it, or pick another name"))
        }
        let tasks: [TemplateTask]
        switch source {
        case .tasks(let given): tasks = given
        case .project(let project): tasks = try Templates(toolkit.store).templateTasks(fromProject: project)
        }
        let saved = try Templates(toolkit.store).saveTemplate(TaskTemplate(name: name, project: project, tasks: tasks), replacing: replace)
        return .done(Output(template: saved, replaced: existing))
    }

    public func undo(after output: Output) -> UndoAction? {
        let name = output.template.name
        if let previous = output.replaced {
            return UndoAction("Restored the template '\(name)'") { store in try Templates(store).saveTemplate(previous, replacing: true) }
        }
        return UndoAction("Deleted the template '\(name)'") { store in try Templates(store).deleteTemplate(named: name) }
    }

    /// Overwriting a template of the same name (`replace`) removes what was there: `destructive`.
    public func footprint(in toolkit: TaskToolkit) throws -> CallFootprint {
        var footprint = CallFootprint(scope: Self.definition.scope)
        if replace, try Templates(toolkit.store).template(named: name) != nil { footprint.needs(.destructive) }
        return footprint
    }
}
