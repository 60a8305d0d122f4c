import Foundation
import TaskCore
import TaskStore

/// `list_templates`: the built-in templates and the user's, with their tasks, a page at a time.
public struct ListTemplates: Tool {
    public static let definition = ToolDefinition(
        name: "list_templates", title: "List templates",
        description: "Templates for apply_template, built-in and yours, with their tasks and offsets.",
        inputSchema: Schema.arguments(ListPaging.arguments),
        scope: .read, idempotent: true, destructive: false)

    /// Templates on a page when `limit` is not given (each carries its tasks).
    public static let defaultLimit = 12

    public var paging: ListPaging

    public init(paging: ListPaging = ListPaging(limit: defaultLimit, tag: "m")) { self.paging = paging }

    public init(_ arguments: ToolArguments) throws { self.init(paging: try ListPaging(arguments, tag: "m", defaultLimit: Self.defaultLimit)) }

    public struct Output: ToolOutput {
        public var page: ListPage<TaskTemplate>
        public var templates: [TaskTemplate] { page.items }

        public static let schema = ListPaging.listing("templates", TemplateSchema.output)

        public func json(_ format: ResultFormat) -> [String: JSONValue] {
            page.members.merging(["count": .int(templates.count), "templates": .array(templates.map(\.json))]) { a, _ in a }
        }
    }

    public func run(in toolkit: TaskToolkit) throws -> ToolOutcome<Output> {
        // The built-in ones first, in their own order, then the user's by name.
        let builtIn = Dictionary(uniqueKeysWithValues: TaskTemplate.builtIn.enumerated().map { ($1.name, Int64($0)) })
        return .done(Output(page: paging.page(try Templates(toolkit.store).templates()) { template in
            template.isBuiltIn ? ListPaging.Key("0", builtIn[template.name] ?? 0) : ListPaging.Key("1" + template.name.lowercased(), 0)
        }))
    }
}
