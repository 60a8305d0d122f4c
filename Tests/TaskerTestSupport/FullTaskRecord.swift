import Foundation
import TaskCore
import TaskStore

/// A task record with every field set (dates in UTC): what the record door's and the row's tests
/// write and read back whole.
public enum FullTaskRecord {
    public static func make() -> TaskRecord {
        func at(_ text: String) -> Date { ISODate.parse(text, in: TimeZone(identifier: "UTC") ?? .current) ?? Date(timeIntervalSince1970: 0) }
        var t = TaskRecord(uuid: "0190a3b4-0000-7000-8000-000000000001", title: "Dentist", created: at("2026-03-01T10:00"), modified: at("2026-03-02T10:00"))
        t.notes = "bring the card"
        t.due = at("2026-12-10T09:30")
        t.priority = .high
        t.estimateMinutes = 30
        t.energy = .focused
        t.contexts = ["phone"]
        t.kind = TaskKind.allCases.first
        t.status = .done
        t.stage = "Next"
        t.list = "Home"
        t.project = "0190a3b4-0000-7000-8000-000000000002"
        t.parent = "0190a3b4-0000-7000-8000-000000000003"
        t.recurrence = RecurrenceRule(frequency: .monthly)
        t.anchorDay = 31
        t.deferUntil = LocalDate(year: 2026, month: 12, day: 1)
        t.completed = at("2026-03-03T10:00")
        t.completedZone = "Europe/London"
        t.dueZone = "America/New_York"
        t.checklist = ["pack", "print the tickets"]
        t.series = "0190a3b4-0000-7000-8000-000000000004"
        t.remind = .minutesBefore(30)
        t.place = "0190a3b4-0000-7000-8000-000000000005"
        t.placeTrigger = .leave
        return t
    }
}
