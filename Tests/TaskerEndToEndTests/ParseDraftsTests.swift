import Foundation
import TaskCore
import Testing

/// `tasker parse --json` with several tasks in one line (issue 12).
@Suite struct ParseDraftsTests {
    static let clock = ["--now", "2026-12-02T10:30", "--tz", "Europe/London"]

    @Test func aLineWithSeveralTasksAddsDraftsAndKeepsTheFirstOnTop() throws {
        let result = try TaskerBinary.run(["parse", "--json"] + Self.clock + ["buy milk tomorrow and also call mom friday at 5pm"])
        #expect(result.status == 0)
        let json = try JSONValue.parse(result.stdout)
        #expect(json["title"] == "Buy milk")
        #expect(json["due"] == "2026-12-03T09:00:00+00:00")
        let drafts = try #require(json["drafts"]?.arrayValue)
        #expect(drafts.count == 2)
        #expect(drafts[1]["title"] == "Call mom")
        #expect(drafts[1]["due"] == "2026-12-04T17:00:00+00:00")
    }

    @Test func linesStayOneObjectEachAndASingleTaskHasNoDrafts() throws {
        let result = try TaskerBinary.run(["parse", "--json", "-"] + Self.clock, stdin: "buy milk; call mom\ncall mom and dad\n")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(try JSONValue.parse(lines[0])["drafts"]?.arrayValue?.count == 2)
        #expect(try JSONValue.parse(lines[1])["drafts"] == nil)
        #expect(try JSONValue.parse(lines[1])["title"] == "Call mom and dad")
    }
}
