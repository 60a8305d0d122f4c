import Foundation
import Testing
@testable import TaskCore
@testable import TaskStore

/// Templates in the store: saved as offsets, listed with the built-ins, applied in one transaction.
@Suite struct TaskStoreTemplateTests {
    static let london = TimeZone(identifier: "Europe/London")!

    /// Five tasks: before the anchor, on it, after it, and one a month on (across a DST change from
    /// either anchor), with wall-clock times and a subtask.
    static let fiveTasks = TaskTemplate(name: "launch", project: "Launch", tasks: [
        TemplateTask(title: "Draft the announcement", offsetDays: -3, time: WallTime(hour: 10, minute: 0)),
        TemplateTask(title: "Launch", offsetDays: 0, time: WallTime(hour: 18, minute: 30), priority: .high,
                     subtasks: [TemplateTask(title: "Press the button", offsetDays: 0, time: WallTime(hour: 18, minute: 25))]),
        TemplateTask(title: "Thank everyone", offsetDays: 1),
        TemplateTask(title: "Retrospective", offsetDays: 30, time: WallTime(hour: 8, minute: 15), estimateMinutes: 60, contexts: ["#Work"]),
    ])

    @Test func sameOffsetsAndWallClockTimesOnEitherSideOfDST() throws {
        let f = try Fixture(now: at("2027-01-10T10:00", Self.london), zone: Self.london)
        try Templates(f.store).saveTemplate(Self.fiveTasks)
        let template = try #require(try Templates(f.store).template(named: "LAUNCH"))
        #expect(template.taskCount == 5)
        var offsets: [[Int]] = []
        var times: [[String]] = []
        for anchorText in ["2027-03-01", "2027-11-01"] {
            let anchor = try #require(LocalDate(iso: anchorText))
            let applied = try Templates(f.store).applyTemplate(template, anchor: anchor, project: "Launch \(anchorText)")
            #expect(applied.tasks.count == 5)
            #expect(applied.projectCreated)
            offsets.append(applied.tasks.map { LocalDate($0.due!, in: Self.london).daysSinceEpoch - anchor.daysSinceEpoch })
            times.append(applied.tasks.map { WallTime($0.due!, in: Self.london).description })
            #expect(applied.tasks.allSatisfy { $0.project == "Launch \(anchorText)" })
            #expect(applied.tasks[2].parent == applied.tasks[1].id, "the subtask hangs under its task")
            #expect(applied.tasks[4].contexts == ["work"])
        }
        #expect(offsets == [[-3, 0, 0, 1, 30], [-3, 0, 0, 1, 30]])
        #expect(times[0] == ["10:00", "18:30", "18:25", "09:00", "08:15"])
        #expect(times[1] == times[0])
        // The month-on task crosses a DST change from both anchors, so its UTC hour differs: proof the
        // wall clock, not a fixed interval, was kept.
        let utc = TimeZone(identifier: "UTC")!
        let retros = try Tasks(f.store).tasks(TaskQuery(filter: .all)).filter { $0.title == "Retrospective" }.compactMap(\.due)
        #expect(retros.map { ISODate.format($0, in: utc) } == ["2027-03-31T07:15:00+00:00", "2027-12-01T08:15:00+00:00"])
    }

    @Test func storedAsOffsetsNotDates() throws {
        let f = try Fixture()
        try Templates(f.store).saveTemplate(Self.fiveTasks)
        let blueprint = try #require(try f.store.db.cached("SELECT blueprint FROM templates").first { $0.string(0) })
        #expect(blueprint.contains("\"offset_days\":-3"))
        #expect(!blueprint.contains("2026") && !blueprint.contains("2027"))
        #expect(try Templates(f.reopen()).template(named: "launch") == Self.fiveTasks)
    }

    @Test func builtInsAreListedFirstAndTheirNamesAreReserved() throws {
        let f = try Fixture()
        try Templates(f.store).saveTemplate(Self.fiveTasks)
        #expect(try Templates(f.store).templates().map(\.name) == ["weekly review", "trip packing", "new project", "launch"])
        #expect(throws: TaskStoreError.duplicateName(kind: "built-in template", name: "weekly review")) {
            try Templates(f.store).saveTemplate(TaskTemplate(name: "Weekly Review", tasks: [TemplateTask(title: "x", offsetDays: 0)]), replacing: true)
        }
        #expect(throws: TaskStoreError.duplicateName(kind: "template", name: "Launch")) {
            try Templates(f.store).saveTemplate(TaskTemplate(name: "Launch", tasks: [TemplateTask(title: "x", offsetDays: 0)]))
        }
        try Templates(f.store).saveTemplate(TaskTemplate(name: "Launch", tasks: [TemplateTask(title: "x", offsetDays: 2)]), replacing: true)
        #expect(try Templates(f.store).template(named: "launch")?.tasks.map(\.offsetDays) == [2])
        try Templates(f.store).deleteTemplate(named: "launch")
        #expect(try Templates(f.store).template(named: "launch") == nil)
    }

    @Test func aProjectBecomesOffsetsFromItsFirstDue() throws {
        let f = try Fixture(zone: Self.london)
        _ = try Projects(f.store).createProject(name: "Move")
        let boxes = try f.add("Buy boxes") { $0.project = "Move"; $0.due = at("2026-04-10T17:00", Self.london) }
        try f.add("Tape") { $0.project = "Move"; $0.parent = boxes.id }
        try f.add("Van") { $0.project = "Move"; $0.due = at("2026-04-14T08:30", Self.london); $0.estimateMinutes = 20 }
        try f.add("Elsewhere") { $0.due = at("2026-04-01T08:00", Self.london) }
        let tasks = try Templates(f.store).templateTasks(fromProject: "move")
        #expect(tasks.map(\.title) == ["Buy boxes", "Van"])
        #expect(tasks.map(\.offsetDays) == [0, 4])
        #expect(tasks.map { $0.time?.description } == ["17:00", "08:30"])
        #expect(tasks[0].subtasks.map(\.title) == ["Tape"] && tasks[0].subtasks[0].offsetDays == 0 && tasks[0].subtasks[0].time == nil)
        #expect(tasks[1].estimateMinutes == 20)
        _ = try Projects(f.store).createProject(name: "Empty")
        #expect(throws: TaskStoreError.self) { try Templates(f.store).templateTasks(fromProject: "Empty") }
    }

    /// A recurring task's occurrences share one series, and each completion keeps its zone.
    @Test func completingARecurringTaskCarriesTheSeries() throws {
        let f = try Fixture(zone: Self.london)
        let first = try f.add("Stretch") { $0.recurrence = RecurrenceRule(frequency: .daily); $0.due = at("2026-03-10T08:00", Self.london) }
        let head = try Tasks(f.store).uuid(of: first.id)
        let second = try #require(try Tasks(f.store).completeTask(first.id).next)
        f.clock.now = at("2026-03-11T09:00")
        let third = try #require(try Tasks(f.store).completeTask(second.id).next)
        let series = try f.store.db.cached("SELECT series FROM tasks ORDER BY id").rows { $0.optionalString(0) }
        #expect(series == [head, head, head])
        #expect(try StreakHistory(f.store).openSeriesDue() == [head: try #require(third.due)])
        let records = try StreakHistory(f.store).completionRecords()
        #expect(records.map(\.series) == [head, head])
        #expect(records.allSatisfy { $0.timeZone.identifier == "Europe/London" })
        _ = try Tasks(f.store).reopenTask(second.id)
        #expect(try f.store.db.scalar("SELECT count(*) FROM tasks WHERE completed_zone IS NOT NULL") == 1)
        let oneOff = try f.add("Once")
        _ = try Tasks(f.store).completeTask(oneOff.id)
        #expect(try StreakHistory(f.store).completionRecords().last?.series == nil)
    }
}
