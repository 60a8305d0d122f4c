import Foundation
import Testing
import TaskCalendar
import TaskCore
import TaskStore
@testable import TaskSync

/// `X-TASKER-COMPLETIONS` written and read back through libical: one line per zone, each entry its
/// completion and its occurrence's due (a time, a day, or none).
struct SeriesCompletionTests {
    let utc = TimeZone(identifier: "UTC")!

    @Test func completionsInSeveralZonesReadBackAsWritten() throws {
        let at = { (text: String) in TaskFields.instant(text) ?? .distantPast }
        let completions = [
            SeriesCompletion(at: at("2026-12-10T09:30:00Z"), zone: "Europe/Berlin", due: "2026-12-10T08:00:00Z"),
            SeriesCompletion(at: at("2026-12-11T09:15:00Z"), zone: "Europe/Berlin", due: "2026-12-11"),
            SeriesCompletion(at: at("2026-12-12T23:10:00Z"), zone: "America/New_York", due: nil),
        ]
        var fields = TaskFields(["title": "Stretch", "recurrence": RecurrenceRule(frequency: .daily).json])
        fields["completions"] = SeriesCompletion.field(completions)
        let lines = VTodoMapping.rewrite(Set(TaskFields.keys), from: fields).add.filter { $0.hasPrefix("X-TASKER-COMPLETIONS") }
        #expect(lines == [
            "X-TASKER-COMPLETIONS;X-TASKER-ZONE=America/New_York:20261212T231000Z",
            "X-TASKER-COMPLETIONS;X-TASKER-ZONE=Europe/Berlin:20261210T093000Z/20261210T080000Z 20261211T091500Z/20261211",
        ])
        let text = ICSText.patch(ICSText.skeleton(uid: "s-1"), remove: [], add: VTodoMapping.rewrite(Set(TaskFields.keys), from: fields).add + ["DTSTAMP:20261201T000000Z"])
        #expect(VTodoCheck.problems(text).isEmpty)
        let todo = try #require(try ICalendarReader.todos(text, source: "x").first)
        #expect(SeriesCompletion.all(in: VTodoMapping(timeZone: utc).fields(todo)) == completions.sorted())
    }

    @Test func theSameCompletionSeenAgainIsOne() {
        let a = SeriesCompletion(at: Date(timeIntervalSince1970: 1_800_000_000), zone: "UTC", due: "2027-01-15")
        let late = SeriesCompletion(at: Date(timeIntervalSince1970: 1_800_000_001), zone: "Europe/Paris", due: "2027-01-15")
        let other = SeriesCompletion(at: Date(timeIntervalSince1970: 1_800_000_001), zone: "UTC", due: "2027-01-16")
        #expect(SeriesCompletion.union([a], [late]) == [a], "within a second, the same due: one")
        #expect(SeriesCompletion.union([a], [other]).count == 2, "another occurrence: two")
        #expect(SeriesCompletion.union([late], [a]) == [a], "either side: the earlier one is kept, so every copy settles on it")
    }

    /// A completion made here a second after the same one made elsewhere: the done row here takes the
    /// one the merge keeps, so this device and the server read the same completion (seed 31337 of the
    /// random-operations test found the two copies a second apart for good).
    @Test func aDoneRowTakesTheCompletionBothSidesKeep() {
        let due = Date(timeIntervalSince1970: 1_800_000_000)
        var open = TaskRecord(uuid: "s-1", title: "Stretch", created: due, modified: due)
        (open.due, open.recurrence) = (due.addingTimeInterval(86_400), RecurrenceRule(frequency: .daily))
        var done = TaskRecord(uuid: "d-1", title: "Stretch", created: due, modified: due)
        (done.due, done.recurrence, done.status, done.series) = (due, RecurrenceRule(frequency: .daily), .done, "s-1")
        (done.completed, done.completedZone) = (due.addingTimeInterval(61), "UTC")
        let view = SeriesView([open, done], zone: utc)
        let elsewhere = SeriesCompletion(at: due.addingTimeInterval(60), zone: "UTC", due: TaskFields.time(due))
        var fields = view.fields("s-1", projects: [:]) ?? TaskFields()
        fields["completions"] = SeriesCompletion.field(SeriesCompletion.union(SeriesCompletion.all(in: fields), [elsewhere]))
        var known = view.completions["s-1"] ?? []
        var projects: [String: String] = [:], newProjects: [ProjectRecord] = []
        let (stored, rows) = view.rows(for: "s-1", fields, over: open, known: &known, projects: &projects, newProjects: &newProjects, now: due)
        #expect(SeriesCompletion.all(in: stored) == [elsewhere])
        #expect(rows.first { $0.uuid == "d-1" }?.completed == elsewhere.at, "the done row is rewritten, no second row: \(rows.map(\.uuid))")
        #expect(rows.count == 2)
    }

    /// STATUS:COMPLETED on a repeating VTODO completes the occurrence and advances; a DUE moved on to
    /// the next occurrence is a completion only when no completion came with it.
    @Test func aForeignCompletionIsReadAsOne() {
        let reading = SeriesReading(timeZone: utc, now: Date(timeIntervalSince1970: 1_800_000_000))
        let rule = RecurrenceRule(frequency: .daily).json
        let done = TaskFields(["title": "Stretch", "recurrence": rule, "due": "2027-01-15", "status": "done 2027-01-15T10:00:00Z"])
        let taken = reading.taken(done, base: nil, modified: .distantPast)
        #expect(taken["status"] == nil && taken["due"] == "2027-01-16")
        #expect(SeriesCompletion.all(in: taken).map(\.due) == ["2027-01-15"])
        #expect(reading.taken(taken, base: done, modified: .distantPast) == taken, "read twice: nothing more")

        let base = TaskFields(["title": "Stretch", "recurrence": rule, "due": "2027-01-15"])
        var moved = base
        moved["due"] = "2027-01-16"
        #expect(SeriesCompletion.all(in: reading.taken(moved, base: base, modified: .distantPast)).map(\.due) == ["2027-01-15"])
        moved["due"] = "2027-01-17T12:00:00Z"
        #expect(reading.taken(moved, base: base, modified: .distantPast)["completions"] == nil, "not an occurrence of the rule: a reschedule")
    }

    /// A foreign completion steps on as one here would: by the kind, with COUNT one less, and the last
    /// occurrence of a counted series stays done.
    @Test func aForeignCompletionFollowsTheKindAndTheEnd() throws {
        let reading = SeriesReading(timeZone: utc, now: Date(timeIntervalSince1970: 1_800_000_000))
        func done(_ rule: RecurrenceRule) -> TaskFields {
            TaskFields(["title": "Stretch", "recurrence": rule.json, "due": "2027-01-10T09:00:00Z", "status": "done 2027-01-15T10:00:00Z"])
        }
        let afterDone = reading.taken(done(RecurrenceRule(frequency: .daily, interval: 3, kind: .afterCompletion)), base: nil, modified: .distantPast)
        #expect(afterDone["due"] == "2027-01-18T09:00:00+00:00")
        let onSchedule = reading.taken(done(try #require(RecurrenceRule(rrule: "FREQ=DAILY;COUNT=3", kind: .onSchedule))), base: nil, modified: .distantPast)
        #expect(onSchedule["due"] == "2027-01-11T09:00:00+00:00" && onSchedule["status"] == nil)
        #expect(onSchedule["recurrence"].flatMap(RecurrenceRule.init(json:))?.count == 2)
        let last = reading.taken(done(try #require(RecurrenceRule(rrule: "FREQ=DAILY;COUNT=1"))), base: nil, modified: .distantPast)
        #expect(last["status"] != nil && last["due"] == "2027-01-10T09:00:00Z")
    }
}
