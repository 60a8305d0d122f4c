import Foundation
import Testing
import TaskCore
import TaskStore
import TaskToolkit
@testable import TaskAgent

@Suite struct AgentGateTests {
    @Test func everyToolNeedsOneScopeAndReadOnlyMeansRead() {
        let byScope = Dictionary(grouping: TaskToolkit.definitions, by: \.scope).mapValues { Set($0.map(\.name)) }
        #expect(byScope[.destructive] == ["complete_task", "reschedule_task", "defer_task", "delete_task", "import_tasks", "open_attachment", "detach",
                                          "delete_place"])
        #expect(byScope[.writePages] == ["create_space", "create_page", "append_to_page", "link_page"])
        #expect(byScope[.writeTasks]?.isSuperset(of: ["capture_task", "create_task", "create_project"]) == true)
        for definition in TaskToolkit.definitions { #expect(definition.readOnly == (definition.scope == .read)) }
    }

    @Test func allowedCallsRunDeniedScopesFailAndEachLeavesOneReceipt() throws {
        let fixture = try AgentFixture()
        let (_, gate) = try fixture.agent("bot", scopes: [.read, .writeTasks])
        try Agents(fixture.store).setAgentPolicy(named: "bot", scope: .writeTasks, policy: .allow)
        let created = try gate.call("create_task", ["title": "Buy milk"])
        #expect(created["ok"] == .bool(true))
        let listed = try gate.call("list_tasks", [:])
        #expect(listed["tasks"]?.arrayValue?.count == 1)
        let id = created["task"]!["id"]!
        #expect(throws: AgentAccessError.insufficientScope(tool: "complete_task", scope: .destructive)) {
            try gate.call("complete_task", ["task": id])
        }
        #expect(try fixture.toolkit.call("list_tasks", [:])["tasks"]?.arrayValue?.count == 1)
        let receipts = try fixture.store.receipts()
        #expect(receipts.map(\.decision) == ["allowed", "allowed", "denied"])
        #expect(receipts.map(\.tool) == ["create_task", "list_tasks", "complete_task"])
        #expect(receipts[0].argumentsHash == SHA256.hex(JSONValue.object(["title": "Buy milk"]).encoded()))
        #expect(receipts[0].resultHash == SHA256.hex(created.encoded()))
        #expect(try fixture.store.verifyReceipts() == nil)
    }

    @Test func askedCallsWaitOnceAndDoNotRun() throws {
        let fixture = try AgentFixture()
        let (_, gate) = try fixture.agent("bot", scopes: [.read, .writeTasks])
        let first = try gate.call("create_task", ["title": "Buy milk", "priority": "high"])
        // Waiting for a person is not a failure: MCP answers it with isError false.
        #expect(first["ok"] == .bool(true))
        #expect(first["status"] == "pending_approval")
        let again = try gate.call("create_task", ["priority": "high", "title": "Buy milk"])
        #expect(again["approval_id"] == first["approval_id"])
        #expect(try Approvals(fixture.store).approvals(status: .pending).count == 1)
        #expect(try fixture.toolkit.call("list_tasks", [:])["tasks"]?.arrayValue?.isEmpty == true)
        let receipts = try fixture.store.receipts()
        #expect(receipts.map(\.decision) == ["asked", "asked"])
        #expect(receipts.allSatisfy { $0.approvalID == first["approval_id"]?.stringValue })
    }

    @Test func aRevokedOrExpiredKeyFailsMidSessionWithAReceipt() throws {
        let fixture = try AgentFixture()
        let (_, gate) = try fixture.agent("bot", expires: fixture.clock.now.addingTimeInterval(3600))
        _ = try gate.call("list_tasks", [:])
        fixture.clock.advance(days: 1)
        #expect(throws: AgentAccessError.unusable(agent: "bot", .expired)) { try gate.call("list_tasks", [:]) }
        let (_, other) = try fixture.agent("other")
        try Agents(fixture.store).revokeAgent(named: "other")
        #expect(throws: AgentAccessError.unusable(agent: "other", .revoked)) { try other.call("list_tasks", [:]) }
        #expect(try fixture.store.receipts().map(\.decision) == ["allowed", "expired", "revoked"])
    }

    @Test func malformedArgumentsFailWithAReceipt() throws {
        let fixture = try AgentFixture()
        let (_, gate) = try fixture.agent("bot", scopes: [.read, .writeTasks])
        #expect(throws: ToolkitError.self) { try gate.call("create_task", ["title": 5]) }
        #expect(throws: ToolkitError.self) { try gate.call("no_such_tool", [:]) }
        #expect(try fixture.store.receipts().map(\.decision) == ["failed", "failed"])
    }
}

@Suite struct ReceiptChainTests {
    @Test func theTableRefusesUpdateAndDeleteAndVerifyFindsAnEdit() throws {
        let fixture = try AgentFixture()
        let (_, gate) = try fixture.agent("bot")
        for _ in 0..<5 { _ = try gate.call("list_tasks", [:]) }
        #expect(try fixture.store.verifyReceipts() == nil)
        let receipts = try fixture.store.receipts()
        #expect(receipts.map(\.seq) == [1, 2, 3, 4, 5])
        #expect(receipts[0].previousHash == Receipt.genesis)
        for index in 1..<5 { #expect(receipts[index].previousHash == receipts[index - 1].hash) }
    }
}

@Suite struct ApprovalPrivacyTests {
    @Test func anAgentSeesOnlyItsOwnApprovalRequests() throws {
        let fixture = try AgentFixture()
        let (_, asker) = try fixture.agent("asker", scopes: [.read, .writeTasks])
        let (_, snoop) = try fixture.agent("snoop", scopes: [.read])
        let id = try #require(try asker.call("create_task", ["title": "Private plan"])["approval_id"]?.stringValue)
        #expect(try asker.call("approval_status", ["approval_id": .string(id)])["status"] == "pending")
        let seen = try snoop.call("approval_status", ["approval_id": .string(id)])
        #expect(seen["ok"] == false)
        #expect(seen["status"] == nil && seen["tool"] == nil, "another agent's request looks like none at all")
        // The owner (no gate) sees every request.
        #expect(try fixture.toolkit.call("approval_status", ["approval_id": .string(id)])["status"] == "pending")
    }
}

@Suite struct ApprovalExpiryTests {
    @Test func aRequestExpiresAfterSevenDaysAndCannotBeApproved() throws {
        let fixture = try AgentFixture()
        let (_, gate) = try fixture.agent("bot", scopes: [.read, .writeTasks])
        let id = try #require(try gate.call("create_task", ["title": "Later"])["approval_id"]?.stringValue)
        fixture.clock.advance(days: 6.9)
        #expect(try Approvals(fixture.store).pendingApprovalCount() == 1)
        fixture.clock.advance(days: 0.2)
        #expect(try Approvals(fixture.store).pendingApprovalCount() == 0)
        #expect(throws: ApprovalError.alreadyDecided(id, .expired, by: nil)) { try ApprovalDesk(toolkit: fixture.toolkit).approve(id) }
        #expect(try gate.call("approval_status", ["approval_id": .string(id)])["status"] == "expired")
        let again = try gate.call("create_task", ["title": "Later"])
        #expect(again["approval_id"]?.stringValue != id, "an expired request is not reused")
        #expect(try fixture.toolkit.call("list_tasks", [:])["tasks"]?.arrayValue?.isEmpty == true)
    }
}
