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
}
