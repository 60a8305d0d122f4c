import Foundation
import Testing
import TaskCore
import TaskCrypto
@testable import TaskStore
import TaskerTestSupport

/// `agent_changes` after `crypto enable`: the notes an agent's edit replaced are sealed like the
/// task's own (no clear text left in the file's table), and an undo still puts them back; rows older
/// than 90 days go.
@Suite struct SealedAgentChangesTests {
    let directory = TemporaryDirectory("sealed-agent-changes")
    let secret = "The safe's code is 4711"

    func open(_ sealer: TaskCrypto?, clock: TestClock) throws -> TaskStore {
        let store = try TaskStore(path: directory.path("t.sqlite"), clock: { clock.now })
        try store.bootstrap()
        store.sealer = sealer
        return store
    }

    func noteTypes(_ store: TaskStore) throws -> [String] {
        try store.db.prepare("SELECT typeof(old), typeof(new) FROM agent_changes WHERE tbl = 'tasks' AND col = 'notes'").rows { [$0.string(0), $0.string(1)] }
            .flatMap { $0 }
    }

    @Test func cryptoEnableSealsTheNotesAgentChangesHoldAndUndoStillPutsThemBack() throws {
        let clock = TestClock(Date(timeIntervalSince1970: 1_796_000_000))
        let crypto = try TaskCrypto(key: try DataKey.random())
        let store = try open(crypto, clock: clock)
        let agent = try Agents(store).addAgent(name: "bot", key: AgentKey.generate(), scopes: [.writeTasks], expires: nil)
        var draft = TaskDraft(title: "Safe")
        draft.notes = secret
        let task = try #require(try Tasks(store).createTasks([draft]).first)
        let since = clock.now
        clock.advance(minutes: 1)
        try AgentChanges(store).recording(by: agent.id) {
            var update = TaskUpdate()
            update.notes = .some("overwritten by the bot")
            _ = try Tasks(store).updateTask(task.id, update)
        }
        #expect(try noteTypes(store).contains("text"), "before enable the old note is clear text")

        let count = try Sealing(store).enableSealing()
        #expect(count.agentCalls >= 2)
        #expect(try noteTypes(store).allSatisfy { $0 == "blob" || $0 == "null" } && !(try noteTypes(store).isEmpty))
        let clear = try store.db.scalar("SELECT count(*) FROM agent_changes WHERE CAST(old AS TEXT) LIKE '%4711%' OR CAST(new AS TEXT) LIKE '%4711%'")
        #expect(clear == 0, "no clear text of the old note is left in agent_changes")

        // A rotation re-seals them too, and the undo writes back a note the task opens.
        let rotated = try TaskCrypto(key: try DataKey.random(), otherKeys: [crypto.key])
        #expect(try Sealing(store).reseal(with: rotated).agentCalls >= 2)
        let report = try AgentChanges(store).undo(agentID: agent.id, agentName: "bot", since: since, dryRun: false)
        #expect(report.changeCount == 1)
        #expect(try Tasks(store).task(task.id).notes == secret)
    }

    @Test func changesOlderThan90DaysArePruned() throws {
        let clock = TestClock(Date(timeIntervalSince1970: 1_796_000_000))
        let store = try open(nil, clock: clock)
        let agent = try Agents(store).addAgent(name: "bot", key: AgentKey.generate(), scopes: [.writeTasks], expires: nil)
        try AgentChanges(store).recording(by: agent.id) { _ = try Tasks(store).createTasks([TaskDraft(title: "Old")]) }
        clock.advance(days: 60)
        try AgentChanges(store).recording(by: agent.id) { _ = try Tasks(store).createTasks([TaskDraft(title: "Newer")]) }
        let rows = { try store.db.scalar("SELECT count(DISTINCT op) FROM agent_changes") ?? -1 }
        #expect(try rows() == 2)
        clock.advance(days: 31)  // the first is 91 days old, the second 31
        #expect(try AgentChanges(store).prune() > 0)
        #expect(try rows() == 1)
        #expect(try store.db.scalar("SELECT count(*) FROM agent_changes WHERE new = 'Old'") == 0)
        // A fresh connection prunes on its first recorded call.
        clock.advance(days: 60)
        let again = try open(nil, clock: clock)
        try AgentChanges(again).recording(by: agent.id) {}
        #expect(try again.db.scalar("SELECT count(*) FROM agent_changes") == 0)
    }
}
