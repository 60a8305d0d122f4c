import Foundation
import Testing
@testable import TaskCore
@testable import TaskStore
import TaskerTestSupport

/// A repeating task's subtasks are its checklist: completing it moves them to the next occurrence,
/// open again, and the done occurrence keeps the titles of those done for it; a completion that came
/// from elsewhere (a done occurrence row sync wrote) reopens those done before it.
@Suite struct TasksChecklistTests {
    func checklistSeries(_ f: Fixture) throws -> (parent: TaskItem, children: [TaskItem]) {
        let parent = try f.add("Weekly review") {
            $0.due = at("2026-03-15T18:00")
            $0.recurrence = RecurrenceRule(frequency: .weekly, weekdays: [.sun])
        }
        let children = try ["Empty the inbox", "Plan the week", "Water the plants"].map { title in try f.add(title) { $0.parent = parent.id } }
        return (parent, children)
    }

    func children(of id: TaskID, _ f: Fixture) throws -> [TaskItem] {
        try Tasks(f.store).tasks(TaskQuery(filter: .all)).filter { $0.parent == id }.sorted { $0.id < $1.id }
    }

    @Test func completingMovesTheSubtasksToTheNextOccurrenceOpenAgain() throws {
        let f = try Fixture()
        let (parent, children) = try checklistSeries(f)
        for child in children.prefix(2) { _ = try Tasks(f.store).completeTask(child.id) }
        f.clock.now = at("2026-03-15T19:00")
        let (_, next) = try Tasks(f.store).completeTask(parent.id)
        let following = try #require(next)
        #expect(following.due == at("2026-03-22T18:00"))
        let moved = try self.children(of: following.id, f)
        #expect(moved.map(\.id) == children.map(\.id), "the same subtasks, not copies")
        #expect(moved.allSatisfy { $0.status == .open && $0.completed == nil })
        #expect(try self.children(of: parent.id, f).isEmpty)
        let done = try #require(try RecordSets(f.store).records().tasks.first { $0.status == .done && $0.recurrence != nil })
        #expect(done.checklist == ["Empty the inbox", "Plan the week"])

        // Three times over: the same three subtasks each time, open after each completion.
        var current = following
        for round in 1...2 {
            for child in try self.children(of: current.id, f) { _ = try Tasks(f.store).completeTask(child.id) }
            f.clock.now = f.clock.now.addingTimeInterval(7 * 86_400)
            current = try #require(try Tasks(f.store).completeTask(current.id).next, "round \(round)")
            #expect(try self.children(of: current.id, f).map(\.status) == [.open, .open, .open])
        }
        let checklists = try RecordSets(f.store).records().tasks.filter { $0.status == .done && $0.recurrence != nil }
            .sorted { ($0.completed ?? .distantPast) < ($1.completed ?? .distantPast) }.map { $0.checklist ?? [] }
        #expect(checklists == [["Empty the inbox", "Plan the week"], ["Empty the inbox", "Plan the week", "Water the plants"],
                               ["Empty the inbox", "Plan the week", "Water the plants"]])
    }

    /// Sync writes a completion as a done occurrence row and leaves the open one where it was: the
    /// subtasks done before that completion open again, those done after it stay done.
    @Test func aCompletionFromElsewhereReopensTheSubtasksDoneBeforeIt() throws {
        let f = try Fixture()
        let (parent, children) = try checklistSeries(f)
        f.clock.now = at("2026-03-15T17:00")
        _ = try Tasks(f.store).completeTask(children[0].id)
        let series = try Tasks(f.store).uuid(of: parent.id)
        var done = TaskRecord(uuid: TaskStore.newUUID(now: f.clock.now), title: "Weekly review", created: f.clock.now, modified: f.clock.now)
        (done.status, done.completed, done.series, done.recurrence, done.due) = (.done, at("2026-03-15T18:30"), series, parent.recurrence, parent.due)
        _ = try RecordSets(f.store).writeRecords(RecordSet(tasks: [done]))
        f.clock.now = at("2026-03-16T08:00")
        _ = try Tasks(f.store).completeTask(children[1].id)  // for the next occurrence

        #expect(try Tasks(f.store).reopenChecklists() == 1)
        #expect(try self.children(of: parent.id, f).map(\.status) == [.open, .done, .open])
        #expect(try RecordSets(f.store).records().tasks.first { $0.uuid == done.uuid }?.checklist == ["Empty the inbox"])
        #expect(try Tasks(f.store).reopenChecklists() == 0, "once")
    }
}
