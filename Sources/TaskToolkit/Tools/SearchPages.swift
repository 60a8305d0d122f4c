import Foundation
import TaskCore
import TaskStore

/// `search_pages`: full-text search over page titles and bodies, best first, with snippets.
public struct SearchPages: Tool {
    public static let definition = ToolDefinition(
        name: "search_pages", title: "Search pages",
        description: "Full-text search of pages, ranked, with snippets.",
        inputSchema: Schema.arguments(["query": Schema.string(nil, minLength: 1), "limit": Schema.integer("Default 10.", minimum: 1, maximum: 100)], required: ["query"]),
        scope: .read, idempotent: true, destructive: false)

    public var query: String
    public var limit: Int

    public init(query: String, limit: Int = 10) {
        self.query = query
        self.limit = limit
    }

    public init(_ arguments: ToolArguments) throws {
        self.init(query: arguments.string("query") ?? "", limit: arguments.int("limit") ?? 10)
    }

    public struct Output: ToolOutput {
        public var query: String
        public var hits: [PageSearchHit]
        /// Set when sealed pages could be matched by title only (no data key).
        public var notice: String? = nil
        /// Whether more pages match than `limit` shows.
        public var hasMore = false

        public static let schema = OutputSchema.object(
            ["query": OutputSchema.string, "count": OutputSchema.integer, "notice": OutputSchema.string, "has_more": OutputSchema.boolean,
             "results": OutputSchema.array(OutputSchema.object(
                ["id": OutputSchema.integer, "title": OutputSchema.string, "space": OutputSchema.string,
                 "snippet": OutputSchema.string, "rank": OutputSchema.number]))],
            optional: ["notice"])

        public func json(_ format: ResultFormat) -> [String: JSONValue] {
            let results = hits.map { hit -> JSONValue in
                ["id": .int(Int(hit.page.id.rawValue)), "title": .string(hit.page.title), "space": .string(hit.page.space),
                 "snippet": .string(hit.snippet), "rank": .double(hit.rank)]
            }
            var object: [String: JSONValue] = ["query": .string(query), "count": .int(hits.count), "results": .array(results), "has_more": .bool(hasMore)]
            if let notice { object["notice"] = .string(notice) }
            return object
        }
    }

    public func run(in toolkit: TaskToolkit) throws -> ToolOutcome<Output> {
        var hits = try Pages(toolkit.store).searchPages(query, limit: limit + 1)
        let more = hits.count > limit
        if more { hits.removeLast(hits.count - limit) }
        return .done(Output(query: query, hits: hits, notice: try SealedSearch(toolkit.store).notice(), hasMore: more))
    }
}
