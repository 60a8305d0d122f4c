import Foundation
import Testing
import TaskCore
import TaskStore
@testable import TaskIO

/// The `.unkt` record of a task carries the whole rule and its kind in the wire form.
@Suite struct TaskRecordRecurrenceTests {
    @Test(arguments: ["FREQ=MONTHLY;BYDAY=2FR,4FR", "FREQ=MONTHLY;UNTIL=20270630;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "FREQ=HOURLY;BYMINUTE=15"])
    func aRecordRoundTripsItsRule(_ text: String) throws {
        var t = TaskRecord(uuid: "0b0e5f6a-1c2d-4e3f-8a9b-0c1d2e3f4a5b", title: "Payday", created: at("2026-03-01T10:00"), modified: at("2026-03-01T10:00"))
        let rule = try #require(RecurrenceRule(rrule: text, kind: .onSchedule))
        t.recurrence = rule
        let members = try #require(t.json.objectValue)
        #expect(members["recurrence"]?["kind"] == "on_schedule")
        let back = try TaskRecord(json: try #require(try JSONValue.parse(t.json.encoded()).objectValue))
        #expect(back.recurrence == t.recurrence)
        #expect(back.recurrence?.rrule == text)
    }
}
