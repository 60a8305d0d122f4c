import Foundation
import Testing
@testable import TaskCore
@testable import TaskStore

/// `TaskStore+Deletion` and `TaskStore+Hierarchy`: deleting with subtasks, restoring with the same
/// identity, loops named, deep chains walked without recursion.
@Suite struct TaskStoreDeletionTests {
    @Test func deleteAndRestoreKeepUUIDContextsLinksAndStage() throws {
        let f = try Fixture()
        _ = try Projects(f.store).createProject(name: "Home")
        let task = try f.add("Fix tap") { $0.contexts = ["home", "tools"]; $0.project = "Home"; $0.due = at("2026-03-12T09:00") }
        var staged = TaskUpdate()
        staged.stage = "Next"
        _ = try Tasks(f.store).updateTask(task.id, staged)
        let page = try Pages(f.store).createPage(title: "Plumbing")
        _ = try Pages(f.store).linkPage(page.id, toTask: task.id)
        let uuid = try Tasks(f.store).uuid(of: task.id)

        let deletion = try Tasks(f.store).deleteTask(task.id, withSubtasks: false)
        #expect(throws: TaskStoreError.taskNotFound(task.id)) { try Tasks(f.store).task(task.id) }
        #expect(try f.store.tombstones().map(\.uuid) == [uuid])
        #expect(try Pages(f.store).page(page.id).linkedTasks.isEmpty, "the page link went with it")

        let restored = try Tasks(f.store).restore(deletion)
        #expect(restored.map(\.id) == [task.id], "the id was free, so it is the same")
        let back = try Tasks(f.store).task(task.id)
        #expect(back.title == "Fix tap")
        #expect(back.contexts == ["home", "tools"])
        #expect(back.project == "Home")
        #expect(back.stage == "Next")
        #expect(back.due == at("2026-03-12T09:00"))
        #expect(try Tasks(f.store).uuid(of: task.id) == uuid)
        #expect(try f.store.tombstones().isEmpty, "the tombstone is removed")
        #expect(try Pages(f.store).page(page.id).linkedTasks == [task.id])
        #expect(try Tasks(f.store).tasks(TaskQuery(context: "tools")).map(\.id) == [task.id], "contexts are queryable again")
    }

    @Test func orphanedSubtasksComeBackUnderTheirParent() throws {
        let f = try Fixture()
        let parent = try f.add("Trip")
        let a = try f.add("Pack") { $0.parent = parent.id }
        let b = try f.add("Tickets") { $0.parent = parent.id }
        let deletion = try Tasks(f.store).deleteTask(parent.id, withSubtasks: false)
        #expect(deletion.orphaned == [a.id, b.id])
        #expect(try Tasks(f.store).task(a.id).parent == nil)
        try Tasks(f.store).restore(deletion)
        #expect(try Tasks(f.store).task(a.id).parent == parent.id)
        #expect(try Tasks(f.store).task(b.id).parent == parent.id)
    }

    @Test func deleteWithSubtasksRemovesTheWholeSubtreeAndRestoresIt() throws {
        let f = try Fixture()
        let root = try f.add("Root")
        let child = try f.add("Child") { $0.parent = root.id }
        let grandchild = try f.add("Grandchild") { $0.parent = child.id }
        let other = try f.add("Other")
        let deletion = try Tasks(f.store).deleteTask(root.id, withSubtasks: true)
        #expect(deletion.tasks.map(\.id) == [root.id, child.id, grandchild.id], "parents before children")
        #expect(try Tasks(f.store).tasks(TaskQuery(filter: .all)).map(\.id) == [other.id])
        #expect(try f.store.tombstones().count == 3)
        try Tasks(f.store).restore(deletion)
        #expect(try Tasks(f.store).task(grandchild.id).parent == child.id)
        #expect(try Tasks(f.store).task(child.id).parent == root.id)
        #expect(try f.store.tombstones().isEmpty)
    }

    @Test func restoreTakesANewIDWhenTheOldOneIsTaken() throws {
        let f = try Fixture()
        let parent = try f.add("Parent")
        let child = try f.add("Child") { $0.parent = parent.id }
        let uuid = try Tasks(f.store).uuid(of: child.id)
        let deletion = try Tasks(f.store).deleteTask(child.id, withSubtasks: false)
        let squatter = try f.add("Squatter")  // SQLite hands out the freed id again
        #expect(squatter.id == child.id)
        let restored = try #require(try Tasks(f.store).restore(deletion).first)
        #expect(restored.id != child.id)
        #expect(try Tasks(f.store).uuid(of: restored.id) == uuid)
        #expect(try Tasks(f.store).task(restored.id).parent == parent.id)
        #expect(try Tasks(f.store).task(squatter.id).title == "Squatter")
    }

    @Test func loopsAreNamedForSelfTwoStepAndTenStepCycles() throws {
        let f = try Fixture()
        var chain: [TaskItem] = [try f.add("T0")]
        for i in 1..<10 { chain.append(try f.add("T\(i)") { [last = chain[i - 1].id] in $0.parent = last }) }
        func reparent(_ task: TaskItem, under parent: TaskItem) throws {
            var update = TaskUpdate()
            update.parent = parent.id
            _ = try Tasks(f.store).updateTask(task.id, update)
        }
        let ids = chain.map(\.id)
        #expect(throws: TaskStoreError.cyclicParent(loop: [ids[0], ids[0]])) { try reparent(chain[0], under: chain[0]) }
        #expect(throws: TaskStoreError.cyclicParent(loop: [ids[0], ids[1], ids[0]])) { try reparent(chain[0], under: chain[1]) }
        let ten = [ids[0]] + ids.reversed()
        #expect(throws: TaskStoreError.cyclicParent(loop: ten)) { try reparent(chain[0], under: chain[9]) }
        #expect(TaskStoreError.cyclicParent(loop: [ids[0], ids[1], ids[0]]).description.contains("#\(ids[0]) → #\(ids[1]) → #\(ids[0])"))
        #expect(try Tasks(f.store).task(chain[0].id).parent == nil, "nothing changed")
    }

    @Test func aTenThousandDeepChainIsWalkedWithoutRecursion() throws {
        let f = try Fixture()
        let root = try f.add("Root")
        var last = root.id
        // Each task's parent is the one before: created one at a time, in one transaction.
        try f.store.inOneTransaction {
            for i in 1...10_000 {
                last = try Tasks(f.store).createTask(TaskDraft(title: "Level \(i)", parent: last)).id
            }
        }
        let deepest = last
        var update = TaskUpdate()
        update.parent = deepest
        do {
            _ = try Tasks(f.store).updateTask(root.id, update)
            Issue.record("a loop through 10,001 tasks was accepted")
        } catch TaskStoreError.cyclicParent(let loop) {
            #expect(loop.count == 10_002)
            #expect(loop.first == root.id && loop.last == root.id)
        }
        #expect(try Tasks(f.store).descendants(of: root.id).count == 10_000)
        #expect(try Tasks(f.store).tasks(TaskQuery(filter: .all, limit: 20_000, parent: root.id, subtree: true)).count == 10_000)
        let deletion = try Tasks(f.store).deleteTask(root.id, withSubtasks: true)
        #expect(deletion.records.count == 10_001)
        try Tasks(f.store).restore(deletion)
        #expect(try Tasks(f.store).task(deepest).title == "Level 10000")
    }

    @Test func somedayIsAddedToADatabaseBootstrappedBeforeIt() throws {
        let f = try Fixture()
        try f.store.db.run("DELETE FROM stages WHERE name = 'Someday'")
        #expect(try !Projects(f.store).stages().map(\.name).contains("Someday"))
        let reopened = try f.reopen()
        try reopened.bootstrap()
        #expect(try Projects(reopened).stages().map(\.name) == TaskStore.builtInStages)
    }
}
