import Foundation

/// Which reminders tasks are owed and when: pure rules, no clock or store of their own.
///
/// An open task with a due gets a reminder at the due and an early warning `leadMinutes` before it
/// (the task's `remind: minutesBefore` wins over the default; 0 means none). A task whose `remind`
/// is an instant gets a reminder then instead of the early warning (also without a due). A deferred
/// task is never reminded before its defer day starts, in `timeZone`: such reminders are dropped.
/// A recurring task is one row per occurrence, so each occurrence is reminded on its own (the keys
/// carry the due). Done tasks get none.
public struct ReminderSchedule: Sendable, Hashable {
    public static let defaultLeadMinutes = 15
    /// How far back a missed reminder is still delivered (a laptop that slept through it).
    public static let defaultCatchUp: TimeInterval = 24 * 3_600

    public var leadMinutes: Int
    public var timeZone: TimeZone
    public var catchUp: TimeInterval

    public init(leadMinutes: Int = ReminderSchedule.defaultLeadMinutes, timeZone: TimeZone, catchUp: TimeInterval = ReminderSchedule.defaultCatchUp) {
        self.leadMinutes = max(0, leadMinutes)
        self.timeZone = timeZone
        self.catchUp = catchUp
    }

    /// Every reminder `task` is owed, earliest first.
    public func reminders(for task: TaskItem) -> [Reminder] {
        guard task.status == .open else { return [] }
        var result: [Reminder] = []
        switch task.remind {
        case .at(let instant):
            result.append(Reminder(task: task.id, kind: .at, fireAt: instant, due: task.due))
        case .minutesBefore(let minutes):
            if let due = task.due, minutes > 0 {
                result.append(Reminder(task: task.id, kind: .early, fireAt: due.addingTimeInterval(-Double(minutes) * 60), due: due))
            }
        case nil:
            if let due = task.due, leadMinutes > 0 {
                result.append(Reminder(task: task.id, kind: .early, fireAt: due.addingTimeInterval(-Double(leadMinutes) * 60), due: due))
            }
        }
        if let due = task.due {
            // An `at` reminder at or after the due makes the due reminder say the same thing twice.
            if !result.contains(where: { $0.kind == .at && $0.fireAt == due }) {
                result.append(Reminder(task: task.id, kind: .due, fireAt: due, due: due))
            }
        }
        if let deferred = task.deferUntil {
            let start = deferred.instant(hour: 0, minute: 0, in: timeZone)
            result.removeAll { $0.fireAt < start }
        }
        return result.sorted { ($0.fireAt, $0.kind.rawValue) < ($1.fireAt, $1.kind.rawValue) }
    }

    /// The reminders to deliver at `now`: those whose time has come, not older than the catch-up
    /// window, and for each task only the latest of those (an early warning whose due has also
    /// passed is left out: the due reminder says more).
    public func dueNow(_ tasks: [TaskItem], now: Date) -> [Reminder] {
        var result: [Reminder] = []
        for task in tasks {
            let ready = reminders(for: task).filter { $0.fireAt <= now && $0.fireAt > now.addingTimeInterval(-catchUp) }
            if let last = ready.last { result.append(last) }
        }
        return result.sorted { ($0.fireAt, $0.task) < ($1.fireAt, $1.task) }
    }

    /// The earliest reminder time after `now`, for a watcher to sleep until.
    public func next(_ tasks: [TaskItem], after now: Date) -> Date? {
        tasks.lazy.flatMap { reminders(for: $0) }.map(\.fireAt).filter { $0 > now }.min()
    }
}
