import Foundation
import TaskCore
import TaskStore

/// `create_page`: a page with an optional Markdown body in a space.
public struct CreatePage: Tool {
    public static let definition = ToolDefinition(
        name: "create_page", title: "Create a page",
        description: "Create a page with a Markdown body in a space (default Personal).",
        inputSchema: Schema.arguments([
            "title": Schema.string(nil, minLength: 1),
            "space": Schema.string(nil),
            "body": Schema.string(nil),
            "labels": Schema.strings(nil),
        ], required: ["title"]),
        scope: .writePages, idempotent: false, destructive: false)

    public var title: String
    public var space: String?
    /// Markdown, stored exactly as given.
    public var body: String
    public var labels: [String]

    public init(title: String, space: String? = nil, body: String = "", labels: [String] = []) {
        self.title = title
        self.space = space
        self.body = body
        self.labels = labels
    }

    public init(_ arguments: ToolArguments) throws {
        self.init(title: arguments.string("title") ?? "", space: arguments.string("space"),
                  body: arguments.text("body") ?? "", labels: arguments.strings("labels") ?? [])
    }

    public func preview(in toolkit: TaskToolkit) throws -> ToolPreview {
        .ready("Create page '\(title)'" + (space.map { " in \($0)" } ?? ""))
    }

    public func run(in toolkit: TaskToolkit) throws -> ToolOutcome<PageOutput> {
        .done(PageOutput(page: try Pages(toolkit.store).createPage(title: title, space: space, body: body, labels: labels), event: .created))
    }
}
