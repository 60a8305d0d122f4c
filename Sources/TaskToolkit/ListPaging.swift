import TaskCore

/// How a listing comes a page at a time, the same for every listing tool: `limit` and `cursor` in,
/// `has_more` and `next_cursor` out, each page continuing after the key of the last item shown
/// (keyset paging: an item added or removed meanwhile does not shift the rest).
///
/// A short listing (projects, places, templates, attachments, streaks) is read whole and cut here
/// by `page(_:key:)`, in the order of its `Key`; a long one (tasks, pages) asks its store for one more
/// than `limit` after its own position and is cut with `cut(_:to:)`. Every door gets the same first
/// page unless it asks otherwise; a caller that needs every item (the chat's project names) asks `all`.
public struct ListPaging: Sendable, Hashable {
    /// An item's place in a short listing's order: its text key (a name folded for case), then a number
    /// (its id) to tell equal texts apart.
    public struct Key: Sendable, Comparable, Hashable {
        public var text: String
        public var number: Int64

        public init(_ text: String, _ number: Int64) {
            self.text = text
            self.number = number
        }

        /// A name's key: compared without case, the id deciding between names that fold alike.
        public static func name(_ name: String, id: Int64) -> Key { Key(name.lowercased(), id) }

        public static func < (a: Key, b: Key) -> Bool { (a.text, a.number) < (b.text, b.number) }
    }

    /// Items on one page.
    public var limit: Int
    /// Start after this key (a `next_cursor`); nil for the first page.
    public var after: Key?
    /// The letter this listing's cursors start with, so one listing's cursor is not taken by another.
    public var tag: Character

    /// Every item on one page: what a Swift caller gets unless it asks for less.
    public static func all(_ tag: Character) -> ListPaging { ListPaging(limit: .max, tag: tag) }

    public init(limit: Int, after: Key? = nil, tag: Character) {
        self.limit = limit
        self.after = after
        self.tag = tag
    }

    /// Reads `limit` (else `defaultLimit`; at most `maximumLimit`) and `cursor`, which must be one this
    /// listing (`tag`) gave.
    /// - Throws: `invalidArguments` for a limit past the maximum or a cursor it did not give.
    public init(_ arguments: ToolArguments, tag: Character, defaultLimit: Int, maximumLimit: Int = ListPaging.maximumLimit) throws {
        self.init(limit: try Self.limit(arguments, default: defaultLimit, maximum: maximumLimit), tag: tag)
        guard let cursor = arguments.text("cursor") else { return }
        guard let key = Self.key(cursor, tag: tag) else { throw Self.foreign(cursor, arguments) }
        after = key
    }

    /// The refusal of a cursor the tool did not give.
    public static func foreign(_ cursor: String, _ arguments: ToolArguments) -> ToolkitError {
        arguments.invalid("cursor '\(cursor)' is not one \(arguments.tool) gave; pass a result's next_cursor as it is")
    }

    /// The most items one page holds.
    public static let maximumLimit = 1000

    /// `limit`, else `defaultLimit`. The schema says only that it is an integer, to keep the catalogue
    /// small; its range is checked here.
    /// - Throws: `invalidArguments` below 1 or past `maximum`.
    static func limit(_ arguments: ToolArguments, default defaultLimit: Int, maximum: Int = maximumLimit) throws -> Int {
        guard let limit = arguments.int("limit") else { return defaultLimit }
        guard (1...maximum).contains(limit) else { throw arguments.invalid("limit must be 1 to \(maximum); page on with next_cursor for more") }
        return limit
    }

    /// The arguments every listing takes: `limit` and `cursor`.
    static let arguments: [String: JSONValue] = ["limit": limitArgument, "cursor": cursorArgument]
    static let limitArgument = Schema.integer(nil)
    static let cursorArgument = Schema.string(nil)

    /// The schema of `has_more` and `next_cursor`, for a listing's output schema.
    public static let outputMembers: [String: JSONValue] = ["has_more": OutputSchema.boolean, "next_cursor": OutputSchema.nullableString]

    /// `listing(key, item)` with `has_more`, `next_cursor` and `extra`: a paged listing's output schema.
    public static func listing(_ key: String, _ item: JSONValue, with extra: [String: JSONValue] = [:]) -> JSONValue {
        OutputSchema.object(OutputSchema.listing(key, item).merging(outputMembers) { a, _ in a }.merging(extra) { a, _ in a })
    }

    /// `<tag><number>` then `.<text>` when the key has text: opaque to a client, which passes it back
    /// as it is.
    public func cursor(_ key: Key) -> String { "\(tag)\(key.number)" + (key.text.isEmpty ? "" : ".\(key.text)") }

    static func key(_ cursor: String, tag: Character) -> Key? {
        guard cursor.first == tag else { return nil }
        let rest = cursor.dropFirst()
        let dot = rest.firstIndex(of: ".") ?? rest.endIndex
        guard let number = Int64(rest[..<dot]) else { return nil }
        return Key(dot == rest.endIndex ? "" : String(rest[rest.index(after: dot)...]), number)
    }

    /// The page of `items` after the cursor, in the order of `key`.
    public func page<Item>(_ items: [Item], key: (Item) -> Key) -> ListPage<Item> {
        var keyed = items.map { (key: key($0), item: $0) }.sorted { $0.key < $1.key }
        if let after { keyed.removeAll { $0.key <= after } }
        let more = Self.cut(&keyed, to: limit)
        return ListPage(items: keyed.map(\.item), hasMore: more, nextCursor: more ? keyed.last.map { cursor($0.key) } : nil)
    }

    /// Cuts `items`, read with one more than `limit` asked for, to `limit`: true when more follow.
    public static func cut<Item>(_ items: inout [Item], to limit: Int) -> Bool {
        guard items.count > limit else { return false }
        items.removeLast(items.count - limit)
        return true
    }

    /// One more than `limit`, for a store that reads whether more follow (never past `Int.max`).
    public var probe: Int { limit == .max ? limit : limit + 1 }
}

/// One page of a listing: its items, whether more follow and where they start.
public struct ListPage<Item> {
    public var items: [Item]
    public var hasMore: Bool
    public var nextCursor: String?

    public init(items: [Item], hasMore: Bool = false, nextCursor: String? = nil) {
        self.items = items
        self.hasMore = hasMore
        self.nextCursor = nextCursor
    }
}

extension ListPage: Sendable where Item: Sendable {}

extension ListPage {
    /// `has_more` and `next_cursor`, as every listing writes them.
    public var members: [String: JSONValue] { ["has_more": .bool(hasMore), "next_cursor": .string(nextCursor)] }
}
