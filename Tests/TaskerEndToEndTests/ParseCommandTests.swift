import Foundation
import TaskCore
import Testing

/// `tasker parse` through the real binary.
@Suite struct ParseCommandTests {
    static let clock = ["--now", "2026-12-02T10:30", "--tz", "Europe/London"]

    @Test func jsonForTheSeedSentence() throws {
        let result = try TaskerBinary.run(["parse", "--json"] + Self.clock + ["call", "mom", "tomorrow", "5pm", "#family", "!high", "~15m"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try JSONValue.parse(result.stdout)
        let expected: JSONValue = [
            "title": "Call mom", "due": "2026-12-03T17:00:00+00:00", "priority": "high", "estimateMinutes": 15,
            "energy": nil, "contexts": ["family"], "kind": "call", "recurrence": nil, "deferUntil": nil,
            "understood": ["High", "≈15 min", "#family", "Tomorrow, 5:00 PM", "Call"],
        ]
        #expect(json == expected)
    }

    @Test func standardInputGivesOneJSONObjectPerLine() throws {
        let input = "pay rent by jun 1 urgent\n\nbuy 5 apples at 5\nstandup every weekday 9:15am ~15m #work\n"
        let result = try TaskerBinary.run(["parse", "--json", "-"] + Self.clock, stdin: input)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "the blank line gets an answer too")
        let objects = try lines.map { try JSONValue.parse($0) }
        #expect(objects.map { $0["title"] } == ["Pay rent", "", "Buy 5 apples", "Standup"])
        #expect(objects[1]["understood"] == [])
        #expect(objects[0]["due"] == "2027-06-01T09:00:00+01:00")
        #expect(objects[2]["due"] == "2026-12-02T17:00:00+00:00")
        #expect(objects[3]["recurrence"]?["weekdays"] == ["mon", "tue", "wed", "thu", "fri"])
    }

    @Test func readableSummaryShowsTitleFieldsAndChips() throws {
        let result = try TaskerBinary.run(["parse"] + Self.clock + ["remind me to buy milk tonight #errands"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "Buy milk")
        #expect(result.stdout.contains("2026-12-02T19:00:00+00:00"))
        #expect(result.stdout.contains("kind:") && result.stdout.contains("errand"))
        #expect(result.stdout.contains("[#errands] [Today, 7:00 PM] [Errand]"))
    }

    @Test func theClockComesFromTheEnvironmentToo() throws {
        let result = try TaskerBinary.run(["parse", "--json", "at", "9am"], environment: ["TASKER_NOW": "2026-12-02T10:30", "TZ": "America/New_York"])
        #expect(try JSONValue.parse(result.stdout)["due"] == "2026-12-03T09:00:00-05:00")
    }

    @Test func textAfterDoubleDashMayStartWithADash() throws {
        let result = try TaskerBinary.run(["parse", "--json"] + Self.clock + ["--", "-5", "degrees", "friday"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try JSONValue.parse(result.stdout)["title"] == "-5 degrees")
    }

    @Test(arguments: [["parse"], ["parse", "--json"], ["parse", "--bogus", "x"], ["parse", "-", "words"], ["parse", "-x"]])
    func badUsageExitsTwo(arguments: [String]) throws {
        let result = try TaskerBinary.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("tasker: parse:"))
        #expect(result.stdout.isEmpty)
    }

    @Test func helpExplainsTheCommand() throws {
        let result = try TaskerBinary.run(["parse", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Usage: tasker parse [--json] [--refine] TEXT…"))
        #expect(result.stdout.contains("JSON Lines"))
    }
}
