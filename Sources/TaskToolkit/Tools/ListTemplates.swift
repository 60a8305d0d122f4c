import Foundation
import TaskCore
import TaskStore

/// `list_templates`: the built-in templates and the user's, with their tasks.
public struct ListTemplates: Tool {
    public static let definition = ToolDefinition(
        name: "list_templates", title: "List templates",
        description: "The templates apply_template can use, built-in and yours, with their tasks and offsets.",
        inputSchema: Schema.arguments([:]),
        scope: .read, idempotent: true, destructive: false)

    public init() {}

    public init(_ arguments: ToolArguments) throws {}

    public struct Output: ToolOutput {
        public var templates: [TaskTemplate]

        public static let schema = OutputSchema.object(OutputSchema.listing("templates", TemplateSchema.output))

        public func json(_ format: ResultFormat) -> [String: JSONValue] {
            ["count": .int(templates.count), "templates": .array(templates.map(\.json))]
        }
    }

    public func run(in toolkit: TaskToolkit) throws -> ToolOutcome<Output> { .done(Output(templates: try Templates(toolkit.store).templates())) }
}
