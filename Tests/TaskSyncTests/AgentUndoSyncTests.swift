import Foundation
import Testing
import TaskCore
import TaskStore
import TaskSync
import TaskerTestSupport

/// An agent's edit and delete that already went to the CalDAV server, then undone (`AgentChanges`
/// puts `updated` back too): the next sync uploads the reverted task and brings the deleted one back,
/// and a second device gets both.
@Suite(.serialized) struct AgentUndoSyncTests {
    func skipped() -> Bool {
        if CalDAVLab.isAvailable { return false }
        Issue.record("SKIPPED: .venv has no radicale/caldav; run scripts/setup --with-python")
        return true
    }

    func task(_ store: TaskStore, titled title: String) throws -> TaskItem? {
        try Tasks(store).tasks(TaskQuery(filter: .all)).first { $0.title == title }
    }

    /// Waits into the next second, so the agent's changes and the undo each have a second of their own.
    func nextSecond() {
        let now = Date().timeIntervalSince1970
        Thread.sleep(forTimeInterval: now.rounded(.down) + 1.05 - now)
    }

    @Test func anAgentsSyncedEditAndDeleteUndoneReachTheServerAndTheOtherDevice() throws {
        if skipped() { return }
        let lab = try CalDAVLab()
        defer { lab.stop() }
        let (a, b) = (try lab.device("a"), try lab.device("b"))
        let sync = lab.provider()
        let dentist = try Tasks(a).createTask(TaskDraft(title: "Dentist", notes: "bring the card", priority: .normal))
        let plants = try Tasks(a).createTask(TaskDraft(title: "Water the plants"))
        #expect(try sync.sync(a).uploaded == 2)
        #expect(try sync.sync(b).downloaded == 2)

        nextSecond()
        let since = Date()
        let agent: Int64 = 7
        try AgentChanges(a).recording(by: agent) {
            var edit = TaskUpdate()
            edit.title = "Dentist at 9"
            edit.priority = .high
            edit.notes = .some("the agent's note")
            _ = try Tasks(a).updateTask(dentist.id, edit)
            _ = try Tasks(a).deleteTask(plants.id, withSubtasks: false)
        }
        let pushed = try sync.sync(a)
        #expect(pushed.uploaded == 1 && pushed.deletedThere == 1, "\(pushed.lines)")
        _ = try sync.sync(b)
        #expect(try task(b, titled: "Dentist at 9")?.priority == .high && task(b, titled: "Water the plants") == nil)

        nextSecond()
        let report = try AgentChanges(a).undo(agentID: agent, agentName: "bot", since: since, dryRun: false)
        #expect(report.kept.isEmpty && report.items.count == 2, "\(report.lines(since: "T"))")
        let reverted = try #require(try task(a, titled: "Dentist"))
        #expect(reverted.updated == dentist.updated, "the undo puts updated back too")

        let back = try sync.sync(a)
        #expect(back.uploaded == 2 && back.conflicts.isEmpty && back.warnings.isEmpty, "the revert and the restored task go up: \(back.lines)")
        let server = try lab.thirdPartyView()
        #expect(Set(server.values.compactMap { $0["summary"]?.stringValue }) == ["Dentist", "Water the plants"], "\(server)")

        let other = try sync.sync(b)
        #expect(other.conflicts.isEmpty, "\(other.lines)")
        let onB = try #require(try task(b, titled: "Dentist"), "\(other.lines)")
        #expect(onB.priority == .normal && onB.notes == "bring the card" && onB.id != TaskID(0))
        #expect(try task(b, titled: "Water the plants") != nil, "the restored task reaches the other device: \(other.lines)")
        #expect(try Tasks(b).tasks(TaskQuery(filter: .all)).count == 2)
    }
}
