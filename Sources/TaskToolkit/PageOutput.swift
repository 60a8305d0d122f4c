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

    public init(page: Page, event: Event) {
        self.page = page
        self.event = event
    }

    /// A page with its body, or without it after a link.
    public static let schema = OutputSchema.object(
        ["page": ["anyOf": [ResultFormat.pageSchema(withBody: true), ResultFormat.pageSchema(withBody: false)]]])

    public func json(_ format: ResultFormat) -> [String: JSONValue] { ["page": format.page(page, withBody: event != .linked)] }
}
