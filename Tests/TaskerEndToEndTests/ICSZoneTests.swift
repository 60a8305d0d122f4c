import Foundation
import Testing
import TaskCore
import TaskerTestSupport

/// A repeating task said in Europe/Berlin is exported with `DUE;TZID=Europe/Berlin` and that zone's
/// VTIMEZONE, so python-dateutil (through icalendar's reading of the DUE, and through the file's own
/// VTIMEZONE) expands it at the same local time after the change to summer time on 28 March 2027 —
/// written in UTC (as before), every occurrence from then on was an hour late.
@Suite struct ICSZoneTests {
    func tasker(_ db: String, _ zone: String, _ arguments: [String]) throws -> TaskerBinary.Result {
        try TaskerBinary.run(["--db", db, "--now", "2026-12-05T12:00", "--tz", zone] + arguments)
    }

    /// The first 30 occurrences as `zone_check.py expand` reads the file.
    func expansion(_ text: String, count: Int = 30) throws -> JSONValue {
        let result = try VenvPython.run([FixtureFile.url("caldav/zone_check.py").path, "expand", text, String(count)])
        #expect(result.status == 0, "\(result.stdout)")
        return try JSONValue.parse(result.stdout)
    }

    @Test(arguments: [
        ("call grandma every sunday 6pm", "18:00", ["Sun"], "2027-03-28 18:00 Sun", "20270328T160000Z"),
        ("standup every weekday at 9:30", "09:30", ["Mon", "Tue", "Wed", "Thu", "Fri"], "2027-03-29 09:30 Mon", "20270329T073000Z"),
    ])
    func aRepeatSaidInBerlinStaysAtItsLocalTimeAcrossDST(phrase: String, time: String, days: [String], afterChange: String, utc: String) throws {
        guard VenvPython.isInstalled else {
            Issue.record("SKIPPED: no .venv; run scripts/setup --with-python")
            return
        }
        let dir = TemporaryDirectory("ics-zone")
        let db = dir.path("a.sqlite"), file = dir.path("tasks.ics")
        let added = try tasker(db, "Europe/Berlin", ["add", phrase])
        #expect(added.status == 0, "\(added.stderr)")
        let exported = try tasker(db, "Europe/Berlin", ["export", "--ics", "--output", file])
        #expect(exported.status == 0, "\(exported.stderr)")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains("BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\n"), "\(text)")

        let count = days.count == 1 ? 30 : 120
        let answer = try expansion(text, count: count)
        #expect(answer["tzid"]?.stringValue == "Europe/Berlin", "\(answer)")
        let local = answer["local"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(local.count == count)
        #expect(local.allSatisfy { $0.dropFirst(11).hasPrefix(time) && days.contains(String($0.suffix(3))) }, "\(local.filter { !$0.dropFirst(11).hasPrefix(time) }.prefix(5))")
        #expect(local.contains(afterChange), "the series goes on past 28 March at \(time)")
        let instants = answer["utc"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(instants.contains(utc), "after the change the same local time is an hour earlier in UTC")
        // The file's own VTIMEZONE (dateutil's tzical) puts every occurrence at the same instant as the tz database.
        #expect(answer["vtimezone_utc"] == answer["utc"])
    }

    /// The zone comes back with the series: another database in another zone imports it and completes
    /// it there, and the next occurrence is still 18:00 in Berlin, after the change to summer time too.
    @Test func anImportedSeriesKeepsItsZoneOnADeviceInAnother() throws {
        let dir = TemporaryDirectory("ics-zone-import")
        let a = dir.path("a.sqlite"), b = dir.path("b.sqlite"), file = dir.path("tasks.ics")
        #expect(try tasker(a, "Europe/Berlin", ["add", "call grandma every sunday 6pm"]).status == 0)
        #expect(try tasker(a, "Europe/Berlin", ["export", "--ics", "--output", file]).status == 0)
        let imported = try tasker(b, "America/New_York", ["import", "--ics", file])
        #expect(imported.status == 0 && imported.stdout.contains("1 added"), "\(imported.stdout) \(imported.stderr)")
        // Completed in New York on 16 March 2027 (New York is on summer time, Berlin not yet): the due
        // steps on in Berlin, to Sunday 21 March 18:00 CET, 17:00 UTC (stepped in New York it was 16:00).
        let late = try TaskerBinary.run(["--db", b, "--now", "2027-03-16T12:00", "--tz", "America/New_York", "call", "complete_task", #"{"title": "Call grandma"}"#])
        #expect(late.status == 0, "\(late.stdout) \(late.stderr)")
        let listed = try TaskerBinary.run(["--db", b, "--now", "2027-03-16T12:00", "--tz", "UTC", "call", "list_tasks", #"{"filter": "open"}"#])
        #expect(listed.stdout.contains("2027-03-21T17:00"), "\(listed.stdout)")
        // Once more across the change: Sunday 28 March 18:00 CEST, 16:00 UTC.
        #expect(try TaskerBinary.run(["--db", b, "--now", "2027-03-22T12:00", "--tz", "America/New_York", "call", "complete_task", #"{"title": "Call grandma"}"#]).status == 0)
        let back = dir.path("back.ics")
        #expect(try tasker(b, "America/New_York", ["export", "--ics", "--output", back]).status == 0)
        let again = try String(contentsOfFile: back, encoding: .utf8)
        #expect(again.contains("DUE;TZID=Europe/Berlin:20270328T180000\r\n"), "\(again)")
    }
}
