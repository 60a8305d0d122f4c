import Foundation
import Testing
import TaskCore
import TaskStore
import TaskToolkit
import TaskerTestSupport
@testable import TaskAgent

/// What the gate returns in place of a tool's own result (a call waiting for approval, a refusal with
/// its details withheld) and approval_status's answers fit the tools' `outputSchema`.
@Suite struct GateOutputSchemaTests {
    /// What does not fit the outputSchema of the tool named `name` in `result`, nil when it fits.
    func problem(_ name: String, _ result: JSONValue) -> String? {
        guard let tool = TaskToolkit.standardTools.first(where: { $0.definition.name == name }) else { return "no tool \(name)" }
        return tool.outputProblem(with: result)
    }

    @Test func pendingWithheldAndApprovalStatusResultsFitTheOutputSchemas() throws {
        let fixture = try AgentFixture()
        let (_, gate) = try fixture.agent("bot", scopes: [.read, .writeTasks])
        let pending = try gate.call("create_task", ["title": "Buy milk"])
        #expect(pending["status"] == "pending_approval")
        #expect(problem("create_task", pending) == nil)
        let id = try #require(pending["approval_id"]?.stringValue)

        let waiting = try gate.call("approval_status", ["approval_id": .string(id)])
        #expect(waiting["status"] == "pending" && waiting["result"] == .null)
        #expect(problem("approval_status", waiting) == nil)
        _ = try ApprovalDesk(toolkit: fixture.toolkit).approve(id)
        let executed = try gate.call("approval_status", ["approval_id": .string(id)])
        #expect(executed["status"] == "executed" && executed["result"]?["task"]?["title"] == "Buy milk")
        #expect(problem("approval_status", executed) == nil)

        // An agent that may not read gets a refusal without the candidates' titles: still a refusal the schema admits.
        let (_, writer) = try fixture.agent("writer", scopes: [.writeTasks])
        try Agents(fixture.store).setAgentPolicy(named: "writer", scope: .writeTasks, policy: .allow)
        let withheld = try writer.call("update_task", ["title": "no such task", "priority": "high"])
        #expect(withheld["ok"] == false && withheld["candidates"] == nil)
        #expect(problem("update_task", withheld) == nil)
    }
}
