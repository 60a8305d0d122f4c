import Foundation
import TaskCore
import TaskStore

/// `list_pages`: pages by space, label or title, a page of them at a time; or the pages changed since
/// a point (`changes_since`), in the order they changed.
public struct ListPages: Tool {
    public static let definition = ToolDefinition(
        name: "list_pages", title: "List pages",
        description: "Pages by title, optionally by space, label or title text; changes_since as in list_tasks.",
        inputSchema: Schema.arguments(ListPaging.arguments.merging([
            "space": Schema.string(nil), "label": Schema.string(nil), "title": Schema.string("Part of the title."),
            "changes_since": Schema.string(nil),
        ]) { a, _ in a }),
        scope: .read, idempotent: true, destructive: false)

    /// Pages on a page when `limit` is not given (ListingPagingTests measures it against 2,000 tokens).
    public static let defaultLimit = 30

    public var space: String?
    public var label: String?
    public var titleContains: String?
    public var limit: Int
    /// Start after this page (a `next_cursor`).
    public var after: PageID?
    /// Pages changed after this point instead (a `changes_since` cursor, or an instant read when it runs).
    var changedAfter: TaskQuery.Change?
    var changesSince: String?

    public init(space: String? = nil, label: String? = nil, titleContains: String? = nil, limit: Int = ListPages.defaultLimit, after: PageID? = nil) {
        self.space = space
        self.label = label
        self.titleContains = titleContains
        self.limit = limit
        self.after = after
    }

    public init(_ arguments: ToolArguments) throws {
        let since = arguments.string("changes_since")
        var changedAfter = since.flatMap(ListCursor.change)
        var after: PageID?
        if let cursor = arguments.text("cursor") {
            if let change = ListCursor.change(cursor) {
                changedAfter = change
            } else if let key = ListPaging.key(cursor, tag: "g") {
                after = PageID(key.number)
            } else {
                throw ListPaging.foreign(cursor, arguments)
            }
        }
        if (changedAfter != nil || since != nil) && (arguments.has("space") || arguments.has("label") || arguments.has("title")) {
            throw arguments.invalid("changes_since lists every page changed; leave out space, label and title (or changes_since)")
        }
        self.init(space: arguments.string("space"), label: arguments.string("label"), titleContains: arguments.string("title"),
                  limit: try ListPaging.limit(arguments, default: Self.defaultLimit), after: after)
        self.changedAfter = changedAfter
        if changedAfter == nil { changesSince = since }
    }

    public struct Output: ToolOutput {
        public var pages: [Page]
        public var nextCursor: String?
        /// Where to ask `changes_since` from to learn what changes after this result.
        public var changesCursor = ""

        public static let schema = ListPaging.listing("pages", ResultFormat.pageSchema(withBody: false), with: ["changes_cursor": OutputSchema.string])

        public func json(_ format: ResultFormat) -> [String: JSONValue] {
            ListPage(items: pages, hasMore: nextCursor != nil, nextCursor: nextCursor).members.merging(
                ["count": .int(pages.count), "pages": .array(pages.map { format.page($0, withBody: false) }), "changes_cursor": .string(changesCursor)]) { a, _ in a }
        }
    }

    public func run(in toolkit: TaskToolkit) throws -> ToolOutcome<Output> {
        let now = ListCursor.text(ListCursor.change(from: toolkit.now))
        var changedAfter = changedAfter
        if let since = changesSince {
            guard let date = ISODate.parse(since, in: toolkit.timeZone) else {
                throw ToolkitError.invalidArguments(tool: Self.definition.name, message: "changes_since '\(since)' is neither an ISO 8601 instant nor a changes_cursor")
            }
            changedAfter = ListCursor.change(from: date)
        }
        if let changedAfter {
            // Only an agent undo deletes a page (one the agent made), and that is not listed: what
            // changed is the pages made or edited (or put back by an undo), in that order.
            let changes = try Pages(toolkit.store).changes(after: changedAfter, limit: limit + 1)
            let feed = ChangeFeed(changed: changes, at: { $0.change }, deletions: [], limit: limit)
            return .done(Output(pages: feed.items.map(\.page), nextCursor: feed.next.map(ListCursor.text), changesCursor: now))
        }
        var pages = try Pages(toolkit.store).pages(space: space, label: label, titleContains: titleContains, after: after, limit: limit + 1)
        let more = ListPaging.cut(&pages, to: limit)
        return .done(Output(pages: pages, nextCursor: more ? pages.last.map { ListPaging(limit: limit, tag: "g").cursor(ListPaging.Key("", $0.id.rawValue)) } : nil, changesCursor: now))
    }
}
