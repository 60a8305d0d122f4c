import Foundation
import Testing
import TaskCore
import TaskStore
@testable import TaskSync
import TaskerTestSupport

/// `.ics` export and import in the sync model: a series is one VTODO with its completions, reading it
/// makes the open occurrence and the done rows, and reading it again adds nothing.
@Suite struct VTodoFileTests {
    let utc = TimeZone(identifier: "UTC")!

    @Test func aSeriesTravelsAsOneVTodoAndComesBackWithItsStreak() throws {
        let directory = TemporaryDirectory("vtodo-file")
        let first = LocalDate(year: 2026, month: 11, day: 29)
        let clock = TestClock(first.instant(hour: 12, minute: 0, in: utc))
        let a = try TaskStore(path: directory.path("a.sqlite"), clock: { clock.now }, timeZone: utc)
        try a.bootstrap()
        _ = try Tasks(a).createTask(TaskDraft(title: "Water plants", due: first.instant(hour: 23, minute: 0, in: utc), recurrence: RecurrenceRule(frequency: .daily)))
        _ = try Tasks(a).createTask(TaskDraft(title: "Call mom"))
        for _ in 0..<3 {
            _ = try Tasks(a).completeTask(try #require(try Tasks(a).tasks(TaskQuery(filter: .open)).first { $0.title == "Water plants" }).id)
            clock.advance(days: 1)
        }
        let file = VTodoFile(timeZone: utc, now: clock.now)
        let text = file.write(try RecordSets(a).records())
        #expect(text.components(separatedBy: "BEGIN:VTODO").count - 1 == 2, "one VTODO per series: \(text)")
        #expect(ICSText.unfold(text).filter { ICSText.name(of: $0) == "X-TASKER-COMPLETIONS" }.count == 1)
        #expect(VTodoCheck.problems(text).isEmpty)
        if VenvPython.isInstalled {
            let run = try VenvPython.run(["-c", "import sys, icalendar; print(len(icalendar.Calendar.from_ical(sys.argv[1]).walk('VTODO')))", text])
            #expect(run.status == 0 && run.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "2", "\(run.stdout)")
        }

        let b = try TaskStore(path: directory.path("b.sqlite"), clock: { clock.now }, timeZone: utc)
        try b.bootstrap()
        let read = try file.read(text, source: "tasks.ics", into: b)
        #expect(read == VTodoFile.Summary(added: 2, updated: 0, unchanged: 0, completions: 3))
        let again = try file.read(text, source: "tasks.ics", into: b)
        #expect(again == VTodoFile.Summary(added: 0, updated: 0, unchanged: 2, completions: 0), "re-import adds nothing")
        for store in [a, b] {
            let all = try Tasks(store).tasks(TaskQuery(filter: .all)).filter { $0.title == "Water plants" }
            #expect(all.filter { $0.status == .open }.map(\.due) == [first.adding(days: 3).instant(hour: 23, minute: 0, in: utc)])
            #expect(all.filter { $0.status == .done }.count == 3)
        }
        let counter = StreakCounter(now: clock.now, timeZone: utc)
        let recordsA = try StreakHistory(a).completionRecords()
        let streakA = counter.series(recordsA, openDue: try StreakHistory(a).openSeriesDue())
        let streakB = counter.series(try StreakHistory(b).completionRecords(), openDue: try StreakHistory(b).openSeriesDue())
        #expect(streakA == streakB)
        #expect(streakA.map(\.current) == [3], "\(streakA) \(recordsA)")
        // The file written from B says the same as A's.
        #expect(file.write(try RecordSets(b).records()).components(separatedBy: "X-TASKER-COMPLETIONS").count == 2)
    }

    @Test func aDayDueIsWrittenAsValueDate() {
        var t = TaskRecord(uuid: "0190a3b4-0000-7000-8000-000000000001", title: "Dentist", created: Date(timeIntervalSince1970: 1_790_000_000),
                           modified: Date(timeIntervalSince1970: 1_790_000_000))
        t.dueDay = LocalDate(year: 2026, month: 12, day: 10)
        let text = VTodoFile(timeZone: utc, now: Date(timeIntervalSince1970: 1_790_000_000)).write(RecordSet(tasks: [t]))
        #expect(text.contains("DUE;VALUE=DATE:20261210\r\n"))
        #expect(!text.contains("DUE:"))
    }

    /// The Python `icalendar` package (in the .venv that `scripts/setup --with-python` makes) reads every task back.
    @Test func pythonICalendarReadsEveryTask() throws {
        guard VenvPython.isInstalled else {
            Issue.record("no .venv at \(VenvPython.url.path): run scripts/setup --with-python (it installs icalendar)")
            return
        }
        let fixture = try TestStore("vtodo-file", now: Date(), zone: utc)
        let store = fixture.store, directory = fixture.directory
        let pack = try Tasks(store).createTask(TaskDraft(title: "Pack books"))
        var tape = TaskDraft(title: "Buy tape", parent: pack.id)
        tape.contexts = ["errand", "shop"]
        _ = try Tasks(store).createTask(tape)
        var rent = TaskDraft(title: "Pay rent", notes: "line one\nline \"two\" — ü", due: Date(timeIntervalSince1970: 1_774_947_600))
        rent.recurrence = RecurrenceRule(frequency: .monthly)
        _ = try Tasks(store).createTask(rent)
        let records = try RecordSets(store).records()
        let path = directory.path("tasks.ics")
        try Data(VTodoFile(timeZone: utc, now: Date()).write(records).utf8).write(to: URL(fileURLWithPath: path))
        let script = """
            import json, sys, icalendar
            cal = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
            out = []
            for t in cal.walk('VTODO'):
                out.append({'uid': str(t['UID']), 'summary': str(t['SUMMARY']), 'status': str(t['STATUS']),
                            'due': t['DUE'].dt.isoformat() if 'DUE' in t else None,
                            'categories': [str(c) for c in t['CATEGORIES'].cats] if 'CATEGORIES' in t else [],
                            'rrule': t['RRULE'].to_ical().decode() if 'RRULE' in t else None,
                            'related': str(t['RELATED-TO']) if 'RELATED-TO' in t else None,
                            'description': str(t['DESCRIPTION']) if 'DESCRIPTION' in t else None})
            print(json.dumps(out))
            """
        let run = try VenvPython.run(["-c", script, path])
        #expect(run.status == 0)
        let parsed = try JSONValue.parse(run.stdout).arrayValue ?? []
        #expect(parsed.count == records.tasks.count)
        let paying = try #require(parsed.first { $0["summary"] == "Pay rent" && $0["status"] == "NEEDS-ACTION" })
        #expect(paying["due"] == "2026-03-31T09:00:00+00:00" && paying["rrule"] == "FREQ=MONTHLY;BYMONTHDAY=31,-1;BYSETPOS=1")
        #expect(paying["description"] == "line one\nline \"two\" — ü")
        let buying = try #require(parsed.first { $0["summary"] == "Buy tape" })
        #expect(buying["related"] == .string(try Tasks(store).uuid(of: pack.id)) && buying["categories"] == ["errand", "shop"])
    }
}
