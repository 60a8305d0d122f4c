import Foundation
import Testing
import TaskCore
import TaskerTestSupport

/// The headline with a calendar: `plan my day, 3 hours, focused` in the chat, around the fixture
/// calendar's 10:00–11:00 standup and an all-day transparent event; `tasker calendars`.
@Suite struct PlanCalendarEndToEndTests {
    let directory = TemporaryDirectory("plan-calendar-e2e")

    func environment() throws -> [String: String] {
        let home = directory.path
        try FileManager.default.createDirectory(atPath: home + "/tasker", withIntermediateDirectories: true)
        let config = """
            {"calendars": [{"name": "Work", "ics": "\(FixtureFile.url("calendar/workday.ics").path)"},
                           {"name": "Gone", "ics": "\(home)/missing.ics"}],
             "working_hours": "09:00-18:00", "working_days": ["mon", "tue", "wed", "thu", "fri"]}
            """
        try config.write(toFile: home + "/tasker/config.json", atomically: true, encoding: .utf8)
        return ["XDG_CONFIG_HOME": home, "XDG_DATA_HOME": home + "/data", "XDG_STATE_HOME": home + "/state",
                "XDG_CACHE_HOME": home + "/cache", "TASKER_NOW": "2026-03-10T08:47", "TZ": "Europe/London"]
    }

    @Test func planMyDayInterleavesTheMeetingAndNeverOverlapsIt() throws {
        let env = try environment()
        let db = directory.path("tasks.sqlite")
        for (title, minutes) in [("Write report", 90), ("Review PR", 45), ("Email", 20), ("Deep dive", 120), ("Call bank", 15)] {
            let r = try TaskerBinary.run(["--db", db, "call", "create_task", #"{"title": "\#(title)", "estimate_minutes": \#(minutes), "energy": "focused"}"#], environment: env)
            #expect(r.status == 0, "\(r.stderr)")
        }
        let chat = try TaskerBinary.run(["--db", db], stdin: "plan my day, 3 hours, focused\n", environment: env)
        #expect(chat.status == 0, "\(chat.stderr)")
        let lines = chat.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.contains("10:00–11:00  Standup (Work)") }, "\(chat.stdout)")
        #expect(!chat.stdout.contains("Holiday abroad"))
        #expect(lines.contains { $0.contains("calendar Gone could not be read") && $0.contains("planning without it") })
        // Every block line ("  HH:MM–HH:MM    NN min  Title #id …"): at or after 08:47, outside 10:00–11:00, 180 min at most.
        var total = 0
        for line in lines where line.contains(" min ") && line.contains("#") {
            let times = line.trimmingCharacters(in: .whitespaces).prefix(11).split(separator: "–").map { $0.split(separator: ":").compactMap { Int($0) } }
            guard times.count == 2, times.allSatisfy({ $0.count == 2 }) else {
                Issue.record("not a block line: \(line)")
                continue
            }
            let start = times[0][0] * 60 + times[0][1], end = times[1][0] * 60 + times[1][1]
            #expect(start >= 8 * 60 + 47)
            #expect(end <= 600 || start >= 660, "\(line)")
            total += end - start
        }
        #expect(total > 0 && total <= 180)
    }

    @Test func planCommandExportsTheBlocksAsICS() throws {
        let env = try environment()
        let db = directory.path("tasks.sqlite")
        for (title, minutes) in [("Write report", 90), ("Review PR", 45)] {
            _ = try TaskerBinary.run(["--db", db, "call", "create_task", #"{"title": "\#(title)", "estimate_minutes": \#(minutes)}"#], environment: env)
        }
        let file = directory.path("plan.ics")
        let result = try TaskerBinary.run(["--db", db, "plan", "180", "focused", "--ics", file], environment: env)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("10:00–11:00  Standup (Work)"))
        #expect(result.stdout.contains("Wrote 2 blocks to \(file)"))
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.components(separatedBy: "BEGIN:VEVENT").count == 3)
        #expect(text.contains("SUMMARY:Review PR\r\n"))
        let bad = try TaskerBinary.run(["--db", db, "plan", "lots"], environment: env)
        #expect(bad.status == 2)
    }

    /// The exported file read by the Python `icalendar` package (in .venv, from scripts/setup --with-python)
    /// gives the same blocks as plan_day's JSON.
    @Test func pythonICalendarReadsTheSameBlocks() throws {
        let root = FixtureFile.repositoryRoot
        guard VenvPython.isInstalled else {
            Issue.record("no Python at \(VenvPython.url.path): run scripts/setup --with-python (it creates .venv with icalendar)")
            return
        }
        let env = try environment()
        let db = directory.path("tasks.sqlite")
        for (title, minutes) in [("Write report, v2; final", 90), ("Review PR", 45), ("Email", 20)] {
            _ = try TaskerBinary.run(["--db", db, "call", "create_task", #"{"title": "\#(title)", "estimate_minutes": \#(minutes)}"#], environment: env)
        }
        let result = try TaskerBinary.run(["--db", db, "call", "plan_day", #"{"budget_minutes": 180, "format": "ics"}"#], environment: env)
        let json = try JSONValue.parse(result.stdout)
        let file = directory.path("plan.ics")
        try #require(json["ics"]?.stringValue).write(toFile: file, atomically: true, encoding: .utf8)
        let run = try VenvPython.run([root.appendingPathComponent("Tests/python/ics_blocks.py").path, file])
        #expect(run.status == 0)
        let events = try run.stdout.split(separator: "\n").map { try JSONValue.parse(String($0)) }
        let blocks = try #require(json["plan"]?["blocks"]?.arrayValue)
        #expect(events.count == blocks.count && !blocks.isEmpty)
        let utc = TimeZone(identifier: "UTC")!
        for (event, block) in zip(events, blocks) {
            #expect(event["summary"] == block["title"])
            #expect(event["start"]?.stringValue.flatMap { ISODate.parse($0, in: utc) } == block["start"]?.stringValue.flatMap { ISODate.parse($0, in: utc) })
            #expect(event["end"]?.stringValue.flatMap { ISODate.parse($0, in: utc) } == block["end"]?.stringValue.flatMap { ISODate.parse($0, in: utc) })
        }
    }

    @Test func calendarsCommandListsEachCalendar() throws {
        let result = try TaskerBinary.run(["calendars"], environment: try environment())
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("Work  ") && lines[0].hasSuffix("  2 events"))
        #expect(lines[1].hasPrefix("Gone  ") && lines[1].contains("unreadable: cannot read"))
    }
}
