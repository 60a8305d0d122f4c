import Foundation

/// Orders candidate tasks for a day and fits them into a minute budget. Pure: no store, no clock.
///
/// Order, most urgent first:
/// 1. urgency: overdue (due before now, or before the plan day when planning a later day), then due
///    on the plan day, then the rest;
/// 2. priority, critical first;
/// 3. energy: within the same urgency and priority, a task whose energy matches the request comes
///    before one that does not (a task with no energy never matches);
/// 4. due date, earliest first, tasks without one last; then id.
///
/// Then greedily: each task in that order goes in if it fits the minutes left, otherwise it is a
/// leftover ("does not fit: 45 min left of budget") and later, smaller tasks are still tried. A task
/// without an estimate counts `defaultEstimateMinutes` and is marked `estimated`. Items get
/// consecutive start and end times from `start`.
///
/// With `request.blocking` the items are laid into the day's free windows instead (`FreeTime`,
/// `TimeBlocker`): working hours minus busy events, from now on, a break after each block, never across
/// an event. A task that fits the budget but no free window is a leftover ("no free window of 90 min
/// today"); tasks are never split (there is no splittable flag). Items are then in time order.
public struct DayPlanner: Sendable {
    public var request: PlanRequest
    /// "Now", for overdue.
    public var now: Date
    public var timeZone: TimeZone

    public init(request: PlanRequest, now: Date, timeZone: TimeZone) {
        self.request = request
        self.now = now
        self.timeZone = timeZone
    }

    /// The day planned: the request's date, or today in `timeZone`.
    public var day: LocalDate { request.date ?? LocalDate(now, in: timeZone) }

    /// Where the first item starts: the request's start; else now rounded up to 5 minutes when
    /// planning today (or an earlier day), 9:00 on the plan day when planning a later day.
    public var start: Date {
        if let start = request.start { return start }
        let today = LocalDate(now, in: timeZone)
        if day > today { return day.dateOnlyDue(in: timeZone) }
        let seconds = now.timeIntervalSince1970
        return Date(timeIntervalSince1970: (seconds / 300).rounded(.up) * 300)
    }

    /// Whether a task may be planned for the day at all: open, not waiting, not in Someday, not
    /// deferred past it.
    public func isCandidate(_ task: TaskItem) -> Bool {
        task.status == .open && !task.isWaiting && !task.isSomeday && (task.deferUntil.map { $0 <= day } ?? true)
    }

    /// What the planner needs of a task to place it: small enough to read 10,000 of in a few milliseconds.
    public struct Candidate: Sendable, Hashable {
        public var id: TaskID
        public var due: Date?
        public var priority: Priority
        public var energy: Energy?
        public var estimateMinutes: Int?

        public init(id: TaskID, due: Date?, priority: Priority, energy: Energy?, estimateMinutes: Int?) {
            self.id = id
            self.due = due
            self.priority = priority
            self.energy = energy
            self.estimateMinutes = estimateMinutes
        }

        public init(_ task: TaskItem) {
            self.init(id: task.id, due: task.due, priority: task.priority, energy: task.energy, estimateMinutes: task.estimateMinutes)
        }
    }

    /// A plan over candidates: positions in the candidate array, with times and reasons.
    public struct Schedule: Sendable, Hashable {
        public struct Slot: Sendable, Hashable {
            public var index: Int
            public var start: Date
            public var end: Date
            public var minutes: Int
            public var estimated: Bool
            public var reason: String
        }

        public var slots: [Slot]
        /// Candidates that did not fit, in plan order, each with why.
        public var leftovers: [(index: Int, reason: String)]
        public var totalMinutes: Int
        /// With time blocking: the day's busy events in time order, and the free windows before placing.
        public var busy: [BusyEvent] = []
        public var windows: [TimeWindow]?

        public static func == (a: Schedule, b: Schedule) -> Bool {
            a.slots == b.slots && a.totalMinutes == b.totalMinutes && a.busy == b.busy && a.windows == b.windows
                && a.leftovers.map(\.index) == b.leftovers.map(\.index) && a.leftovers.map(\.reason) == b.leftovers.map(\.reason)
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(slots)
            hasher.combine(totalMinutes)
        }
    }

    /// The plan over `tasks` (non-candidates are ignored), listing every leftover.
    public func plan(_ tasks: [TaskItem]) -> DayPlan {
        let candidates = tasks.filter(isCandidate)
        let schedule = schedule(candidates.map(Candidate.init))
        return DayPlan(
            items: schedule.slots.map { slot in
                .init(task: candidates[slot.index], start: slot.start, end: slot.end, minutes: slot.minutes,
                      estimated: slot.estimated, reason: slot.reason)
            },
            totalMinutes: schedule.totalMinutes, budgetMinutes: request.budgetMinutes,
            leftovers: schedule.leftovers.map { .init(task: candidates[$0.index], reason: $0.reason) },
            busy: schedule.busy, freeWindows: schedule.windows)
    }

    /// The day's busy events (those overlapping it), in time order.
    func busyEvents(_ events: [BusyEvent], from dayStart: Date, to dayEnd: Date) -> [BusyEvent] {
        events.filter { $0.end > dayStart && $0.start < dayEnd }
            .sorted { $0.start != $1.start ? $0.start < $1.start : $0.end < $1.end }
    }

    /// Orders `candidates` (all assumed plannable: open, not waiting, not deferred past the day) and
    /// fits them into the budget.
    public func schedule(_ candidates: [Candidate]) -> Schedule {
        let today = LocalDate(now, in: timeZone)
        let day = request.date ?? today
        let dayStart = day.startOfDay(in: timeZone)
        let dayEnd = day.adding(days: 1).startOfDay(in: timeZone)
        let overdueBefore = max(min(now, dayEnd), dayStart)
        // Sort small keys, not the tasks themselves.
        struct Key {
            var urgency: Int8
            var priority: Int8
            var mismatch: Int8
            var due: Double
            var id: Int64
            var index: Int
        }
        var keys: [Key] = []
        keys.reserveCapacity(candidates.count)
        for (index, task) in candidates.enumerated() {
            var urgency: Int8 = 2
            var due = Double.infinity
            if let d = task.due {
                due = d.timeIntervalSince1970
                if d < overdueBefore { urgency = 0 } else if d < dayEnd { urgency = 1 }
            }
            let matches = request.energy != nil && task.energy == request.energy
            keys.append(Key(urgency: urgency, priority: Int8(3 - task.priority.rank), mismatch: matches ? 0 : 1,
                            due: due, id: task.id.rawValue, index: index))
        }
        keys.sort { a, b in
            if a.urgency != b.urgency { return a.urgency < b.urgency }
            if a.priority != b.priority { return a.priority < b.priority }
            if a.mismatch != b.mismatch { return a.mismatch < b.mismatch }
            if a.due != b.due { return a.due < b.due }
            return a.id < b.id
        }
        let budget = max(0, request.budgetMinutes)
        var left = budget
        var cursor = start
        var blocker: TimeBlocker?
        var busy: [BusyEvent] = []
        var windows: [TimeWindow]?
        if let blocking = request.blocking {
            busy = busyEvents(blocking.busy, from: dayStart, to: dayEnd)
            var free = FreeTime(day: day, timeZone: timeZone, workingHours: blocking.workingHours, workingDays: blocking.workingDays)
            // From now (or the given start); a later working day from its working hours, a later day off from 9:00.
            free.notBefore = request.start ?? (day > today && free.isWorkingDay ? nil : start)
            windows = free.windows(around: busy)
            blocker = TimeBlocker(windows: windows ?? [], breakMinutes: blocking.breakMinutes)
        }
        let dayText = day == today ? "today" : "on \(day.shortText)"
        var slots: [Schedule.Slot] = []
        var leftovers: [(index: Int, reason: String)] = []
        leftovers.reserveCapacity(keys.count)
        struct ReasonKey: Hashable { var minutes: Int; var estimated: Bool; var left: Int }
        var reasons: [ReasonKey: String] = [:]
        for key in keys {
            let task = candidates[key.index]
            let estimated = task.estimateMinutes == nil
            let minutes = max(0, task.estimateMinutes ?? request.defaultEstimateMinutes)
            guard minutes <= left else {
                let reasonKey = ReasonKey(minutes: minutes, estimated: estimated, left: left)
                let reason = reasons[reasonKey] ?? {
                    let need = estimated ? "\(minutes) min (default estimate)" : "\(minutes) min"
                    let text = "does not fit: needs \(need), \(left) min left of budget"
                    reasons[reasonKey] = text
                    return text
                }()
                leftovers.append((key.index, reason))
                continue
            }
            var blockStart = cursor
            if blocker != nil {
                guard let block = blocker?.place(minutes: minutes) else {
                    let never = minutes > (blocker?.longestWindowMinutes ?? 0)
                    let reasonKey = ReasonKey(minutes: minutes, estimated: never, left: -1)
                    let reason = reasons[reasonKey] ?? {
                        let text = never ? "no free window of \(minutes) min \(dayText)" : "no free window of \(minutes) min left \(dayText)"
                        reasons[reasonKey] = text
                        return text
                    }()
                    leftovers.append((key.index, reason))
                    continue
                }
                blockStart = block.start
            }
            let end = blockStart.addingTimeInterval(TimeInterval(minutes * 60))
            slots.append(.init(index: key.index, start: blockStart, end: end, minutes: minutes, estimated: estimated,
                               reason: reason(task.priority, urgency: Int(key.urgency), matches: key.mismatch == 0, day: day, today: today)))
            cursor = end
            left -= minutes
        }
        if blocker != nil { slots.sort { $0.start < $1.start } }
        return Schedule(slots: slots, leftovers: leftovers, totalMinutes: budget - left, busy: busy, windows: windows)
    }

    func reason(_ priority: Priority, urgency: Int, matches: Bool, day: LocalDate, today: LocalDate) -> String {
        var parts: [String] = []
        switch urgency {
        case 0: parts.append("overdue")
        case 1: parts.append(day == today ? "due today" : "due \(day.shortText)")
        default: break
        }
        if priority >= .high { parts.append("\(priority.rawValue) priority") }
        if matches, let energy = request.energy { parts.append("matches \(energy.rawValue)") }
        if parts.isEmpty { parts.append("\(priority.rawValue) priority") }
        return parts.joined(separator: ", ")
    }
}
