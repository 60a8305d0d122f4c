import Foundation
import TaskCalendar
import TaskCore
import TaskStore
import TaskToolkit

/// plan_day laid around a calendar: 10,000 open tasks against an .ics of 2,000 events (a quarter of
/// them recurring), over one day, in process.
enum PlanCalendarBenchmark {
    static func run() throws {
        let database = try BenchmarkDatabase(name: "plan-calendar", errands: { $0 % 5 == 0 })
        defer { database.remove() }
        let file = database.folder.appendingPathComponent("busy.ics").path
        try calendarText(events: 2_000, around: BenchmarkDatabase.now, zone: BenchmarkDatabase.zone).write(toFile: file, atomically: true, encoding: .utf8)
        let source = CalendarSource(name: "Work", location: .file(file))
        let day = LocalDate(BenchmarkDatabase.now, in: BenchmarkDatabase.zone)
        let zone = BenchmarkDatabase.zone

        // Reading the calendar (libical parse and expansion), each time from the file.
        ToolkitBenchmark.report("read + expand 2k events (500 recurring)", try ToolkitBenchmark.median(20) {
            let set = CalendarSet(sources: [source], cache: nil, fetcher: nil)
            _ = set.busy(from: day.startOfDay(in: zone), to: day.adding(days: 1).startOfDay(in: zone), timeZone: zone)
        }, target: 50)
        // Parsing alone, and expanding one day of an already parsed calendar.
        let text = try String(contentsOfFile: file, encoding: .utf8)
        ToolkitBenchmark.report("parse 2,000 events (libical)", try ToolkitBenchmark.median(20) { _ = try ICalendarReader.parse(text, calendar: "Work") }, target: 50)
        let parsed = try ICalendarReader.parse(text, calendar: "Work")
        ToolkitBenchmark.report("expand one day of 2,000 parsed events", try ToolkitBenchmark.median(20) {
            _ = ICalendarReader.busy(parsed, from: day.startOfDay(in: zone), to: day.adding(days: 1).startOfDay(in: zone), timeZone: zone)
        }, target: 50)
        // The whole plan_day call with a fresh calendar set each time: read + expand + plan 10,000 open tasks.
        ToolkitBenchmark.report("plan_day 10k open vs 2k events, first call", try ToolkitBenchmark.median(20) {
            let toolkit = TaskToolkit(store: database.store, planning: PlanningSettings(calendars: CalendarSet(sources: [source], cache: nil, fetcher: nil)))
            let result = try toolkit.call("plan_day", ["budget_minutes": 180, "energy": "focused"])
            guard result["ok"]?.boolValue == true else { throw PlanCalendarFailure(text: result.encoded()) }
        }, target: 50)
        // As the chat and the MCP server see it: the calendar read and the day expanded once per process, then each plan.
        let toolkit = TaskToolkit(store: database.store, planning: PlanningSettings(calendars: CalendarSet(sources: [source], cache: nil, fetcher: nil)))
        ToolkitBenchmark.report("plan_day 10k open vs 2k events, again", try ToolkitBenchmark.median(20) {
            _ = try toolkit.call("plan_day", ["budget_minutes": 180, "energy": "focused"])
        }, target: 50)
    }

    struct PlanCalendarFailure: Error { var text: String }

    /// 2,000 VEVENTs over the weeks around `now`: 1,500 single events, 500 weekly or daily ones.
    static func calendarText(events: Int, around now: Date, zone: TimeZone) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//tasker-bench//EN"]
        let today = LocalDate(now, in: zone)
        func stamp(_ day: LocalDate, _ minute: Int) -> String {
            let d = day.description.replacingOccurrences(of: "-", with: "")
            let h = minute / 60, m = minute % 60
            return "\(d)T\(h < 10 ? "0" : "")\(h)\(m < 10 ? "0" : "")\(m)00"
        }
        for i in 0..<events {
            let day = today.adding(days: (i * 7) % 120 - 60)
            let minute = 7 * 60 + (i * 37) % (11 * 60)
            lines += ["BEGIN:VEVENT", "UID:bench-\(i)@tasker", "DTSTAMP:20260101T000000Z", "SUMMARY:Event \(i)",
                      "DTSTART;TZID=Europe/London:\(stamp(day, minute))", "DTEND;TZID=Europe/London:\(stamp(day, minute + 30))"]
            if i % 4 == 0 { lines.append(i % 8 == 0 ? "RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR" : "RRULE:FREQ=DAILY;COUNT=200") }
            lines.append("END:VEVENT")
        }
        lines.append("END:VCALENDAR")
        return lines.joined(separator: "\r\n") + "\r\n"
    }
}
