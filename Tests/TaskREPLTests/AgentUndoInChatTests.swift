import Foundation
import TaskAgent
import TaskCore
import TaskStore
import TaskToolkit
import Testing
@testable import TaskREPL

/// `/agent undo NAME since T [dry-run]` in the chat: the same undo as `tasker agent undo`.
@Suite struct AgentUndoInChatTests {
    @Test func dryRunThenUndoThenNothingLeft() throws {
        let h = try REPLHarness()
        let agent = try Agents(h.toolkit.store).addAgent(name: "bot", key: AgentKey.generate(), scopes: [.read, .writeTasks], expires: nil)
        try Agents(h.toolkit.store).setAgentPolicy(named: "bot", scope: .writeTasks, policy: .allow)
        let gate = AgentGate(toolkit: h.toolkit, agent: agent)
        _ = try h.toolkit.call("create_task", ["title": "Mine"])
        _ = try gate.call("create_task", ["title": "Bot's"])
        _ = try gate.call("update_task", ["id": 1, "new_title": "Renamed by bot"])
        let (session, out) = h.session(ScriptedLineReader([
            "/agent undo bot since 1h dry-run", "/agent undo bot since 1h", "/agent undo bot since 1h", "/agent undo bot", "/agent undo bot since tomorrow",
        ]))
        session.run()
        #expect(out.text.contains("would undo 2 changes bot made since"))
        #expect(out.text.contains("  delete task #2 'Bot's' (bot created it)"))
        #expect(out.text.contains("undid 2 changes bot made since"))
        #expect(out.text.contains("  set back title of task #1 'Mine'"))
        #expect(out.text.contains("nothing to undo: bot changed nothing since"))
        #expect(out.text.contains(ChatAgentUndo.usage))
        #expect(out.text.contains("still to come"))
        #expect(try h.titles() == ["Mine"])
        #expect(try h.toolkit.store.receipts().last?.tool == "agent_undo")
    }
}
