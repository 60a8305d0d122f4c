import Foundation
import Testing
import TaskCore
import TaskStore
@testable import TaskToolkit

/// `remind` on create_task and update_task: minutes before, a phrase of minutes, a time (on the
/// due's day), null to clear, undo; and the next occurrence of a recurring task keeps it.
@Suite struct ReminderArgumentTests {
    @Test(arguments: [
        (JSONValue.int(30), JSONValue.int(30)),
        ("30 min before", .int(30)),
        ("1h", .int(60)),
        ("2026-12-04T14:00", "2026-12-04T14:00:00+00:00"),
        ("2pm", "2026-12-04T14:00:00+00:00"),
        ("thursday 6pm", "2026-12-03T18:00:00+00:00"),
    ] as [(JSONValue, JSONValue)])
    func createTaskReadsRemind(argument: JSONValue, stored: JSONValue) throws {
        let f = try ToolkitFixture()
        let result = try f.call("create_task", ["title": "Dentist", "due": "friday 3pm", "remind": argument])
        #expect(result["task"]?["remind"] == stored)
        let id = try #require(result["task"]?["id"]?.intValue)
        #expect(try Tasks(f.toolkit.store).task(TaskID(Int64(id))).remind != nil, "stored, read back")
    }

    @Test func aTaskWithoutItsOwnReminderCarriesNoRemindField() throws {
        let f = try ToolkitFixture()
        #expect(try f.call("create_task", ["title": "Plain", "due": "friday 3pm"])["task"]?["remind"] == nil)
    }

    @Test func updateSetsClearsAndUndoes() throws {
        let f = try ToolkitFixture()
        let id = try f.task(["title": "Dentist", "due": "friday 3pm"])
        let set = try f.call("update_task", ["id": .int(id), "remind": "45 min before"])
        #expect(set["task"]?["remind"] == .int(45))
        let cleared = try f.call("update_task", ["id": .int(id), "remind": .null])
        #expect(cleared["task"]?["remind"] == nil)
        #expect(try Tasks(f.toolkit.store).task(TaskID(Int64(id))).remind == nil)
    }

    @Test func nonsenseIsRefusedAsAMalformedCall() throws {
        let f = try ToolkitFixture()
        #expect(throws: ToolkitError.self) { try f.call("create_task", ["title": "X", "remind": "whenever"]) }
        #expect(throws: ToolkitError.self) { try f.call("create_task", ["title": "X", "remind": -5]) }
    }

    @Test func theNextOccurrenceKeepsMinutesAndMovesAnInstant() throws {
        let f = try ToolkitFixture()
        let a = try f.task(["title": "Standup", "due": "2026-12-03T09:15", "recurrence": "weekly", "remind": 5])
        let b = try f.task(["title": "Review", "due": "2026-12-03T16:00", "recurrence": "weekly", "remind": "2026-12-03T15:00"])
        let nextA = try Tasks(f.toolkit.store).completeTask(TaskID(Int64(a))).next
        let nextB = try Tasks(f.toolkit.store).completeTask(TaskID(Int64(b))).next
        #expect(nextA?.remind == .minutesBefore(5))
        #expect(nextB?.remind == .at(ISODate.parse("2026-12-10T15:00", in: ToolkitFixture.zone)!))
    }
}
