import Foundation
import TaskCore

/// The anchor day of monthly and yearly series (`tasks.recur_anchor_day`, schema v2), and the rule
/// that keeps a series to the month's end.
///
/// Since schema v17 the rule itself says it (`BYMONTHDAY=31,-1;BYSETPOS=1`, see
/// `RecurrenceRule.keepingMonthEnd`), so every client agrees; the anchor column is still written, as
/// the day of month the series was set up on, for older readers, and no longer read for stepping.
extension Tasks {
    /// `rule` as a series due on `due`'s day keeps it (`RecurrenceRule.keepingMonthEnd`): a monthly rule
    /// set on the 29th–31st lands on the month's last day when a month is shorter.
    func keepingMonthEnd(_ rule: RecurrenceRule?, due: Date?) -> RecurrenceRule? {
        guard let rule, let due else { return rule }
        return rule.keepingMonthEnd(from: LocalDate(due, in: store.timeZone))
    }

    /// The rule a task stores: kept to the month's end (`keepingMonthEnd`) when `monthEnd`, and with
    /// UNTIL in the form its due needs (`RecurrenceRule.untilMatching`: a day for a date-only due, else an instant).
    func seriesRule(_ task: TaskItem, monthEnd: Bool = true) -> RecurrenceRule? {
        let rule = monthEnd ? keepingMonthEnd(task.recurrence, due: task.due) : task.recurrence
        return rule?.untilMatching(dateOnly: task.due == nil || task.dueDay != nil, in: store.timeZone)
    }

    /// Whether `rule` lands on a day of month, and so needs an anchor.
    static func isAnchored(_ rule: RecurrenceRule?) -> Bool {
        rule?.frequency == .monthly || rule?.frequency == .yearly
    }

    /// The anchor to store for a task with `rule` and `due`: `keeping` when given, else the due's
    /// day of month in `timeZone`; nil when the rule is not monthly or yearly or there is no due.
    func anchorDay(for rule: RecurrenceRule?, due: Date?, keeping previous: Int? = nil) -> Int? {
        guard Tasks.isAnchored(rule), let due else { return nil }
        return previous ?? rule?.monthEndDay ?? LocalDate(due, in: store.timeZone).day
    }

    /// The stored anchor of a task (nil when none is stored).
    func storedAnchorDay(_ id: TaskID) throws -> Int? {
        try store.db.cached("SELECT recur_anchor_day FROM tasks WHERE id = ?").bind([.integer(id.rawValue)])
            .first { $0.optionalInt(0) } ?? nil
    }

    func setAnchorDay(_ day: Int?, for id: TaskID) throws {
        try store.db.cached("UPDATE tasks SET recur_anchor_day = ? WHERE id = ?").bind([DatabaseValue(day), .integer(id.rawValue)]).run()
    }

    /// The anchor after an update changed `before` into `after`: kept while the due stays on the
    /// same day (a new time, interval or monthly ↔ yearly), taken from the new due's day when the
    /// task moves to another day (the user chose that day) or becomes monthly or yearly.
    func anchorDay(updating id: TaskID, from before: TaskItem, to after: TaskItem) throws -> Int? {
        guard Tasks.isAnchored(after.recurrence), let due = after.due else { return nil }
        let sameDay = before.due.map { LocalDate($0, in: store.timeZone) } == LocalDate(due, in: store.timeZone)
        let kept = sameDay && Tasks.isAnchored(before.recurrence) ? try storedAnchorDay(id) : nil
        return anchorDay(for: after.recurrence, due: due, keeping: kept)
    }
}
