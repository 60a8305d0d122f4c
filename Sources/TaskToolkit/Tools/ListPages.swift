import Foundation
import TaskCore
import TaskStore

/// `list_pages`: pages by space, label or title, a page of them at a time.
public struct ListPages: Tool {
    public static let definition = ToolDefinition(
        name: "list_pages", title: "List pages",
        description: "Pages by title, optionally by space, label or title text; next_cursor continues.",
        inputSchema: Schema.arguments([
            "space": Schema.string(nil), "label": Schema.string(nil), "title": Schema.string("Part of the title."),
            "limit": Schema.integer("Default 50.", minimum: 1, maximum: 1000), "cursor": Schema.string(nil, minLength: 1),
        ]),
        scope: .read, idempotent: true, destructive: false)

    public static let defaultLimit = 50

    public var space: String?
    public var label: String?
    public var titleContains: String?
    public var limit: Int
    /// Start after this page (a `next_cursor`).
    public var after: PageID?

    public init(space: String? = nil, label: String? = nil, titleContains: String? = nil, limit: Int = ListPages.defaultLimit, after: PageID? = nil) {
        self.space = space
        self.label = label
        self.titleContains = titleContains
        self.limit = limit
        self.after = after
    }

    public init(_ arguments: ToolArguments) throws {
        var after: PageID?
        if let cursor = arguments.string("cursor") {
            guard cursor.hasPrefix("g"), let id = Int64(cursor.dropFirst()) else {
                throw arguments.invalid("cursor '\(cursor)' is not one list_pages gave; pass a result's next_cursor as it is")
            }
            after = PageID(id)
        }
        self.init(space: arguments.string("space"), label: arguments.string("label"), titleContains: arguments.string("title"),
                  limit: arguments.int("limit") ?? Self.defaultLimit, after: after)
    }

    public struct Output: ToolOutput {
        public var pages: [Page]
        public var nextCursor: String?

        public static let schema = OutputSchema.object(
            OutputSchema.listing("pages", ResultFormat.pageSchema(withBody: false)).merging(
                ["has_more": OutputSchema.boolean, "next_cursor": OutputSchema.nullableString]) { a, _ in a })

        public func json(_ format: ResultFormat) -> [String: JSONValue] {
            ["count": .int(pages.count), "pages": .array(pages.map { format.page($0, withBody: false) }), "has_more": .bool(nextCursor != nil),
             "next_cursor": .string(nextCursor)]
        }
    }

    public func run(in toolkit: TaskToolkit) throws -> ToolOutcome<Output> {
        var pages = try Pages(toolkit.store).pages(space: space, label: label, titleContains: titleContains, after: after, limit: limit + 1)
        let more = pages.count > limit
        if more { pages.removeLast(pages.count - limit) }
        return .done(Output(pages: pages, nextCursor: more ? pages.last.map { "g\($0.id.rawValue)" } : nil))
    }
}
