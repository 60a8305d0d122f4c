import Foundation
import Testing
import TaskCore
import TaskStore
@testable import TaskToolkit

/// Moving a task to a day said alone keeps its time: "move the dentist to friday" of a 3 PM dentist
/// is friday 3 PM (it was friday 9:00, the appointment's time lost). A time, a part of the day or an
/// offset in hours says the new time; a date-only task stays date-only; a task with no due gets 9:00.
@Suite struct RescheduleKeepsTimeTests {
    @Test(arguments: [
        ("friday", "2026-12-04T15:00:00+00:00"),
        ("tomorrow", "2026-12-03T15:00:00+00:00"),
        ("next tuesday", "2026-12-08T15:00:00+00:00"),
        ("in 3 days", "2026-12-05T15:00:00+00:00"),
        ("friday 10am", "2026-12-04T10:00:00+00:00"),
        ("friday evening", "2026-12-04T19:00:00+00:00"),
        ("in 2 hours", "2026-12-02T12:30:00+00:00"),
        ("2026-12-04T08:15", "2026-12-04T08:15:00+00:00"),
        ("2026-12-04", "2026-12-04"),
    ])
    func aDayAloneKeepsTheTimeOfDay(due: String, expected: String) throws {
        let f = try ToolkitFixture()
        let id = try f.task(["title": "Dentist", "due": "2026-12-08T15:00"])
        let moved = try f.call("reschedule_task", ["id": .int(id), "due": .string(due)])
        #expect(moved["task"]?["due"] == .string(expected))
        #expect(moved["previous_due"] == "2026-12-08T15:00:00+00:00")
    }

    @Test func theWallClockTimeIsKeptAcrossADSTChange() throws {
        let f = try ToolkitFixture()
        let id = try f.task(["title": "Standup", "due": "2027-03-26T15:00"])
        let moved = try f.call("reschedule_task", ["id": .int(id), "due": "mar 29"])
        #expect(moved["task"]?["due"] == "2027-03-29T15:00:00+01:00")
    }

    @Test func aDateOnlyTaskStaysDateOnlyAndAnUndatedOneGetsNine() throws {
        let f = try ToolkitFixture()
        let day = try f.task(["title": "Passport", "due": "2026-12-10"])
        #expect(try f.call("reschedule_task", ["id": .int(day), "due": "friday"])["task"]?["due"] == "2026-12-04")
        let none = try f.task(["title": "Taxes"])
        #expect(try f.call("reschedule_task", ["id": .int(none), "due": "friday"])["task"]?["due"] == "2026-12-04T09:00:00+00:00")
    }

    @Test func theConfirmationSaysTheKeptTime() throws {
        let f = try ToolkitFixture()
        let id = try f.task(["title": "Dentist", "due": "2026-12-08T15:00"])
        guard case .ready(let text) = try RescheduleTask(target: .id(Int64(id)), due: "friday").preview(in: f.toolkit) else {
            Issue.record("refused")
            return
        }
        #expect(text.contains("3:00 PM") || text.contains("15:00"), "\(text)")
    }

    /// "move standup to 10am" of a standup due tomorrow 9:30 is tomorrow 10:00 (it was today 10:00, a
    /// wrong day); a task due today or before gets the grammar's next 10:00 as before.
    @Test(arguments: [
        ("2026-12-03T09:30", "10am", "2026-12-03T10:00:00+00:00"),
        ("2026-12-08T15:00", "at 5", "2026-12-08T17:00:00+00:00"),
        ("2026-12-08T15:00", "evening", "2026-12-08T19:00:00+00:00"),
        ("2026-12-02T09:00", "4pm", "2026-12-02T16:00:00+00:00"),
        ("2026-12-02T09:00", "9am", "2026-12-03T09:00:00+00:00"),
        ("2026-11-20T09:00", "4pm", "2026-12-02T16:00:00+00:00"),
        ("2026-12-10", "2pm", "2026-12-10T14:00:00+00:00"),
    ])
    func aTimeAloneKeepsALaterDay(was: String, due: String, expected: String) throws {
        let f = try ToolkitFixture()
        let id = try f.task(["title": "Standup", "due": .string(was)])
        let moved = try f.call("reschedule_task", ["id": .int(id), "due": .string(due)])
        #expect(moved["task"]?["due"] == .string(expected))
    }
}
