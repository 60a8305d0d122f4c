import Foundation
import Testing
import TaskCore
import TaskStore
@testable import TaskIO

/// A repeat in todo.txt (`TodoTxtRecurrence`).
@Suite struct TodoTxtRecurrenceTests {
    let uuid = "0b0e5f6a-1c2d-4e3f-8a9b-0c1d2e3f4a5b"

    /// todo.txt: `rec:` as topydo reads it, `rrule:` for the rest.
    @Test(arguments: [("FREQ=WEEKLY;INTERVAL=2", RecurrenceRule.Kind.skipMissed, "rec:+2w"), ("FREQ=DAILY;INTERVAL=3", .afterCompletion, "rec:3d"),
                      ("FREQ=MONTHLY;BYDAY=-1FR", .skipMissed, "rec:+1m rrule:FREQ=MONTHLY;BYDAY=-1FR"),
                      ("FREQ=YEARLY;COUNT=3", .onSchedule, "rec:+1y rrule:FREQ=YEARLY;COUNT=3 rrule_kind:on_schedule")])
    func todoTxtCarriesTheRule(_ text: String, _ kind: RecurrenceRule.Kind, _ words: String) throws {
        var t = TaskRecord(uuid: uuid, title: "Payday", created: at("2026-03-01T10:00"), modified: at("2026-03-01T10:00"))
        let rule = try #require(RecurrenceRule(rrule: text, kind: kind))
        t.recurrence = rule
        let line = TodoTxtWriter(timeZone: utc).write(RecordSet(tasks: [t]))
        #expect(line.contains(" " + words + " "))
        let back = try TodoTxtReader(timeZone: utc, now: at("2026-03-10T10:00")).read(line, source: "todo.txt").records.tasks.first
        #expect(back?.recurrence == t.recurrence)
        #expect(back?.extras.isEmpty == true)
    }
}
