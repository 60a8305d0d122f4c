import Foundation
import Testing
@testable import TaskCore
@testable import TaskStore

@Suite struct TaskStoreQueryTests {
    /// Now is Tue 2026-03-10 10:00 in the fixture's zone.
    func seeded(zone: TimeZone = utc) throws -> (Fixture, [String: TaskItem]) {
        let f = try Fixture(now: at("2026-03-10T10:00", zone), zone: zone)
        _ = try Projects(f.store).createProject(name: "House")
        _ = try Projects(f.store).createList(name: "Work")
        var t: [String: TaskItem] = [:]
        t["overdue"] = try f.add("overdue") { $0.due = at("2026-03-09T09:00", zone) }
        t["earlier"] = try f.add("earlier today") { $0.due = at("2026-03-10T08:00", zone) }
        t["later"] = try f.add("later today") { $0.due = at("2026-03-10T23:30", zone); $0.priority = .high }
        t["laterLow"] = try f.add("later today low") { $0.due = at("2026-03-10T23:30", zone); $0.priority = .low }
        t["tomorrow"] = try f.add("tomorrow") { $0.due = at("2026-03-11T00:30", zone); $0.project = "House" }
        t["nodue"] = try f.add("no due") { $0.contexts = ["phone"]; $0.list = "Work" }
        t["nodueHigh"] = try f.add("no due high") { $0.priority = .high }
        t["deferred"] = try f.add("deferred") { $0.deferUntil = LocalDate(year: 2026, month: 3, day: 11) }
        t["deferredToday"] = try f.add("deferred to today") { $0.deferUntil = LocalDate(year: 2026, month: 3, day: 10) }
        t["waitingKind"] = try f.add("waiting on bob") { $0.kind = .waiting }
        t["waitingStage"] = try f.add("waiting stage")
        var u = TaskUpdate()
        u.stage = "Waiting"
        t["waitingStage"] = try Tasks(f.store).updateTask(t["waitingStage"]!.id, u)
        t["done"] = try f.add("done") { $0.due = at("2026-03-09T09:00", zone) }
        _ = try Tasks(f.store).completeTask(t["done"]!.id)
        return (f, t)
    }

    func titles(_ f: Fixture, _ q: TaskQuery) throws -> [String] { try Tasks(f.store).tasks(q).map(\.title) }

    @Test(arguments: [utc, berlin, TimeZone(identifier: "America/Los_Angeles")!])
    func todayIsBeforeEndOfTodayInZone(zone: TimeZone) throws {
        let (f, _) = try seeded(zone: zone)
        #expect(try titles(f, TaskQuery(filter: .today)) == ["overdue", "earlier today", "later today", "later today low"])
    }

    @Test(arguments: [utc, berlin, TimeZone(identifier: "America/Los_Angeles")!])
    func tomorrowIsTheWholeNextDayInZone(zone: TimeZone) throws {
        let (f, _) = try seeded(zone: zone)
        try f.add("tomorrow night") { $0.due = at("2026-03-11T23:59", zone) }
        try f.add("day after") { $0.due = at("2026-03-12T00:00", zone) }
        #expect(try titles(f, TaskQuery(filter: .tomorrow)) == ["tomorrow", "tomorrow night"])
    }

    /// This week runs to the end of Sunday in the zone (weeks start on Monday), overdue included;
    /// Monday is next week's.
    @Test(arguments: [utc, berlin, TimeZone(identifier: "America/Los_Angeles")!])
    func weekIsUntilTheEndOfSundayInZone(zone: TimeZone) throws {
        let (f, _) = try seeded(zone: zone)
        try f.add("sunday night") { $0.due = at("2026-03-15T23:59", zone) }
        try f.add("next monday") { $0.due = at("2026-03-16T00:00", zone) }
        #expect(try titles(f, TaskQuery(filter: .week)) == ["overdue", "earlier today", "later today", "later today low", "tomorrow", "sunday night"])
    }

    /// A window of dues (the chat's "what's on saturday", "this weekend"): from its first instant, up
    /// to but not including its end; overdue, done and undated tasks stay out.
    @Test(arguments: [utc, berlin])
    func aWindowKeepsTheDuesInsideIt(zone: TimeZone) throws {
        let (f, _) = try seeded(zone: zone)
        try f.add("friday night") { $0.due = at("2026-03-13T23:59", zone) }
        try f.add("saturday") { $0.due = at("2026-03-14T00:00", zone) }
        try f.add("sunday night") { $0.due = at("2026-03-15T23:59", zone) }
        try f.add("monday") { $0.due = at("2026-03-16T00:00", zone) }
        var q = TaskQuery(filter: .open)
        q.dueFrom = at("2026-03-14T00:00", zone)
        q.dueBefore = at("2026-03-16T00:00", zone)
        #expect(try titles(f, q) == ["saturday", "sunday night"])
        q.dueFrom = nil
        #expect(try titles(f, q).first == "overdue", "without a start, the window runs from the first due")
    }

    /// On a Sunday, this week is what is left of that day.
    @Test func weekOnASundayIsThatDay() throws {
        let f = try Fixture(now: at("2026-03-15T10:00", utc), zone: utc)
        try f.add("tonight") { $0.due = at("2026-03-15T21:00", utc) }
        try f.add("monday") { $0.due = at("2026-03-16T09:00", utc) }
        #expect(try titles(f, TaskQuery(filter: .week)) == ["tonight"])
    }

    /// Tomorrow is a calendar day in the zone: 23 hours when the clocks go forward.
    @Test func tomorrowOnTheDayTheClocksGoForward() throws {
        let f = try Fixture(now: at("2026-03-28T10:00", berlin), zone: berlin)
        try f.add("late on the short day") { $0.due = at("2026-03-29T23:30", berlin) }
        try f.add("monday") { $0.due = at("2026-03-30T00:10", berlin) }
        try f.add("tonight") { $0.due = at("2026-03-28T23:30", berlin) }
        #expect(try titles(f, TaskQuery(filter: .tomorrow)) == ["late on the short day"])
    }

    @Test func overdueIsBeforeNow() throws {
        let (f, _) = try seeded()
        #expect(try titles(f, TaskQuery(filter: .overdue)) == ["overdue", "earlier today"])
    }

    @Test func openOrdersDueThenPriorityThenIdNullsLast() throws {
        let (f, _) = try seeded()
        #expect(try titles(f, TaskQuery(filter: .open)) == [
            "overdue", "earlier today", "later today", "later today low", "tomorrow",
            "no due high", "no due", "deferred", "deferred to today", "waiting on bob", "waiting stage",
        ])
        #expect(try titles(f, TaskQuery(filter: .open, limit: 6)) == [
            "overdue", "earlier today", "later today", "later today low", "tomorrow", "no due high",
        ])
        #expect(try titles(f, TaskQuery(filter: .open, limit: 0)).isEmpty)
        #expect(try Tasks(f.store).tasks(TaskQuery(filter: .all)).count == 12)
        #expect(try Tasks(f.store).tasks(TaskQuery(filter: .all)).last?.title == "waiting stage")
    }

    @Test func availableExcludesDeferredAndWaiting() throws {
        let (f, _) = try seeded()
        let available = try titles(f, TaskQuery(filter: .available))
        #expect(available.contains("deferred to today"))
        #expect(!available.contains("deferred"))
        #expect(!available.contains("waiting on bob") && !available.contains("waiting stage") && !available.contains("done"))
        #expect(available.count == 8)
    }

    @Test func waitingIsKindOrStage() throws {
        let (f, t) = try seeded()
        #expect(try titles(f, TaskQuery(filter: .waiting)) == ["waiting on bob", "waiting stage"])
        #expect(try Tasks(f.store).tasks(TaskQuery(filter: .waiting)).allSatisfy(\.isWaiting))
        #expect(t["waitingStage"]?.stage == "Waiting")
    }

    @Test func filtersByListProjectContext() throws {
        let (f, _) = try seeded()
        #expect(try titles(f, TaskQuery(list: "work")) == ["no due"])
        #expect(try titles(f, TaskQuery(project: "House")) == ["tomorrow"])
        #expect(try titles(f, TaskQuery(context: "#Phone")) == ["no due"])
        #expect(try titles(f, TaskQuery(filter: .today, project: "House")).isEmpty)
        #expect(throws: TaskStoreError.listNotFound("Nope")) { try Tasks(f.store).tasks(TaskQuery(list: "Nope")) }
        #expect(throws: TaskStoreError.projectNotFound("Nope")) { try Tasks(f.store).tasks(TaskQuery(project: "Nope")) }
    }

    @Test func todayUsesTheIndex() throws {
        let (f, _) = try seeded()
        let plan = try f.store.db.prepare(
            "EXPLAIN QUERY PLAN SELECT t.id FROM tasks t WHERE t.status = 'open' AND t.due < 0 AND t.due IS NOT NULL ORDER BY t.due, t.priority DESC, t.id LIMIT 50"
        ).rows { $0.string(3) }
        #expect(plan.contains { $0.contains("tasks_status_due") })
        #expect(!plan.contains { $0.contains("TEMP B-TREE") })
    }
}
