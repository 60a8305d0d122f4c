import Foundation
import TaskCore
import TaskStore
import TaskToolkit

/// Where a person decides what agents asked for. Nothing an agent can reach calls this: the command
/// line (`tasker approve|reject`) and the chat (`/approvals`) are its only doors.
public struct ApprovalDesk {
    public let toolkit: TaskToolkit

    public init(toolkit: TaskToolkit) { self.toolkit = toolkit }

    var store: TaskStore { toolkit.store }

    /// How a decision ended.
    public enum Outcome: Sendable, Equatable {
        /// It ran; the tool's JSON result.
        case executed(JSONValue)
        /// It ran and the tool refused (no match any more, …); the result says why.
        case failed(String)
        /// The task it acts on changed since the agent asked; nothing ran.
        case stale
    }

    /// Requests waiting for a person, oldest first (expired ones are marked first).
    public func pending() throws -> [ApprovalRecord] { try Approvals(store).approvals(status: .pending) }

    /// Runs a pending request after checking it again: the arguments still fit, the agent's key
    /// still works, and the task it acts on has not changed since (else it is `stale`).
    /// - Throws: `ApprovalError` when there is no such pending request.
    public func approve(_ id: String) throws -> Outcome {
        let request = try pendingRequest(id)
        // Run as the agent that asked: its paths stay confined to its own folder.
        let toolkit = self.toolkit.acting(forAgent: request.agentID)
        func finish(_ status: ApprovalStatus, _ result: String, decision: String, reason: String? = nil) throws {
            try store.inOneTransaction {
                try Approvals(store).decideApproval(id: id, status: status, reason: reason, result: result)
                try store.appendReceipt(agentID: request.agentID, tool: request.tool, argumentsHash: request.argumentsHash,
                                        resultHash: SHA256.hex(result), decision: decision, approvalID: id)
            }
        }
        if let agent = try Agents(store).agent(id: request.agentID), let state = agent.unusable(at: store.clock()) {
            let message = "agent '\(agent.name)''s key is \(state.rawValue); the request was not run"
            try finish(.failed, message, decision: "failed", reason: message)
            return .failed(message)
        }
        let arguments: JSONValue
        let call: any Tool
        do {
            arguments = try JSONValue.parse(request.arguments)
            call = try toolkit.prepare(request.tool, arguments)
        } catch {
            try finish(.failed, "\(error)", decision: "failed", reason: "\(error)")
            return .failed("\(error)")
        }
        if try !stillSame(request, call, in: toolkit) {
            let message = "what the call acts on changed since the agent asked; nothing was run (the agent can ask again)"
            try finish(.stale, message, decision: "stale", reason: message)
            return .stale
        }
        let result = try toolkit.call(call)
        let text = result.encoded()
        if result["ok"] == .bool(false) {
            try finish(.failed, text, decision: "failed")
            return .failed(result["error"]?.stringValue ?? text)
        }
        try finish(.executed, text, decision: "approved")
        return .executed(result)
    }

    /// Refuses a pending request. - Throws: `ApprovalError` when there is no such pending request.
    public func reject(_ id: String, reason: String?) throws {
        let request = try pendingRequest(id)
        let note = reason ?? "rejected by the owner"
        try store.inOneTransaction {
            try Approvals(store).decideApproval(id: id, status: .rejected, reason: note)
            try store.appendReceipt(agentID: request.agentID, tool: request.tool, argumentsHash: request.argumentsHash,
                                    resultHash: SHA256.hex(note), decision: "rejected", approvalID: id)
        }
    }

    /// Whether the call still acts on exactly what the owner is shown: the same tasks, unchanged since
    /// the agent asked (their fingerprint, not a whole-second time), and the same bytes of a file it
    /// reads; `toolkit` is the agent's (its files).
    func stillSame(_ request: ApprovalRecord, _ call: any Tool, in toolkit: TaskToolkit) throws -> Bool {
        let footprint = try call.footprint(in: toolkit)
        if footprint.refusal != nil { return false }
        guard AgentGate.targetName(footprint) == request.target else { return false }
        if let pinned = request.fileSHA256 {
            guard let file = footprint.fileRead, let now = toolkit.fingerprint(ofFile: file), now.sha256 == pinned, now.size == request.fileSize
            else { return false }
        }
        if let pinned = request.targetFingerprint {
            return try Approvals(store).fingerprint(of: footprint.tasks) == pinned
        }
        // A request stored before schema v16 pinned the task's whole-second change time.
        guard let id = footprint.tasks.first else { return request.targetModified == nil }
        return Int64(try Tasks(store).task(id).updated.timeIntervalSince1970) == request.targetModified
    }

    private func pendingRequest(_ id: String) throws -> ApprovalRecord {
        guard let request = try Approvals(store).approval(id: id) else { throw ApprovalError.notFound(id) }
        guard request.status == .pending else { throw ApprovalError.notPending(id, request.status) }
        return request
    }
}

/// A decision that cannot be made.
public enum ApprovalError: Error, Sendable, Equatable, CustomStringConvertible {
    case notFound(String)
    case notPending(String, ApprovalStatus)

    public var description: String {
        switch self {
        case .notFound(let id): return "no approval request '\(id)'; `tasker approvals` lists those waiting"
        case .notPending(let id, let status): return "request \(id) is already \(status.rawValue); only pending requests can be decided"
        }
    }
}
