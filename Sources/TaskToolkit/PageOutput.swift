import Foundation
import TaskCore

/// A result holding one page: `{"page": {…}}`, with its body or (for links) without, and what
/// happened to it.
public struct PageOutput: ToolOutput {
    /// What the call did to the page.
    public enum Event: Sendable, Hashable {
        case created, appended, linked, read
    }

    public var page: Page
    public var event: Event
    /// For a read: the body's length in characters and where the rest starts (`page.body` holds a range).
    public var body: BodyRange?

    /// How much of a body a read returned.
    public struct BodyRange: Sendable, Hashable {
        public var total: Int
        /// Where the next range starts; nil when the body ends in this one.
        public var nextOffset: Int?
    }

    public init(page: Page, event: Event, body: BodyRange? = nil) {
        self.page = page
        self.event = event
        self.body = body
    }

    /// A page with its body, or without it after a link; a read says how long the body is and
    /// whether more of it follows.
    public static let schema = OutputSchema.object(
        [
            "page": ["anyOf": [ResultFormat.pageSchema(withBody: true), ResultFormat.pageSchema(withBody: false)]],
            "body_chars": OutputSchema.integer, "has_more": OutputSchema.boolean, "next_offset": OutputSchema.nullableInteger,
        ], optional: ["body_chars", "has_more", "next_offset"])

    public func json(_ format: ResultFormat) -> [String: JSONValue] {
        var members: [String: JSONValue] = ["page": format.page(page, withBody: event != .linked)]
        if let body {
            members["body_chars"] = .int(body.total)
            members["has_more"] = .bool(body.nextOffset != nil)
            members["next_offset"] = body.nextOffset.map { .int($0) } ?? .null
        }
        return members
    }
}
