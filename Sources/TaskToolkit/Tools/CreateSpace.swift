import Foundation
import TaskCore
import TaskStore

/// `create_space`: a space for pages, optionally bound to a project.
public struct CreateSpace: Tool {
    public static let definition = ToolDefinition(
        name: "create_space", title: "Create a space",
        description: "Create a space for pages, optionally bound to a project.",
        inputSchema: Schema.arguments(["name": Schema.string(nil, minLength: 1), "project": Schema.string(nil)], required: ["name"]),
        scope: .writePages, idempotent: false, destructive: false)

    public var name: String
    public var project: String?

    public init(name: String, project: String? = nil) {
        self.name = name
        self.project = project
    }

    public init(_ arguments: ToolArguments) throws {
        self.init(name: arguments.string("name") ?? "", project: arguments.string("project"))
    }

    public struct Output: ToolOutput {
        public var space: Space

        public static let schema = OutputSchema.object(["space": ResultFormat.spaceSchema])

        public func json(_ format: ResultFormat) -> [String: JSONValue] { ["space": format.space(space)] }
    }

    public func preview(in toolkit: TaskToolkit) throws -> ToolPreview {
        .ready("Create space '\(name)'" + (project.map { " for \($0)" } ?? ""))
    }

    public func run(in toolkit: TaskToolkit) throws -> ToolOutcome<Output> {
        .done(Output(space: try Pages(toolkit.store).createSpace(name: name, project: project)))
    }
}
