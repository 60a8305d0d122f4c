import Foundation
import TaskCore
import TaskStore

/// `list_projects`: projects with their open and done counts and progress, by name, a page at a time.
public struct ListProjects: Tool {
    public static let definition = ToolDefinition(
        name: "list_projects", title: "List projects",
        description: "Projects with open and done counts and progress (0 to 1).",
        inputSchema: Schema.arguments(ListPaging.arguments),
        scope: .read, idempotent: true, destructive: false)

    /// Projects on a page when `limit` is not given.
    public static let defaultLimit = 50

    public var paging: ListPaging

    public init(paging: ListPaging = ListPaging(limit: defaultLimit, tag: "j")) { self.paging = paging }

    public init(_ arguments: ToolArguments) throws { self.init(paging: try ListPaging(arguments, tag: "j", defaultLimit: Self.defaultLimit)) }

    public struct Output: ToolOutput {
        public var page: ListPage<ProjectSummary>
        public var projects: [ProjectSummary] { page.items }

        public static let schema = ListPaging.listing("projects", ResultFormat.projectSummarySchema)

        public func json(_ format: ResultFormat) -> [String: JSONValue] {
            page.members.merging(["count": .int(projects.count), "projects": .array(projects.map(format.projectSummary))]) { a, _ in a }
        }
    }

    public func run(in toolkit: TaskToolkit) throws -> ToolOutcome<Output> {
        .done(Output(page: paging.page(try Projects(toolkit.store).projects()) { .name($0.project.name, id: $0.project.id.rawValue) }))
    }
}
