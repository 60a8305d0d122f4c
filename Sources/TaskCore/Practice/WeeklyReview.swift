import Foundation

/// The sections of a weekly review for one period: what got done, what slipped, what waits, what is stuck.
public struct WeeklyReview: Sendable, Hashable {
    /// The period reviewed: from `from` up to (not including) `to`.
    public var from: Date
    public var to: Date
    /// Completed in the period, oldest completion first.
    public var done: [TaskItem]
    /// Due in the period (and already past), still open.
    public var slipped: [TaskItem]
    /// Open and due before now, not already listed as slipped.
    public var overdue: [TaskItem]
    /// Open and waiting on someone (the Waiting stage, or kind waiting).
    public var waiting: [TaskItem]
    /// Open and not changed for `staleDays` days.
    public var stale: [TaskItem]
    /// Projects with no open task that can be done now (not waiting, not deferred).
    public var projectsWithoutNextAction: [String]
    /// Open tasks in the default list with no due date and no project.
    public var inbox: [TaskItem]

    /// Days without a change after which an open task is stale.
    public static let staleDays = 30

    public init(
        from: Date, to: Date, done: [TaskItem] = [], slipped: [TaskItem] = [], overdue: [TaskItem] = [], waiting: [TaskItem] = [],
        stale: [TaskItem] = [], projectsWithoutNextAction: [String] = [], inbox: [TaskItem] = []
    ) {
        self.from = from
        self.to = to
        self.done = done
        self.slipped = slipped
        self.overdue = overdue
        self.waiting = waiting
        self.stale = stale
        self.projectsWithoutNextAction = projectsWithoutNextAction
        self.inbox = inbox
    }

    /// Done tasks grouped by project, projects by name and tasks without one last (`nil`).
    public var doneByProject: [(project: String?, tasks: [TaskItem])] {
        let groups = Dictionary(grouping: done) { $0.project }
        return groups.keys.sorted { a, b in
            switch (a, b) {
            case (nil, _): return false
            case (_, nil): return true
            case let (a?, b?): return a.lowercased() < b.lowercased()
            }
        }.map { ($0, groups[$0] ?? []) }
    }
}
