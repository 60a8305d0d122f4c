import Foundation
import TaskCore
import TaskStore

/// `read_page`: a page's metadata and Markdown body.
public struct ReadPage: Tool {
    public static let definition = ToolDefinition(
        name: "read_page", title: "Read a page",
        description: "A page's Markdown body, by id or title.",
        inputSchema: Schema.arguments(["page": Schema.idOrTitle()], required: ["page"]),
        scope: .read, idempotent: true, destructive: false)

    public var page: PageReference

    public init(page: PageReference) { self.page = page }

    public init(_ arguments: ToolArguments) throws { self.init(page: try arguments.pageReference("page")) }

    public func run(in toolkit: TaskToolkit) throws -> ToolOutcome<PageOutput> {
        try toolkit.withPage(page) { found in
            guard !found.isLocked else { return .refused(ToolRefusal(Pages(toolkit.store).lockedPageSentence)) }
            return .done(PageOutput(page: found, event: .read))
        }
    }
}
