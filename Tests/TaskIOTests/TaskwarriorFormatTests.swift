import Foundation
import Testing
import TaskCore
import TaskStore
@testable import TaskIO

@Suite struct TaskwarriorFormatTests {
    let uuid = "0b0e5f6a-1c2d-4e3f-8a9b-0c1d2e3f4a5b"

    func read(_ text: String, into f: IOFixture) throws -> ImportReport {
        let reader = TaskwarriorReader(timeZone: utc, now: at("2026-03-10T10:00"), projects: try RecordSets(f.store).records().projects)
        let imported = try reader.read(text, source: "tw.json")
        return try RecordImporter(store: f.store, source: "tw.json", locations: imported.locations).apply(imported.records, mode: .merge)
    }

    /// Taskwarrior 2.6 drops due, tags and unknown fields when the same UUID comes again without
    /// them; Tasker's merge keeps them.
    @Test func reimportingTheSameUUIDNeverDropsAField() throws {
        let f = try IOFixture()
        _ = try read(#"[{"uuid":"\#(uuid)","description":"Pay rent","status":"pending","entry":"20260301T100000Z","modified":"20260301T100000Z","due":"20260331T090000Z","tags":["bills"],"project":"Home","myuda":"kept"}]"#, into: f)
        let report = try read(#"{"uuid":"\#(uuid)","description":"Pay the rent","status":"pending","entry":"20260301T100000Z","modified":"20260305T100000Z"}"#, into: f)
        #expect(report.updated == 1)
        let t = try require(try RecordSets(f.store).records().tasks.first)
        #expect(t.title == "Pay the rent" && t.due == at("2026-03-31T09:00") && t.contexts == ["bills"])
        #expect(t.extras["myuda"] == "kept" && t.project != nil && t.modified == at("2026-03-05T10:00"))
        #expect(try RecordSets(f.store).records().projects.map(\.name) == ["Home"])
    }

    @Test func badLinesNameTheLineAndField() throws {
        let f = try IOFixture()
        let text = #"{"uuid":"\#(uuid)","description":"ok","status":"pending"}"# + "\n" + #"{"uuid":"\#(uuid.replacingOccurrences(of: "0b", with: "1b"))","description":"x","due":"tomorrow"}"#
        #expect(throws: IOError.malformed(source: "tw.json", location: "line 2", field: "due", reason: "must be a Taskwarrior time like 20261202T090000Z")) {
            try read(text, into: f)
        }
        #expect(try RecordSets(f.store).records().tasks.isEmpty)
    }

    @Test(arguments: [("daily", RecurrenceRule(frequency: .daily)), ("2w", RecurrenceRule(frequency: .weekly, interval: 2)),
                      ("quarterly", RecurrenceRule(frequency: .monthly, interval: 3)), ("annual", RecurrenceRule(frequency: .yearly))])
    func recurValuesMap(recur: String, rule: RecurrenceRule) {
        #expect(TaskwarriorRecurrence.rule(recur) == rule)
        #expect(TaskwarriorRecurrence.rule(TaskwarriorRecurrence.value(rule)) == rule)
    }

    /// `recur` says what it can ("monthly"); the whole rule and its kind ride along as the UDAs
    /// `rrule` and `rrule_kind`, and come back from them.
    @Test(arguments: ["FREQ=MONTHLY;BYDAY=2FR,4FR", "FREQ=WEEKLY;COUNT=4;BYDAY=SU", "FREQ=DAILY;INTERVAL=3"])
    func aRuleRecurCannotSayTravelsAsUDAs(_ text: String) throws {
        let f = try IOFixture()
        var t = TaskRecord(uuid: uuid, title: "Payday", created: at("2026-03-01T10:00"), modified: at("2026-03-01T10:00"))
        t.due = at("2026-03-13T09:00")
        let rule = try #require(RecurrenceRule(rrule: text, kind: .afterCompletion))
        t.recurrence = rule
        let written = TaskwarriorWriter(timeZone: utc).write(RecordSet(tasks: [t]))
        #expect(written.contains(#""rrule_kind":"after_completion""#))
        #expect(written.contains(#""rrule":"\#(text)""#) == (text != "FREQ=DAILY;INTERVAL=3"))
        _ = try read(written, into: f)
        let back = try #require(try RecordSets(f.store).records().tasks.first)
        #expect(back.recurrence == t.recurrence)
        #expect(back.extras["rrule"] == nil)
    }

    @Test func datesRoundTrip() {
        let d = at("2026-03-31T09:05:07")
        #expect(TaskwarriorDate.format(d) == "20260331T090507Z")
        #expect(TaskwarriorDate.parse("20260331T090507Z") == d)
        #expect(TaskwarriorDate.parse("20260231T090507Z") == nil)
    }
}

