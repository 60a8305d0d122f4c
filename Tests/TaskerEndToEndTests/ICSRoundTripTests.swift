import Foundation
import Testing
import TaskCore
import TaskStore
import TaskerTestSupport

/// `tasker export --ics` and `tasker import --ics` with the real binary: a series completed three
/// times is one VTODO, and another database reads it back as one open occurrence, three done ones
/// and the same streak; importing the file twice adds nothing.
@Suite struct ICSRoundTripTests {
    func tasker(_ db: String, _ now: String, _ arguments: [String]) throws -> TaskerBinary.Result {
        try TaskerBinary.run(["--db", db, "--now", now, "--tz", "UTC"] + arguments)
    }

    @Test func aSeriesGoesOutAsOneVTodoAndComesBackWithItsCompletions() throws {
        let dir = TemporaryDirectory("ics-round-trip")
        let a = dir.path("a.sqlite"), b = dir.path("b.sqlite"), file = dir.path("tasks.ics")
        let created = try tasker(a, "2026-12-01T08:00", ["call", "create_task",
            #"{"title": "Water plants", "due": "2026-12-01T09:00", "recurrence": {"frequency": "daily"}}"#])
        #expect(created.status == 0, "\(created.stderr)")
        for day in 1...3 {
            let done = try tasker(a, "2026-12-0\(day)T10:00", ["call", "complete_task", #"{"title": "Water plants"}"#])
            #expect(done.status == 0 && done.stdout.contains("\"ok\":true"), "\(done.stdout) \(done.stderr)")
        }
        let exported = try tasker(a, "2026-12-03T12:00", ["export", "--ics", "--output", file])
        #expect(exported.status == 0, "\(exported.stderr)")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.components(separatedBy: "BEGIN:VTODO").count == 2, "one VTODO: \(text)")
        let unfolded = text.replacingOccurrences(of: "\r\n ", with: "")
        #expect(unfolded.contains(":20261201T100000Z/20261201T090000Z 20261202T100000Z/20261202T090000Z 20261203T100000Z/20261203T090000Z\r\n"))
        #expect(unfolded.contains("DUE:20261204T090000Z\r\n") && unfolded.contains("STATUS:NEEDS-ACTION"))

        let first = try tasker(b, "2026-12-03T12:00", ["import", "--ics", file])
        #expect(first.status == 0 && first.stdout.contains("1 added") && first.stdout.contains("3 completions added"), "\(first.stdout) \(first.stderr)")
        let second = try tasker(b, "2026-12-03T12:00", ["import", "--ics", file])
        #expect(second.stdout.contains("1 unchanged") && second.stdout.contains("0 completions added"), "\(second.stdout)")

        let utc = TimeZone(identifier: "UTC")!
        func streaks(_ path: String) throws -> [Streak] {
            let store = try TaskStore(path: path, timeZone: utc)
            let now = ISODate.parse("2026-12-03T12:00", in: utc) ?? Date()
            return StreakCounter(now: now, timeZone: utc).series(try StreakHistory(store).completionRecords(), openDue: try StreakHistory(store).openSeriesDue())
        }
        #expect(try streaks(a) == (try streaks(b)))
        #expect(try streaks(b).map(\.current) == [3])
        let open = try tasker(b, "2026-12-03T12:00", ["call", "list_tasks", #"{"filter": "open"}"#])
        #expect(open.stdout.components(separatedBy: "Water plants").count == 2 && open.stdout.contains("2026-12-04T09:00"), "\(open.stdout)")
    }

    /// Issue 40: a payday on the 2nd and 4th Friday, counted, on schedule, goes out as its RRULE and
    /// X-TASKER-REPEAT and comes back the same rule; completing it in the other database steps on by it.
    @Test func aRuleWithOrdinalsAndAKindComesBackWhole() throws {
        let dir = TemporaryDirectory("ics-rule")
        let a = dir.path("a.sqlite"), b = dir.path("b.sqlite"), file = dir.path("tasks.ics")
        let created = try tasker(a, "2026-12-05T08:00", ["call", "create_task",
            #"{"title": "Payday", "due": "2026-12-11T09:00", "recurrence": {"frequency": "monthly", "weekdays": ["2fri", "4fri"], "count": 6, "kind": "on_schedule"}}"#])
        #expect(created.status == 0 && created.stdout.contains(#""weekdays":["2fri","4fri"]"#), "\(created.stdout) \(created.stderr)")
        #expect(try tasker(a, "2026-12-05T08:00", ["export", "--ics", "--output", file]).status == 0)
        let text = try String(contentsOfFile: file, encoding: .utf8).replacingOccurrences(of: "\r\n ", with: "")
        #expect(text.contains("RRULE:FREQ=MONTHLY;COUNT=6;BYDAY=2FR,4FR\r\n") && text.contains("X-TASKER-REPEAT:ON-SCHEDULE\r\n"), "\(text)")
        #expect(try tasker(b, "2026-12-05T08:00", ["import", "--ics", file]).status == 0)
        let done = try tasker(b, "2026-12-20T08:00", ["call", "complete_task", #"{"title": "Payday"}"#])
        #expect(done.stdout.contains("2026-12-25T09:00") && done.stdout.contains(#""count":5"#) && done.stdout.contains(#""kind":"on_schedule""#),
                "\(done.stdout) \(done.stderr)")
    }

    /// Yesterday's export imported today, with the real binary: the dry run says nothing would change
    /// and writes nothing, the import changes nothing; today's rename and reschedule stay. Before, the
    /// old VTODO replaced the task whole.
    @Test func yesterdaysExportChangesNothingAndADryRunSaysSo() throws {
        let dir = TemporaryDirectory("ics-older")
        let db = dir.path("t.sqlite"), file = dir.path("yesterday.ics")
        #expect(try tasker(db, "2026-12-01T08:00", ["call", "create_task", #"{"title": "Dentist", "due": "2026-12-10", "notes": "x-rays"}"#]).status == 0)
        #expect(try tasker(db, "2026-12-01T09:00", ["export", "--ics", "--output", file]).status == 0)
        let renamed = try tasker(db, "2026-12-02T10:00", ["call", "update_task", #"{"title": "Dentist", "new_title": "Dentist (Dr Ng)", "due": "2026-12-14"}"#])
        #expect(renamed.status == 0 && renamed.stdout.contains("\"ok\":true"), "\(renamed.stdout) \(renamed.stderr)")
        let dry = try tasker(db, "2026-12-02T11:00", ["import", "--ics", file, "--dry-run"])
        #expect(dry.status == 0 && dry.stdout == "0 added, 0 updated, 1 unchanged, 0 completions added (dry run: nothing was written)\n", "\(dry.stdout) \(dry.stderr)")
        let real = try tasker(db, "2026-12-02T11:00", ["import", "--ics", file])
        #expect(real.stdout.contains("1 unchanged"), "\(real.stdout) \(real.stderr)")
        let listed = try tasker(db, "2026-12-02T11:00", ["call", "list_tasks", #"{"filter": "all", "fields": ["all"]}"#])
        #expect(listed.stdout.contains("Dentist (Dr Ng)") && listed.stdout.contains("2026-12-14") && listed.stdout.contains("x-rays"), "\(listed.stdout)")

        // A file whose newer VTODO renames it, seen first with --dry-run.
        let phone = dir.path("phone.ics")
        try Data("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//p//p//EN\r\nBEGIN:VTODO\r\nUID:\(try uuid(db))\r\nSUMMARY:Dentist at 3\r\nLAST-MODIFIED:20261203T000000Z\r\nEND:VTODO\r\nEND:VCALENDAR\r\n".utf8)
            .write(to: URL(fileURLWithPath: phone))
        let preview = try tasker(db, "2026-12-03T11:00", ["import", "--ics", phone, "--dry-run"])
        #expect(preview.stdout.hasPrefix("would update 'Dentist at 3': title\n"), "\(preview.stdout)")
        let taken = try tasker(db, "2026-12-03T11:00", ["import", "--ics", phone])
        #expect(taken.stdout.contains("1 updated"))
        let after = try tasker(db, "2026-12-03T11:00", ["call", "list_tasks", #"{"filter": "all", "fields": ["all"]}"#])
        #expect(after.stdout.contains("Dentist at 3") && after.stdout.contains("2026-12-14") && after.stdout.contains("x-rays"), "\(after.stdout)")
    }

    func uuid(_ db: String) throws -> String {
        let store = try TaskStore(path: db, timeZone: TimeZone(identifier: "UTC")!)
        return try #require(try RecordSets(store).records().tasks.first?.uuid)
    }
}
