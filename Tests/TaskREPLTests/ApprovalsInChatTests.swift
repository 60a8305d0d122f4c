import Foundation
import TaskAgent
import TaskCore
import TaskStore
import TaskToolkit
import Testing
@testable import TaskREPL

/// The person decides agent requests in the chat: a notice at the prompt, /approvals lists them,
/// approve runs one, reject refuses one; each decision leaves a receipt.
@Suite struct ApprovalsInChatTests {
    @Test func noticeListApproveAndReject() throws {
        let h = try REPLHarness()
        let key = AgentKey.generate()
        let agent = try Agents(h.toolkit.store).addAgent(name: "bot", key: key, scopes: [.read, .writeTasks], expires: nil)
        let gate = AgentGate(toolkit: h.toolkit, agent: agent)
        let first = try #require(try gate.call("create_task", ["title": "Book the dentist"])["approval_id"]?.stringValue)
        let second = try #require(try gate.call("create_task", ["title": "Buy a boat"])["approval_id"]?.stringValue)
        let (session, out) = h.session(ScriptedLineReader(["/approvals", "/approvals approve \(first)", "/approvals reject \(second) not this year", "/approvals"]))
        session.run()
        #expect(out.text.contains("2 agent requests wait for your approval: /approvals"))
        #expect(out.text.contains("\(first)  bot  create_task"))
        #expect(out.text.contains("✓ \(first) approved and run"))
        #expect(out.text.contains("\(second) rejected"))
        #expect(out.text.contains("No agent requests are waiting."))
        #expect(try h.titles() == ["Book the dentist"])
        #expect(try Approvals(h.toolkit.store).approval(id: second)?.reason == "not this year")
        #expect(try h.toolkit.store.receipts().map(\.decision) == ["asked", "asked", "approved", "rejected"])
    }
}
