import Foundation
import TaskCore
import TaskStore

/// `append_to_page`: Markdown added to the end of a page.
public struct AppendToPage: Tool {
    public static let definition = ToolDefinition(
        name: "append_to_page", title: "Append to a page",
        description: "Append Markdown to a page (by id or title).",
        inputSchema: Schema.arguments(["page": Schema.idOrTitle(), "markdown": Schema.string(nil, minLength: 1)], required: ["page", "markdown"]),
        scope: .writePages, idempotent: false, destructive: false)

    public var page: PageReference
    /// Markdown, appended exactly as given.
    public var markdown: String

    public init(page: PageReference, markdown: String) {
        self.page = page
        self.markdown = markdown
    }

    public init(_ arguments: ToolArguments) throws {
        self.init(page: try arguments.pageReference("page"), markdown: arguments.text("markdown") ?? "")
    }

    public func preview(in toolkit: TaskToolkit) throws -> ToolPreview {
        switch try toolkit.findPage(page) {
        case .success(let found): return .ready("Add to page #\(found.id.rawValue) '\(found.title)': \(markdown)")
        case .failure(let refusal): return .refused(refusal)
        }
    }

    public func run(in toolkit: TaskToolkit) throws -> ToolOutcome<PageOutput> {
        try toolkit.withPage(page) { found in
            .done(PageOutput(page: try Pages(toolkit.store).appendToPage(found.id, markdown: markdown), event: .appended))
        }
    }
}
