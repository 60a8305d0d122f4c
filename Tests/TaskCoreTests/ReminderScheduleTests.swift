import Foundation
import TaskCore
import Testing

/// The reminder rules as a table: which reminders a task is owed, and which are delivered when.
@Suite struct ReminderScheduleTests {
    static let zone = TimeZone(identifier: "Europe/London")!
    static func at(_ iso: String) -> Date { ISODate.parse(iso, in: zone)! }

    struct Row: Sendable, CustomStringConvertible {
        var name: String
        var due: String?
        var remind: ReminderSetting?
        var deferUntil: String?
        var status: TaskStatus = .open
        var lead: Int = 15
        /// "kind@HH:MM" (local) for each reminder, earliest first.
        var expected: [String]
        var description: String { name }
    }

    static let rows: [Row] = [
        Row(name: "due: an early warning 15 min before, and one at the due", due: "2026-12-04T15:00", expected: ["early@14:45", "due@15:00"]),
        Row(name: "config lead 30", due: "2026-12-04T15:00", lead: 30, expected: ["early@14:30", "due@15:00"]),
        Row(name: "config lead 0: due only", due: "2026-12-04T15:00", lead: 0, expected: ["due@15:00"]),
        Row(name: "own minutes win over the config", due: "2026-12-04T15:00", remind: .minutesBefore(60), expected: ["early@14:00", "due@15:00"]),
        Row(name: "own 0 minutes: due only", due: "2026-12-04T15:00", remind: .minutesBefore(0), expected: ["due@15:00"]),
        Row(name: "own instant replaces the early warning", due: "2026-12-04T15:00", remind: .at(at("2026-12-04T13:00")), expected: ["at@13:00", "due@15:00"]),
        Row(name: "own instant at the due: one reminder", due: "2026-12-04T15:00", remind: .at(at("2026-12-04T15:00")), expected: ["at@15:00"]),
        Row(name: "no due, an instant: that one", remind: .at(at("2026-12-04T09:00")), expected: ["at@09:00"]),
        Row(name: "no due, nothing", expected: []),
        Row(name: "done: nothing", due: "2026-12-04T15:00", status: .done, expected: []),
        Row(name: "deferred to the due's day: both stay", due: "2026-12-04T15:00", deferUntil: "2026-12-04", expected: ["early@14:45", "due@15:00"]),
        Row(name: "deferred past the due: none before the defer day", due: "2026-12-04T15:00", deferUntil: "2026-12-05", expected: []),
        Row(name: "deferred: the early warning just before midnight is dropped, the due kept", due: "2026-12-05T00:10", deferUntil: "2026-12-05",
            expected: ["due@00:10"]),
    ]

    @Test(arguments: rows) func remindersOfATask(row: Row) {
        let task = TaskItem(
            id: TaskID(1), title: "T", due: row.due.map(Self.at), status: row.status,
            deferUntil: row.deferUntil.flatMap { LocalDate(iso: $0) }, created: Self.at("2026-12-01T09:00"),
            updated: Self.at("2026-12-01T09:00"), remind: row.remind)
        let schedule = ReminderSchedule(leadMinutes: row.lead, timeZone: Self.zone)
        let got = schedule.reminders(for: task).map { r -> String in
            let local = LocalDateTime(r.fireAt, in: Self.zone)
            return "\(r.kind.rawValue)@" + String(format: "%02d:%02d", local.hour, local.minute)
        }
        #expect(got == row.expected, "\(row.name)")
    }

    @Test func dueNowDeliversTheLatestOfEachTaskWithinTheCatchUpWindow() {
        let schedule = ReminderSchedule(timeZone: Self.zone)
        let made = Self.at("2026-12-01T09:00")
        let a = TaskItem(id: TaskID(1), title: "A", due: Self.at("2026-12-04T15:00"), created: made, updated: made)
        let b = TaskItem(id: TaskID(2), title: "B", due: Self.at("2026-12-02T15:00"), created: made, updated: made)
        #expect(schedule.dueNow([a, b], now: Self.at("2026-12-04T14:50")).map(\.kind) == [.early], "B is two days old: past the catch-up window")
        #expect(schedule.dueNow([a], now: Self.at("2026-12-04T15:05")).map(\.kind) == [.due], "the early warning is not sent after the due")
        #expect(schedule.dueNow([a], now: Self.at("2026-12-04T14:44")).isEmpty)
        #expect(schedule.next([a, b], after: Self.at("2026-12-04T14:00")) == Self.at("2026-12-04T14:45"))
    }

    @Test func eachOccurrenceOfARecurringTaskHasItsOwnKeys() {
        let rule = RecurrenceRule(frequency: .weekly)
        let made = Self.at("2026-12-01T09:00")
        let first = TaskItem(id: TaskID(1), title: "Standup", due: Self.at("2026-12-04T09:15"), recurrence: rule, created: made, updated: made)
        var second = first
        second.id = TaskID(2)
        second.due = rule.nextOccurrence(after: first.due!, in: Self.zone, notBefore: Self.at("2026-12-04T10:00"), anchorDay: nil)
        let schedule = ReminderSchedule(timeZone: Self.zone)
        let keys = Set((schedule.reminders(for: first) + schedule.reminders(for: second)).map(\.key))
        #expect(keys.count == 4)
        #expect(schedule.reminders(for: second).map(\.fireAt) == [Self.at("2026-12-11T09:00"), Self.at("2026-12-11T09:15")])
    }

    @Test func settingSurvivesItsStorageText() {
        for setting in [ReminderSetting.minutesBefore(0), .minutesBefore(90), .at(Date(timeIntervalSince1970: 1_796_000_000))] {
            #expect(ReminderSetting(storageText: setting.storageText) == setting)
        }
        #expect(ReminderSetting(storageText: "soon") == nil)
    }
}
