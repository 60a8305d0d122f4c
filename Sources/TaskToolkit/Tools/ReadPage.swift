import Foundation
import TaskCore
import TaskStore

/// `read_page`: a page's metadata and Markdown body, a range of it at a time.
public struct ReadPage: Tool {
    public static let definition = ToolDefinition(
        name: "read_page", title: "Read a page",
        description: "A page's Markdown body (by id or title), up to length characters from offset; next_offset continues a long one.",
        inputSchema: Schema.arguments([
            "page": Schema.idOrTitle(),
            "offset": Schema.integer(nil, minimum: 0),
            "length": Schema.integer("Default 6000.", minimum: 1, maximum: 100_000),
        ], required: ["page"]),
        scope: .read, idempotent: true, destructive: false)

    /// Characters of body a read returns when `length` is not given: about 1,500 tokens of prose.
    public static let defaultLength = 6_000

    public var page: PageReference
    /// The body's range, in characters.
    public var offset: Int
    public var length: Int

    public init(page: PageReference, offset: Int = 0, length: Int = ReadPage.defaultLength) {
        self.page = page
        self.offset = offset
        self.length = length
    }

    public init(_ arguments: ToolArguments) throws {
        self.init(page: try arguments.pageReference("page"), offset: arguments.int("offset") ?? 0, length: arguments.int("length") ?? Self.defaultLength)
    }

    public func run(in toolkit: TaskToolkit) throws -> ToolOutcome<PageOutput> {
        try toolkit.withPage(page) { found in
            guard !found.isLocked else { return .refused(ToolRefusal(Pages(toolkit.store).lockedPageSentence)) }
            var shown = found
            let total = found.body.count
            let start = found.body.index(found.body.startIndex, offsetBy: min(offset, total))
            let end = found.body.index(start, offsetBy: min(length, total - min(offset, total)))
            shown.body = String(found.body[start..<end])
            let next = min(offset, total) + shown.body.count
            return .done(PageOutput(page: shown, event: .read, body: PageOutput.BodyRange(total: total, nextOffset: next < total ? next : nil)))
        }
    }
}
