import Foundation
import Testing
@testable import TaskCore
@testable import TaskStore
import TaskerTestSupport

@Suite struct DayPlannerTests {
    let now = at("2026-03-10T10:02")

    func task(_ id: Int64, _ title: String, due: String? = nil, priority: Priority = .normal, estimate: Int? = 30,
              energy: Energy? = nil, kind: TaskKind? = nil, stage: String? = nil, deferUntil: LocalDate? = nil,
              status: TaskStatus = .open) -> TaskItem {
        TaskItem(id: TaskID(id), title: title, due: due.map { at($0) }, priority: priority, estimateMinutes: estimate,
                 energy: energy, kind: kind, status: status, stage: stage, deferUntil: deferUntil,
                 created: now, updated: now)
    }

    func plan(_ tasks: [TaskItem], budget: Int, energy: Energy? = nil, date: LocalDate? = nil, start: Date? = nil, defaultEstimate: Int = 30) -> DayPlan {
        DayPlanner(request: PlanRequest(budgetMinutes: budget, energy: energy, date: date, start: start, defaultEstimateMinutes: defaultEstimate),
                   now: now, timeZone: utc).plan(tasks)
    }

    @Test func orderOverdueThenDueTodayThenPriority() {
        let tasks = [
            task(1, "low later", priority: .low),
            task(2, "critical", priority: .critical),
            task(3, "due today", due: "2026-03-10T17:00"),
            task(4, "overdue", due: "2026-03-09T09:00", priority: .low),
            task(5, "high", priority: .high),
            task(6, "due tomorrow high", due: "2026-03-11T09:00", priority: .high),
            task(7, "overdue this morning", due: "2026-03-10T08:00"),
        ]
        let p = plan(tasks, budget: 1000)
        #expect(p.items.map(\.task.title) == [
            "overdue this morning", "overdue", "due today", "critical", "due tomorrow high", "high", "low later",
        ])
        #expect(p.items[0].reason == "overdue")
        #expect(p.items[2].reason == "due today")
        #expect(p.items[3].reason == "critical priority")
        #expect(p.leftovers.isEmpty)
    }

    @Test func energyMatchRanksFirstWithinABand() {
        let tasks = [
            task(1, "quick", energy: .quick),
            task(2, "focused", energy: .focused),
            task(3, "none"),
            task(4, "high quick", priority: .high, energy: .quick),
        ]
        let p = plan(tasks, budget: 1000, energy: .focused)
        #expect(p.items.map(\.task.title) == ["high quick", "focused", "quick", "none"])
        #expect(p.items[1].reason == "matches focused")
        #expect(p.items[0].reason == "high priority")
    }

    @Test func budgetGreedySkipsWhatDoesNotFitAndTriesSmaller() {
        let tasks = [
            task(1, "a", priority: .critical, estimate: 60),
            task(2, "b", priority: .high, estimate: 90),
            task(3, "c", priority: .normal, estimate: 20),
            task(4, "d", priority: .low, estimate: 30),
        ]
        let p = plan(tasks, budget: 100)
        #expect(p.items.map(\.task.title) == ["a", "c"])
        #expect(p.totalMinutes == 80 && p.budgetMinutes == 100)
        #expect(p.leftovers.map(\.task.title) == ["b", "d"])
        #expect(p.leftovers[0].reason == "does not fit: needs 90 min, 40 min left of budget")
        #expect(p.leftovers[1].reason == "does not fit: needs 30 min, 20 min left of budget")
    }

    @Test func consecutiveTimesFromNowRoundedUpToFiveMinutes() {
        let p = plan([task(1, "a", estimate: 25), task(2, "b", estimate: 10)], budget: 60)
        #expect(p.items[0].start == at("2026-03-10T10:05"))
        #expect(p.items[0].end == at("2026-03-10T10:30"))
        #expect(p.items[1].start == at("2026-03-10T10:30") && p.items[1].end == at("2026-03-10T10:40"))
        let fixed = plan([task(1, "a", estimate: 25)], budget: 60, start: at("2026-03-10T13:00"))
        #expect(fixed.items[0].start == at("2026-03-10T13:00"))
        let later = plan([task(1, "a", estimate: 25)], budget: 60, date: LocalDate(year: 2026, month: 3, day: 12))
        #expect(later.items[0].start == at("2026-03-12T09:00"))
    }

    @Test func defaultEstimateIsCountedAndMarked() {
        let p = plan([task(1, "unknown", estimate: nil), task(2, "known", estimate: 10)], budget: 60, defaultEstimate: 45)
        let unknown = p.items.first { $0.task.title == "unknown" }
        #expect(unknown?.minutes == 45 && unknown?.estimated == true)
        #expect(p.items.first { $0.task.title == "known" }?.estimated == false)
        #expect(p.totalMinutes == 55)
        let tight = plan([task(1, "unknown", estimate: nil)], budget: 20)
        #expect(tight.leftovers.first?.reason == "does not fit: needs 30 min (default estimate), 20 min left of budget")
    }

    @Test func deferredWaitingAndDoneNeverAppear() {
        let tasks = [
            task(1, "deferred", deferUntil: LocalDate(year: 2026, month: 3, day: 11)),
            task(2, "deferred to today", deferUntil: LocalDate(year: 2026, month: 3, day: 10)),
            task(3, "waiting kind", kind: .waiting),
            task(4, "waiting stage", stage: "Waiting"),
            task(5, "done", status: .done),
        ]
        let p = plan(tasks, budget: 1000)
        #expect(p.items.map(\.task.title) == ["deferred to today"])
        #expect(p.leftovers.isEmpty)
        let tomorrow = plan(tasks, budget: 1000, date: LocalDate(year: 2026, month: 3, day: 11))
        #expect(tomorrow.items.map(\.task.title).sorted() == ["deferred", "deferred to today"])
    }

    @Test func planningALaterDayTreatsEarlierDueAsOverdue() {
        let tasks = [task(1, "thursday", due: "2026-03-12T15:00"), task(2, "wednesday", due: "2026-03-11T09:00"), task(3, "free")]
        let p = plan(tasks, budget: 1000, date: LocalDate(year: 2026, month: 3, day: 12))
        #expect(p.items.map(\.task.title) == ["wednesday", "thursday", "free"])
        #expect(p.items[1].reason == "due Thu 12 Mar")
    }

    @Test func storePlanDayFiltersInSQL() throws {
        let f = try Fixture(now: now)
        try f.add("overdue") { $0.due = at("2026-03-09T09:00"); $0.estimateMinutes = 30 }
        try f.add("deferred") { $0.deferUntil = LocalDate(year: 2026, month: 3, day: 12) }
        try f.add("waiting") { $0.kind = .waiting }
        let staged = try f.add("staged waiting")
        var u = TaskUpdate()
        u.stage = "waiting"
        _ = try Tasks(f.store).updateTask(staged.id, u)
        let done = try f.add("done")
        _ = try Tasks(f.store).completeTask(done.id)
        try f.add("big") { $0.estimateMinutes = 120; $0.energy = .deep }
        try f.add("small") { $0.estimateMinutes = 10; $0.energy = .quick }
        let p = try DayPlanQuery(f.store).planDay(PlanRequest(budgetMinutes: 60, energy: .quick))
        #expect(p.items.map(\.task.title) == ["overdue", "small"])
        #expect(p.leftovers.map(\.task.title) == ["big"])
        #expect(p.items[0].start == at("2026-03-10T10:05"))
        #expect(throws: TaskStoreError.self) { try DayPlanQuery(f.store).planDay(PlanRequest(budgetMinutes: -1)) }
    }
}

@Suite struct PlanDayLeftoverTests {
    @Test func storeListsAFewLeftoversAndCountsThemAll() throws {
        let zone = TimeZone(identifier: "Europe/London")!
        let now = ISODate.parse("2026-12-02T10:30", in: zone)!
        let fixture = try TestStore("plan", now: now, zone: zone)
        let store = fixture.store
        _ = try Tasks(store).createTasks((0..<30).map { TaskDraft(title: "Task \($0)", estimateMinutes: 50) })
        var request = PlanRequest(budgetMinutes: 100)
        request.leftoversListed = 5
        let plan = try DayPlanQuery(store).planDay(request)
        #expect(plan.items.map(\.task.title) == ["Task 0", "Task 1"])
        #expect(plan.items.allSatisfy { !$0.task.title.isEmpty && $0.task.list == "Inbox" })
        #expect(plan.leftovers.map(\.task.title) == ["Task 2", "Task 3", "Task 4", "Task 5", "Task 6"])
        #expect(plan.leftoverCount == 28)
        #expect(plan.totalMinutes == 100)
    }
}

@Suite struct OneTransactionTests {
    @Test func aFailingStepUndoesOnlyItselfAndAThrowUndoesAll() throws {
        let fixture = try TestStore("txn", now: Date(), zone: .current)
        let store = fixture.store
        try store.inOneTransaction {
            _ = try Tasks(store).createTask(TaskDraft(title: "kept 1"))
            #expect(throws: TaskStoreError.self) { try Tasks(store).createTask(TaskDraft(title: "bad", project: "No such project")) }
            _ = try Tasks(store).createTask(TaskDraft(title: "kept 2"))
        }
        #expect(try Tasks(store).tasks(TaskQuery(filter: .all)).map(\.title).sorted() == ["kept 1", "kept 2"])
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try store.inOneTransaction {
                _ = try Tasks(store).createTask(TaskDraft(title: "rolled back"))
                throw Stop()
            }
        }
        #expect(try Tasks(store).tasks(TaskQuery(filter: .all)).count == 2)
    }
}
