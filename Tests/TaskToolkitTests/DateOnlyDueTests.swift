import Foundation
import Testing
import TaskCore
import TaskStore
@testable import TaskToolkit

/// Date-only dues through the tools: a bare day is a day (shown alone, planned at 9:00), a time
/// makes it timed again, completion of a recurring one stays date-only, undo brings the day back.
@Suite struct DateOnlyDueTests {
    @Test func aBareDayIsADateOnlyDueAndATimeIsNot() throws {
        let f = try ToolkitFixture()
        let day = try f.call("create_task", ["title": "Dentist", "due": "2026-12-10"])
        #expect(day["task"]?["due"] == "2026-12-10")
        let timed = try f.call("create_task", ["title": "Call", "due": "2026-12-10T15:00"])
        #expect(timed["task"]?["due"] == "2026-12-10T15:00:00+00:00")
        let words = try f.call("create_task", ["title": "Words", "due": "friday"])
        #expect(words["task"]?["due"] == "2026-12-04T09:00:00+00:00", "captured words keep the 9:00 default")
        let stored = try Tasks(f.toolkit.store).task(TaskID(Int64(try #require(day["task"]?["id"]?.intValue))))
        #expect(stored.dueDay == LocalDate(year: 2026, month: 12, day: 10))
        #expect(stored.due == ISODate.parse("2026-12-10T09:00", in: ToolkitFixture.zone), "ordered and planned at 9:00")
        let listed = try f.call("list_tasks", ["filter": "all"])["tasks"]?.arrayValue ?? []
        let dues: [String] = listed.compactMap { $0["due"]?.stringValue }
        #expect(dues.contains("2026-12-10"))
    }

    @Test func updateAndRescheduleSwitchBetweenDayAndTimeAndUndoRestoresTheDay() throws {
        let f = try ToolkitFixture()
        let id = try f.task(["title": "Dentist", "due": "2026-12-10"])
        let timed = try f.call("update_task", ["id": .int(id), "due": "2026-12-11T08:30"])
        #expect(timed["task"]?["due"] == "2026-12-11T08:30:00+00:00")
        #expect(try Tasks(f.toolkit.store).task(TaskID(Int64(id))).dueDay == nil)
        let back = try f.call("update_task", ["id": .int(id), "due": "2026-12-12"])
        #expect(back["task"]?["due"] == "2026-12-12")

        let call = RescheduleTask(target: .id(Int64(id)), due: "2026-12-14T16:00")
        guard case .done(let output) = try call.run(in: f.toolkit) else { Issue.record("not run"); return }
        #expect(output.json(f.toolkit.format)["previous_due"] == "2026-12-12")
        try #require(call.undo(after: output)).revert(in: f.toolkit.store)
        #expect(try Tasks(f.toolkit.store).task(TaskID(Int64(id))).dueDay == LocalDate(year: 2026, month: 12, day: 12))
        let cleared = try f.call("reschedule_task", ["id": .int(id), "due": .null])
        #expect(cleared["task"]?["due"] == .null)
        #expect(try Tasks(f.toolkit.store).task(TaskID(Int64(id))).dueDay == nil)
    }

    @Test func aRecurringDateOnlyTaskComesBackDateOnly() throws {
        let f = try ToolkitFixture()
        let id = try f.task(["title": "Water plants", "due": "2026-12-02", "recurrence": ["frequency": "weekly"]])
        let done = try f.call("complete_task", ["id": .int(id)])
        #expect(done["next"]?["due"] == "2026-12-09")
    }

    @Test func theConfirmationShowsTheDayAlone() throws {
        let f = try ToolkitFixture()
        let call = CreateTask(draft: TaskDraft(title: "Dentist"), due: "2026-12-10")
        guard case .ready(let text) = try call.preview(in: f.toolkit) else { Issue.record("refused"); return }
        #expect(text == "Create 'Dentist', due Thu 10 Dec")
    }
}
