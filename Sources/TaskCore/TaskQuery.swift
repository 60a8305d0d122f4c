/// Which tasks `TaskStore.tasks(_:)` returns.
public struct TaskQuery: Sendable, Hashable {
    public enum Filter: String, Sendable, Hashable, CaseIterable {
        /// Not done.
        case open
        /// Open and due before the end of today (overdue included).
        case today
        /// Open and due before now.
        case overdue
        /// Open, not deferred past now, not waiting.
        case available
        /// Open and waiting on someone.
        case waiting
        /// Everything, done included.
        case all
    }

    public var filter: Filter
    public var list: String?
    public var project: String?
    /// A context without its sigil, lower-case.
    public var context: String?
    public var limit: Int?

    public init(filter: Filter = .open, list: String? = nil, project: String? = nil, context: String? = nil, limit: Int? = nil) {
        self.filter = filter
        self.list = list
        self.project = project
        self.context = context
        self.limit = limit
    }
}

/// The result of looking a record up by title: exact (case-insensitive) first, then a unique substring.
public enum TitleMatch<Item: Sendable>: Sendable {
    case none
    case unique(Item)
    /// Several candidates; callers list them and never guess.
    case ambiguous([Item])
}
