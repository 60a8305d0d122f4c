import Foundation

/// Which tasks `TaskStore.tasks(_:)` returns.
public struct TaskQuery: Sendable, Hashable {
    public enum Filter: String, Sendable, Hashable, CaseIterable {
        /// Not done.
        case open
        /// Open and due before the end of today (overdue included).
        case today
        /// Open and due during tomorrow (after today ends, before tomorrow ends).
        case tomorrow
        /// Open and due before this week ends (Sunday; weeks start on Monday), overdue included.
        case week
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
    /// Only subtasks of this task: its children, or with `subtree` every task below it.
    public var parent: TaskID?
    /// With `parent`: every task below it at any depth, not only its children.
    public var subtree: Bool
    /// Only tasks in this workflow stage (by name, any case).
    public var stage: String?
    /// Only tasks completed at or after this instant (done ones, whatever `filter` says), newest
    /// completion first: the completion history (`list_tasks` `done`).
    public var completedFrom: Date?
    /// With `completedFrom`: only those completed before this instant.
    public var completedBefore: Date?
    /// With `week`: due before this instant instead of the end of this week's Sunday (the chat's
    /// "this week" on a weekend runs to the end of next week).
    public var dueBefore: Date?

    public init(filter: Filter = .open, list: String? = nil, project: String? = nil, context: String? = nil, limit: Int? = nil,
                parent: TaskID? = nil, subtree: Bool = false, stage: String? = nil) {
        self.filter = filter
        self.list = list
        self.project = project
        self.context = context
        self.limit = limit
        self.parent = parent
        self.subtree = subtree
        self.stage = stage
    }
}

/// The result of looking a record up by title: exact (case-insensitive) first, then a unique substring.
public enum TitleMatch<Item: Sendable>: Sendable {
    case none
    case unique(Item)
    /// Several candidates; callers list them and never guess.
    case ambiguous([Item])
}
