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
    /// "this week" on a weekend runs to the end of next week). With any other filter: only tasks due
    /// before it.
    public var dueBefore: Date?
    /// Only tasks due at or after this instant (with `dueBefore`, a window: the chat's "what's on
    /// saturday", "anything due this weekend").
    public var dueFrom: Date?

    /// Start after this task in the listing's order (keyset paging: a page is where the last one ended,
    /// so tasks added or completed between pages neither repeat nor go missing).
    public var after: Position?
    /// Only tasks changed after this point, in the order they changed, instead of the listing's order.
    public var changedAfter: Change?

    /// A place in a listing's order: due (Unix seconds; nil sorts after every due), then priority
    /// (highest first), then id.
    public struct Position: Sendable, Hashable {
        public var due: Int64?
        public var priorityRank: Int
        public var id: Int64

        public init(due: Int64?, priorityRank: Int, id: Int64) {
            self.due = due
            self.priorityRank = priorityRank
            self.id = id
        }

        /// Right after `task`.
        public init(after task: TaskItem) {
            self.init(due: task.due.map { Int64(($0.timeIntervalSince1970).rounded(.down)) }, priorityRank: task.priority.rank, id: task.id.rawValue)
        }
    }

    /// A place in the order tasks changed: `updated` (Unix seconds), then id.
    public struct Change: Sendable, Hashable {
        public var updated: Int64
        public var id: Int64

        public init(updated: Int64, id: Int64) {
            self.updated = updated
            self.id = id
        }

        /// Right after `task`'s last change.
        public init(after task: TaskItem) {
            self.init(updated: Int64(task.updated.timeIntervalSince1970.rounded(.down)), id: task.id.rawValue)
        }
    }

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
