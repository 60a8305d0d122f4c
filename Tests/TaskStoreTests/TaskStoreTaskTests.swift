import Foundation
import Testing
@testable import TaskCore
@testable import TaskStore

@Suite struct TaskStoreTaskTests {
    @Test func createAndReadBackEveryField() throws {
        let f = try Fixture()
        _ = try Projects(f.store).createProject(name: "Home")
        _ = try Projects(f.store).createList(name: "Errands")
        let parent = try f.add("Parent")
        let rule = RecurrenceRule(frequency: .weekly, interval: 2, weekdays: [.fri, .mon])
        let created = try f.add("Buy milk") {
            $0.notes = "2 litres"
            $0.due = at("2026-03-11T17:30")
            $0.priority = .high
            $0.estimateMinutes = 15
            $0.energy = .quick
            $0.contexts = ["#Errands", "@phone", "errands", "  "]
            $0.kind = .errand
            $0.recurrence = rule
            $0.deferUntil = LocalDate(year: 2026, month: 3, day: 11)
            $0.list = "errands"
            $0.project = "home"
            $0.parent = parent.id
        }
        let read = try Tasks(f.store).task(created.id)
        #expect(read == created)
        #expect(read.title == "Buy milk")
        #expect(read.notes == "2 litres")
        #expect(read.due == at("2026-03-11T17:30"))
        #expect(read.priority == .high)
        #expect(read.estimateMinutes == 15)
        #expect(read.energy == .quick)
        #expect(read.contexts == ["errands", "phone"])
        #expect(read.kind == .errand)
        #expect(read.status == .open)
        #expect(read.list == "Errands")
        #expect(read.project == "Home")
        #expect(read.parent == parent.id)
        #expect(read.recurrence == rule)
        #expect(read.deferUntil == LocalDate(year: 2026, month: 3, day: 11))
        #expect(read.created == f.clock.now)
        #expect(read.completed == nil)
    }

    @Test func defaultListIsInbox() throws {
        let f = try Fixture()
        #expect(try f.add("x").list == "Inbox")
    }

    @Test func createErrors() throws {
        let f = try Fixture()
        #expect(throws: TaskStoreError.listNotFound("Nope")) { try f.add("x") { $0.list = "Nope" } }
        #expect(throws: TaskStoreError.projectNotFound("Nope")) { try f.add("x") { $0.project = "Nope" } }
        #expect(throws: TaskStoreError.taskNotFound(TaskID(999))) { try f.add("x") { $0.parent = TaskID(999) } }
        #expect(throws: TaskStoreError.self) { try f.add("   ") }
        #expect(throws: TaskStoreError.self) { try f.add("x") { $0.estimateMinutes = -5 } }
        #expect(try Tasks(f.store).tasks(TaskQuery(filter: .all)).isEmpty)
    }

    @Test func notBootstrappedBeforeBootstrap() throws {
        let f = try Fixture(bootstrap: false)
        #expect(throws: TaskStoreError.notBootstrapped) { try f.add("x") }
        #expect(throws: TaskStoreError.notBootstrapped) { try Pages(f.store).createPage(title: "p") }
        #expect(throws: TaskStoreError.notBootstrapped) { try Projects(f.store).createProject(name: "p") }
        #expect(try Projects(f.store).lists().isEmpty)
        try f.store.bootstrap()
        #expect(try f.add("x").list == "Inbox")
    }

    @Test func bootstrapIsIdempotent() throws {
        let f = try Fixture()
        try f.store.bootstrap()
        try f.reopen().bootstrap()
        #expect(try Projects(f.store).lists().map(\.name) == ["Inbox"])
        #expect(try Projects(f.store).lists().first?.isDefault == true)
        #expect(try Projects(f.store).stages().map(\.name) == ["Backlog", "Next", "Doing", "Waiting", "Done", "Someday"])
        #expect(try Projects(f.store).stages().allSatisfy(\.isBuiltIn))
        #expect(try Pages(f.store).spaces().map(\.name) == ["Personal"])
    }

    /// A set-up file is only read: opening it does not queue behind another connection's write.
    /// (Before, every command's bootstrap took the write lock, so a `list` waited out a writer's
    /// transaction, up to the 5 s busy timeout.) Something missing is still added.
    @Test func bootstrapOfASetUpFileTakesNoWriteLock() throws {
        let f = try Fixture()
        let writer = try f.reopen()
        try writer.db.execute("BEGIN IMMEDIATE")
        defer { try? writer.db.execute("ROLLBACK") }
        let started = Date()
        try f.reopen().bootstrap()
        #expect(Date().timeIntervalSince(started) < 1)
        try writer.db.execute("ROLLBACK")

        try writer.db.execute("DELETE FROM stages WHERE name = 'Someday'")
        #expect(try f.store.isBootstrapped() == false)
        try f.reopen().bootstrap()
        #expect(try Projects(f.store).stages().map(\.name) == ["Backlog", "Next", "Doing", "Waiting", "Done", "Someday"])
        #expect(try f.store.isBootstrapped())
    }

    @Test func updateEveryFieldAndClear() throws {
        let f = try Fixture()
        _ = try Projects(f.store).createProject(name: "Work")
        _ = try Projects(f.store).createList(name: "Later")
        let t = try f.add("Draft") { $0.notes = "n"; $0.contexts = ["a"]; $0.due = at("2026-03-12T09:00") }
        f.clock.advance(minutes: 5)
        var u = TaskUpdate()
        u.title = "Final"
        u.notes = .some(nil)
        u.due = .some(nil)
        u.priority = .critical
        u.estimateMinutes = 40
        u.energy = .deep
        u.contexts = ["B", "#c"]
        u.kind = .admin
        u.stage = "next"
        u.list = "later"
        u.project = "work"
        u.recurrence = .some(RecurrenceRule(frequency: .daily))
        u.deferUntil = LocalDate(year: 2026, month: 4, day: 1)
        let updated = try Tasks(f.store).updateTask(t.id, u)
        let read = try Tasks(f.store).task(t.id)
        #expect(read == updated)
        #expect(read.title == "Final" && read.notes == nil && read.due == nil)
        #expect(read.priority == .critical && read.estimateMinutes == 40 && read.energy == .deep)
        #expect(read.contexts == ["b", "c"] && read.kind == .admin && read.stage == "Next")
        #expect(read.list == "Later" && read.project == "Work" && read.recurrence?.frequency == .daily)
        #expect(read.updated == f.clock.now && read.created == t.created)
        #expect(try Tasks(f.store).tasks(TaskQuery(context: "a")).isEmpty)
        #expect(try Tasks(f.store).tasks(TaskQuery(context: "c")).map(\.id) == [t.id])
        var bad = TaskUpdate()
        bad.stage = "Nowhere"
        #expect(throws: TaskStoreError.stageNotFound("Nowhere")) { try Tasks(f.store).updateTask(t.id, bad) }
        #expect(throws: TaskStoreError.taskNotFound(TaskID(404))) { try Tasks(f.store).updateTask(TaskID(404), TaskUpdate()) }
    }

    @Test func completeAndReopen() throws {
        let f = try Fixture()
        let t = try f.add("Plain")
        f.clock.advance(minutes: 1)
        let (done, next) = try Tasks(f.store).completeTask(t.id)
        #expect(next == nil)
        #expect(done.status == .done && done.completed == f.clock.now)
        #expect(try Tasks(f.store).task(t.id).status == .done)
        let again = try Tasks(f.store).completeTask(t.id)
        #expect(again.next == nil && again.completed.completed == done.completed)
        let reopened = try Tasks(f.store).reopenTask(t.id)
        #expect(reopened.status == .open && reopened.completed == nil)
        #expect(try Tasks(f.store).task(t.id).status == .open)
        #expect(throws: TaskStoreError.taskNotFound(TaskID(77))) { try Tasks(f.store).completeTask(TaskID(77)) }
    }

    @Test func rescheduleDeferDelete() throws {
        let f = try Fixture()
        let t = try f.add("Move me") { $0.due = at("2026-03-10T09:00") }
        #expect(try Tasks(f.store).rescheduleTask(t.id, due: at("2026-03-20T08:00")).due == at("2026-03-20T08:00"))
        #expect(try Tasks(f.store).rescheduleTask(t.id, due: nil).due == nil)
        let day = LocalDate(year: 2026, month: 3, day: 15)
        #expect(try Tasks(f.store).deferTask(t.id, until: day).deferUntil == day)
        #expect(try Tasks(f.store).task(t.id).deferUntil == day)
        let child = try f.add("Child") { $0.parent = t.id }
        let page = try Pages(f.store).createPage(title: "Notes")
        _ = try Pages(f.store).linkPage(page.id, toTask: t.id)
        try Tasks(f.store).deleteTask(t.id)
        #expect(throws: TaskStoreError.taskNotFound(t.id)) { try Tasks(f.store).task(t.id) }
        #expect(try Tasks(f.store).task(child.id).parent == nil)
        #expect(try Pages(f.store).page(page.id).linkedTasks.isEmpty)
        #expect(throws: TaskStoreError.taskNotFound(t.id)) { try Tasks(f.store).deleteTask(t.id) }
    }

    @Test func subtasksAndCycles() throws {
        let f = try Fixture()
        let a = try f.add("A")
        let b = try f.add("B") { $0.parent = a.id }
        let c = try f.add("C") { $0.parent = b.id }
        let d = try f.add("D") { $0.parent = a.id }
        #expect(try Tasks(f.store).subtasks(of: a.id).map(\.id) == [b.id, d.id])
        #expect(try Tasks(f.store).subtasks(of: c.id).isEmpty)
        var toC = TaskUpdate()
        toC.parent = c.id
        #expect(throws: TaskStoreError.cyclicParent(loop: [a.id, c.id, b.id, a.id])) { try Tasks(f.store).updateTask(a.id, toC) }
        var toSelf = TaskUpdate()
        toSelf.parent = b.id
        #expect(throws: TaskStoreError.cyclicParent(loop: [b.id, b.id])) { try Tasks(f.store).updateTask(b.id, toSelf) }
        // A legal move: D under C.
        #expect(try Tasks(f.store).updateTask(d.id, toC).parent == c.id)
        var clear = TaskUpdate()
        clear.parent = .some(nil)
        #expect(try Tasks(f.store).updateTask(c.id, clear).parent == nil)
        #expect(try Tasks(f.store).task(a.id).parent == nil)
        #expect(throws: TaskStoreError.taskNotFound(TaskID(999))) { try Tasks(f.store).subtasks(of: TaskID(999)) }
    }

    @Test func findTasksExactThenSubstring() throws {
        let f = try Fixture()
        let mom = try f.add("Call mom")
        let momLater = try f.add("Call mom later")
        let dentist = try f.add("Book dentist")
        #expect(try Tasks(f.store).findTasks(titled: "call MOM").uniqueValue?.id == mom.id)
        #expect(try Tasks(f.store).findTasks(titled: "dent").uniqueValue?.id == dentist.id)
        #expect(try Tasks(f.store).findTasks(titled: "mom").ambiguousValues?.map(\.id) == [mom.id, momLater.id])
        #expect(try Tasks(f.store).findTasks(titled: "zebra").isNone)
        #expect(try Tasks(f.store).findTasks(titled: "  ").isNone)
        let twin = try f.add("call mom")
        #expect(try Tasks(f.store).findTasks(titled: "Call Mom").ambiguousValues?.map(\.id) == [mom.id, twin.id])
        _ = try Tasks(f.store).completeTask(dentist.id)
        #expect(try Tasks(f.store).findTasks(titled: "dentist").isNone)
        #expect(try Tasks(f.store).findTasks(titled: "dentist", openOnly: false).uniqueValue?.id == dentist.id)
        // Unicode case folding, which SQLite's NOCASE lacks.
        let cafe = try f.add("Café ÜBER")
        #expect(try Tasks(f.store).findTasks(titled: "café über").uniqueValue?.id == cafe.id)
    }

    @Test func contextsMostUsedFirst() throws {
        let f = try Fixture()
        try f.add("a") { $0.contexts = ["home", "phone"] }
        try f.add("b") { $0.contexts = ["phone"] }
        let done = try f.add("c") { $0.contexts = ["office", "office2"] }
        _ = try Tasks(f.store).completeTask(done.id)
        #expect(try Tasks(f.store).contexts() == ["phone", "home"])
    }

    @Test func bulkCreateIsOneTransaction() throws {
        let f = try Fixture()
        let drafts = (0..<500).map { TaskDraft(title: "Task \($0)", contexts: ["bulk"]) }
        let created = try Tasks(f.store).createTasks(drafts)
        #expect(created.count == 500)
        #expect(Set(created.map(\.id)).count == 500)
        #expect(try Tasks(f.store).tasks(TaskQuery(context: "bulk")).count == 500)
        // All or nothing: a bad draft in the middle stores none.
        var bad = drafts
        bad[250].list = "Missing"
        #expect(throws: TaskStoreError.listNotFound("Missing")) { try Tasks(f.store).createTasks(bad) }
        #expect(try Tasks(f.store).tasks(TaskQuery(filter: .all)).count == 500)
    }
}
