import Foundation
import TaskCore
import TaskerTestSupport
import Testing
@testable import TaskToolkit

/// `review` on a seeded database against a golden file, and `streaks` through the JSON door.
@Suite struct ReviewAndStreakToolTests {
    /// Two months of history, reviewed on Wednesday 2 December 2026 10:30 (the last 7 days: 26 Nov – now).
    static func seeded() throws -> ClockedToolkit {
        let t = try ClockedToolkit("2026-10-01T09:00")
        for name in ["Garden", "Kitchen", "Taxes", "Holiday"] { try t.call("create_project", ["name": .string(name)]) }
        _ = try t.task(["title": "Prune the roses", "project": "Garden"])
        _ = try t.task(["title": "Old idea"])
        t.at("2026-11-18T12:00")
        let early = try t.task(["title": "Done before the period", "project": "Kitchen"])
        try t.complete(early, at: "2026-11-20T10:00")
        t.at("2026-11-25T10:00")
        _ = try t.task(["title": "Renew passport", "due": "2026-11-10T09:00"])
        _ = try t.task(["title": "Buy tiles", "project": "Kitchen", "due": "2026-11-28T12:00", "priority": "high"])
        let plumber = try t.task(["title": "Call the plumber", "project": "Kitchen"])
        _ = try t.task(["title": "Wait for the accountant", "project": "Taxes", "kind": "waiting"])
        let water = try t.task(["title": "Water the plants"])
        _ = try t.task(["title": "Dentist", "due": "2026-12-03T15:00"])
        _ = try t.task(["title": "Read the book", "contexts": ["home"]])
        _ = try t.task(["title": "Later", "project": "Garden", "due": "2026-12-01T09:00", "defer_until": "2026-12-20"])
        try t.complete(plumber, at: "2026-11-30T16:00")
        try t.complete(water, at: "2026-11-29T08:00")
        t.at("2026-12-02T10:30")
        return t
    }

    @Test func weeklyReviewMatchesTheGoldenFile() throws {
        let t = try Self.seeded()
        let review = try t.call("review")
        let titles = { (section: String) in review[section]?["tasks"]?.arrayValue?.compactMap { $0["title"]?.stringValue } ?? [] }
        #expect(review["done"]?["count"] == 2)
        #expect(review["done"]?["by_project"]?.arrayValue?.map { $0["project"] } == ["Kitchen", .null])
        #expect(titles("slipped") == ["Buy tiles", "Later"])
        #expect(titles("overdue") == ["Renew passport"])
        #expect(titles("waiting") == ["Wait for the accountant"])
        #expect(titles("stale") == ["Prune the roses", "Old idea"])
        #expect(review["projects_without_next_action"]?["projects"] == ["Holiday", "Taxes"])
        #expect(titles("inbox") == ["Old idea", "Read the book"])

        let url = FixtureFile.url("review/weekly.json")
        let text = review.prettyEncoded() + "\n"
        if ProcessInfo.processInfo.environment["TASKER_UPDATE_GOLDEN"] == "1" {
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        #expect(text == (try String(contentsOf: url, encoding: .utf8)))
    }

    @Test func aPeriodCanBeGivenInWords() throws {
        let t = try Self.seeded()
        let review = try t.call("review", ["from": "2026-11-01", "to": "2026-11-20"])
        #expect(review["period"]?["from"] == "2026-11-01T00:00:00+00:00")
        #expect(review["period"]?["to"] == "2026-11-21T00:00:00+00:00")
        #expect(review["done"]?["count"] == 1)
        #expect(review["slipped"]?["tasks"]?.arrayValue?.first?["title"] == "Renew passport")
        #expect(throws: ToolkitError.self) { try t.call("review", ["from": "2026-12-01", "to": "2026-11-01"]) }
    }

    /// A daily habit done three days running at 09:00, the third one at 01:30 after midnight: with the
    /// day starting at 04:00 the run holds on its days; the context counts days, not occurrences.
    @Test func streaksOfAHabitAndItsContext() throws {
        let t = try ClockedToolkit("2026-11-28T07:00")
        var id = try t.task(["title": "Stretch", "due": "2026-11-28T08:00", "recurrence": ["frequency": "daily"], "contexts": ["home"]])
        id = try #require(try t.complete(id, at: "2026-11-28T09:00"))
        id = try #require(try t.complete(id, at: "2026-11-29T21:00"))
        _ = try t.complete(try t.task(["title": "Tidy", "contexts": ["home"]]), at: "2026-12-01T02:00")  // counts for 30 Nov
        id = try #require(try t.complete(id, at: "2026-12-01T01:30"))  // the 30 Nov occurrence, before 04:00
        t.at("2026-12-01T20:00")
        let streaks = try t.call("streaks")
        #expect(streaks["today"] == "2026-12-01")
        #expect(streaks["series"] == [["name": "Stretch", "current": 3, "longest": 3, "last_day": "2026-11-30"]])
        #expect(streaks["contexts"] == [["name": "home", "current": 3, "longest": 3, "last_day": "2026-11-30"]])

        let midnight = try t.call("streaks", ["day_start": "00:00", "kind": "series"])
        #expect(midnight["series"]?.arrayValue?.first?["current"] == 0, "done on 1 Dec, due 30 Nov: late")
        #expect(midnight["series"]?.arrayValue?.first?["longest"] == 2)
        #expect(midnight["contexts"] == [])
    }
}
