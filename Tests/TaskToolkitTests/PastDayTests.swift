import Foundation
import TaskCore
import TaskerTestSupport
import Testing
@testable import TaskToolkit

/// A weekday that starts a period looking back means the last one (`review --from monday`,
/// `receipts --since monday`, list_tasks `done: since monday`), and list_tasks reads the completion
/// history (issue 42). The clock: Wednesday 2 December 2026, 10:30, London.
@Suite struct PastDayTests {
    @Test(arguments: [
        ("monday", "2026-11-30"), ("Monday", "2026-11-30"), ("last monday", "2026-11-30"), ("since monday", "2026-11-30"),
        ("wednesday", "2026-12-02"), ("last wednesday", "2026-11-25"), ("thursday", "2026-11-26"), ("sun", "2026-11-29"),
        ("3 days ago", "2026-11-29"), ("last week", "2026-11-23"), ("this week", "2026-11-30"), ("yesterday", "2026-12-01"),
        ("2026-11-02", "2026-11-02"),
    ] as [(String, String)])
    func aWeekdayLooksBack(text: String, day: String) throws {
        let clocked = try ClockedToolkit("2026-12-02T10:30")
        #expect(try clocked.toolkit.pastDay(text, argument: "from", tool: "review")?.description == day)
    }

    @Test func reviewFromMondayIsTheLastMonday() throws {
        let clocked = try ClockedToolkit("2026-12-02T10:30")
        for from in ["monday", "last monday"] {
            let result = try clocked.call("review", ["from": .string(from)])
            #expect(result["ok"] == true, "\(result.encoded())")
            #expect(result["period"]?["from"]?.stringValue?.hasPrefix("2026-11-30") == true, "\(from): \(result.encoded())")
        }
    }

    @Test func receiptsSinceMondayStartsThatMorning() throws {
        let clocked = try ClockedToolkit("2026-12-02T10:30")
        let since = try #require(try clocked.toolkit.pastInstant("monday", argument: "--since", tool: "receipts"))
        #expect(ISODate.format(since, in: ToolkitFixture.zone) == "2026-11-30T00:00:00+00:00")
        let exact = try clocked.toolkit.pastInstant("2026-12-01T08:00:00Z", argument: "--since", tool: "receipts")
        #expect(exact.map { ISODate.format($0, in: ToolkitFixture.zone) } == "2026-12-01T08:00:00+00:00")
    }

    @Test func listTasksDoneReadsTheCompletionHistoryNewestFirst() throws {
        let clocked = try ClockedToolkit("2026-11-20T09:00")
        let old = try clocked.task(["title": "File taxes"])
        let monday = try clocked.task(["title": "Book flights"])
        let today = try clocked.task(["title": "Water plants"])
        _ = try clocked.task(["title": "Still open"])
        try clocked.complete(old, at: "2026-11-24T12:00")
        try clocked.complete(monday, at: "2026-11-30T12:00")
        try clocked.complete(today, at: "2026-12-02T09:00")
        clocked.at("2026-12-02T10:30")
        func titles(_ done: String) throws -> [String] {
            let result = try clocked.call("list_tasks", ["done": .string(done)])
            return result["tasks"]?.arrayValue?.compactMap { $0["title"]?.stringValue } ?? []
        }
        #expect(try titles("today") == ["Water plants"])
        #expect(try titles("this week") == ["Water plants", "Book flights"])
        #expect(try titles("since monday") == ["Water plants", "Book flights"])
        #expect(try titles("last week") == ["File taxes"])
        #expect(try titles("yesterday") == [])
        let error = #expect(throws: ToolkitError.self) { try clocked.call("list_tasks", ["done": "someday soon"]) }
        #expect("\(error.map { "\($0)" } ?? "")".contains("since monday"))
    }
}
