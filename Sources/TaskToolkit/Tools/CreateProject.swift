import Foundation
import TaskCore
import TaskStore

/// `create_project`: a project that groups tasks toward one outcome.
public struct CreateProject: Tool {
    public static let definition = ToolDefinition(
        name: "create_project", title: "Create a project",
        description: "Create a project.",
        inputSchema: Schema.arguments(["name": Schema.string(nil, minLength: 1), "notes": Schema.string(nil)], required: ["name"]),
        scope: .writeTasks, idempotent: false, destructive: false)

    public var name: String
    public var notes: String?

    public init(name: String, notes: String? = nil) {
        self.name = name
        self.notes = notes
    }

    public init(_ arguments: ToolArguments) throws {
        self.init(name: arguments.string("name") ?? "", notes: arguments.text("notes"))
    }

    public struct Output: ToolOutput {
        public var project: Project

        public static let schema = OutputSchema.object(["project": ResultFormat.projectSchema])

        public func json(_ format: ResultFormat) -> [String: JSONValue] { ["project": format.project(project)] }
    }

    public func preview(in toolkit: TaskToolkit) throws -> ToolPreview { .ready("Create project '\(name)'") }

    public func run(in toolkit: TaskToolkit) throws -> ToolOutcome<Output> {
        .done(Output(project: try Projects(toolkit.store).createProject(name: name, notes: notes)))
    }
}
