import Foundation
import TaskCore
import TaskStore

/// `list_pages`: pages by space, label or title.
public struct ListPages: Tool {
    public static let definition = ToolDefinition(
        name: "list_pages", title: "List pages",
        description: "Pages, optionally by space, label or title text.",
        inputSchema: Schema.arguments(["space": Schema.string(nil), "label": Schema.string(nil), "title": Schema.string("Part of the title.")]),
        scope: .read, idempotent: true, destructive: false)

    public var space: String?
    public var label: String?
    public var titleContains: String?

    public init(space: String? = nil, label: String? = nil, titleContains: String? = nil) {
        self.space = space
        self.label = label
        self.titleContains = titleContains
    }

    public init(_ arguments: ToolArguments) throws {
        self.init(space: arguments.string("space"), label: arguments.string("label"), titleContains: arguments.string("title"))
    }

    public struct Output: ToolOutput {
        public var pages: [Page]

        public static let schema = OutputSchema.object(OutputSchema.listing("pages", ResultFormat.pageSchema(withBody: false)))

        public func json(_ format: ResultFormat) -> [String: JSONValue] {
            ["count": .int(pages.count), "pages": .array(pages.map { format.page($0, withBody: false) })]
        }
    }

    public func run(in toolkit: TaskToolkit) throws -> ToolOutcome<Output> {
        .done(Output(pages: try Pages(toolkit.store).pages(space: space, label: label, titleContains: titleContains)))
    }
}
