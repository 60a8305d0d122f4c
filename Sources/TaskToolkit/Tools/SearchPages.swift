import Foundation
import TaskCore
import TaskStore

/// `search_pages`: full-text search over page titles and bodies, best first, with snippets, a page at
/// a time (the ranking is made afresh at each call, so its cursor continues by position).
public struct SearchPages: Tool {
    public static let definition = ToolDefinition(
        name: "search_pages", title: "Search pages",
        description: "Full-text search of pages, ranked, with snippets.",
        inputSchema: Schema.arguments(
            ["query": Schema.string(nil, minLength: 1), "limit": ListPaging.limitArgument, "cursor": ListPaging.cursorArgument],
            required: ["query"]),
        scope: .read, idempotent: true, destructive: false)

    public var query: String
    /// `limit` hits after the position in `paging.after` (the last one shown).
    public var paging: ListPaging

    public init(query: String, limit: Int = 10) {
        self.query = query
        self.paging = ListPaging(limit: limit, tag: "r")
    }

    public init(_ arguments: ToolArguments) throws {
        self.query = arguments.string("query") ?? ""
        self.paging = try ListPaging(arguments, tag: "r", defaultLimit: 10, maximumLimit: 100)
    }

    public struct Output: ToolOutput {
        public var query: String
        public var hits: [PageSearchHit]
        /// Set when sealed pages could be matched by title only (no data key).
        public var notice: String? = nil
        /// Whether more pages match than `limit` shows, and where they start.
        public var hasMore = false
        public var nextCursor: String? = nil

        public static let schema = OutputSchema.object(
            ListPaging.outputMembers.merging(["query": OutputSchema.string, "count": OutputSchema.integer, "notice": OutputSchema.string,
             "results": OutputSchema.array(OutputSchema.object(
                ["id": OutputSchema.integer, "title": OutputSchema.string, "space": OutputSchema.string,
                 "snippet": OutputSchema.string, "rank": OutputSchema.number]))]) { a, _ in a },
            optional: ["notice"])

        public func json(_ format: ResultFormat) -> [String: JSONValue] {
            let results = hits.map { hit -> JSONValue in
                ["id": .int(Int(hit.page.id.rawValue)), "title": .string(hit.page.title), "space": .string(hit.page.space),
                 "snippet": .string(hit.snippet), "rank": .double(hit.rank)]
            }
            var object: [String: JSONValue] = [
                "query": .string(query), "count": .int(hits.count), "results": .array(results), "has_more": .bool(hasMore), "next_cursor": .string(nextCursor),
            ]
            if let notice { object["notice"] = .string(notice) }
            return object
        }
    }

    public func run(in toolkit: TaskToolkit) throws -> ToolOutcome<Output> {
        let offset = paging.after.map { Int(min(max($0.number, -1), 1_000_000)) + 1 } ?? 0
        var hits = try Pages(toolkit.store).searchPages(query, limit: paging.probe, offset: offset)
        let more = ListPaging.cut(&hits, to: paging.limit)
        let next = more ? paging.cursor(ListPaging.Key("", Int64(offset + hits.count - 1))) : nil
        return .done(Output(query: query, hits: hits, notice: try SealedSearch(toolkit.store).notice(), hasMore: more, nextCursor: next))
    }
}
