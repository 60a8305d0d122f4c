import Foundation

/// What the day planner is asked for.
public struct PlanRequest: Sendable, Hashable {
    public var budgetMinutes: Int
    public var energy: Energy?
    /// The day to plan; today when nil.
    public var date: LocalDate?
    /// When the first item starts; now rounded up to 5 minutes when nil.
    public var start: Date?
    /// Minutes counted for a task with no estimate.
    public var defaultEstimateMinutes: Int
    /// How many of the tasks that did not fit the plan names (the rest are only counted).
    public var leftoversListed = 20
    /// Lay the plan into the day's free windows (working hours minus busy time, with breaks); nil lays
    /// items end to end from `start`, as if the day were empty.
    public var blocking: TimeBlocking?

    public init(budgetMinutes: Int, energy: Energy? = nil, date: LocalDate? = nil, start: Date? = nil, defaultEstimateMinutes: Int = 30) {
        self.budgetMinutes = budgetMinutes
        self.energy = energy
        self.date = date
        self.start = start
        self.defaultEstimateMinutes = defaultEstimateMinutes
    }
}

/// An ordered plan for a day within a minute budget.
public struct DayPlan: Sendable, Hashable {
    public struct Item: Sendable, Hashable {
        public var task: TaskItem
        public var start: Date
        public var end: Date
        public var minutes: Int
        /// True when the task had no estimate and the default was counted.
        public var estimated: Bool
        /// Why it is in the plan where it is ("overdue", "due today", "high priority", "matches focused").
        public var reason: String

        public init(task: TaskItem, start: Date, end: Date, minutes: Int, estimated: Bool, reason: String) {
            self.task = task
            self.start = start
            self.end = end
            self.minutes = minutes
            self.estimated = estimated
            self.reason = reason
        }
    }

    /// A candidate that did not fit, and why.
    public struct Leftover: Sendable, Hashable {
        public var task: TaskItem
        public var reason: String

        public init(task: TaskItem, reason: String) {
            self.task = task
            self.reason = reason
        }
    }

    public var items: [Item]
    public var totalMinutes: Int
    public var budgetMinutes: Int
    /// What did not fit, in plan order; `TaskStore.planDay` lists at most `PlanRequest.leftoversListed`.
    public var leftovers: [Leftover]
    /// How many candidates did not fit in all (may exceed `leftovers.count`).
    public var leftoverCount: Int
    /// The day's busy events, in time order (empty when the plan was not laid around a calendar).
    public var busy: [BusyEvent] = []
    /// The free windows the plan was laid into; nil when it was laid end to end.
    public var freeWindows: [TimeWindow]?
    /// Things the person should know about how the plan was made ("calendar Family could not be read: …").
    public var notices: [String] = []

    public init(items: [Item], totalMinutes: Int, budgetMinutes: Int, leftovers: [Leftover], leftoverCount: Int? = nil,
                busy: [BusyEvent] = [], freeWindows: [TimeWindow]? = nil, notices: [String] = []) {
        self.items = items
        self.totalMinutes = totalMinutes
        self.budgetMinutes = budgetMinutes
        self.leftovers = leftovers
        self.leftoverCount = leftoverCount ?? leftovers.count
        self.busy = busy
        self.freeWindows = freeWindows
        self.notices = notices
    }
}
