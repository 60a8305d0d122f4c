import Foundation
import TaskCore
import TaskStore

/// `list_projects`: projects with their open and done counts and progress.
public struct ListProjects: Tool {
    public static let definition = ToolDefinition(
        name: "list_projects", title: "List projects",
        description: "Projects with open and done counts and progress (0 to 1).",
        inputSchema: Schema.arguments([:]),
        scope: .read, idempotent: true, destructive: false)

    public init() {}

    public init(_ arguments: ToolArguments) throws {}

    public struct Output: ToolOutput {
        public var projects: [ProjectSummary]

        public static let schema = OutputSchema.object(OutputSchema.listing("projects", ResultFormat.projectSummarySchema))

        public func json(_ format: ResultFormat) -> [String: JSONValue] {
            ["count": .int(projects.count), "projects": .array(projects.map(format.projectSummary))]
        }
    }

    public func run(in toolkit: TaskToolkit) throws -> ToolOutcome<Output> { .done(Output(projects: try Projects(toolkit.store).projects())) }
}
