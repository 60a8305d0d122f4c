import Foundation
import TaskCore
import TaskStore

/// An agent's own requests as durable handles (MCP's tasks extension): looked up by id, and taken
/// back while no person has decided. Approving stays out of band: nothing here can approve.
extension AgentGate {
    /// The agent's own request with this id; nil for none, or for another agent's (which looks the same).
    /// - Throws: `TaskStoreError` when storage fails.
    public func ownApproval(_ id: String) throws -> ApprovalRecord? {
        guard let request = try Approvals(store).approval(id: id), request.agentID == agentID else { return nil }
        return request
    }

    /// Withdraws the agent's own pending request, with one receipt (`withdrawn`); a request already
    /// decided stays as it is. Returns the request as it is now, nil when there is no such request.
    /// - Throws: `TaskStoreError` when storage fails.
    public func withdraw(_ id: String) throws -> ApprovalRecord? {
        try store.inOneTransaction {
            guard let request = try ownApproval(id) else { return nil }
            guard request.status == .pending else { return request }
            let note = "withdrawn by the agent"
            if try Approvals(store).decideApproval(id: id, status: .withdrawn, reason: note) {
                try store.appendReceipt(agentID: agentID, tool: request.tool, argumentsHash: request.argumentsHash,
                                        resultHash: SHA256.hex(note), decision: "withdrawn", approvalID: id)
            }
            return try ownApproval(id)
        }
    }
}
