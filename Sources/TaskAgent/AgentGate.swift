import Foundation
import TaskCore
import TaskStore
import TaskToolkit

/// Every call an agent makes goes through here: its key checked again, the tool's scope looked up
/// in the agent's policy (or a grant), then run, stored for a person to approve, or refused — and
/// exactly one receipt appended either way.
public final class AgentGate {
    public let toolkit: TaskToolkit
    public let agentID: Int64
    /// How long a pending request waits before it expires.
    public static let approvalLifetime: TimeInterval = 7 * 86_400

    public init(toolkit: TaskToolkit, agent: AgentRecord) {
        self.toolkit = toolkit.acting(forAgent: agent.id)
        self.agentID = agent.id
    }

    var store: TaskStore { toolkit.store }

    /// The catalogue the agent sees (all tools; the policy decides at call time).
    public var tools: [ToolDefinition] { toolkit.tools }

    /// What a call of `tool` would meet now, without running or recording anything (the HTTP door
    /// answers a denied scope with 403 before the call).
    public func decision(for tool: String, arguments: JSONValue) throws -> GateDecision {
        guard let agent = try store.agent(id: agentID) else { throw AgentAccessError.unknownKey }
        if let state = agent.unusable(at: store.clock()) { return .unusable(state) }
        guard let definition = toolkit.tools.first(where: { $0.name == tool }) else { return .unknownTool }
        if try grant(for: definition.scope, agent: agent, tool: tool, arguments: arguments) != nil { return .granted }
        switch agent.policy(for: definition.scope) {
        case .allow: return .allow
        case .ask: return .ask
        case .deny: return .deny(definition.scope)
        }
    }

    /// Runs one call by name with JSON arguments, as the agent.
    /// - Throws: `AgentAccessError` for a key that no longer works or a denied scope; `ToolkitError`
    ///   for a malformed call; `TaskStoreError` when the database fails. Each after its receipt.
    public func call(_ name: String, _ arguments: JSONValue) throws -> JSONValue {
        let argumentsText = arguments.encoded()
        let argumentsHash = SHA256.hex(argumentsText)
        func receipt(_ decision: String, _ result: String, approval: String? = nil) throws {
            try store.appendReceipt(agentID: agentID, tool: name, argumentsHash: argumentsHash, resultHash: SHA256.hex(result),
                                    decision: decision, approvalID: approval)
        }
        let decision: GateDecision
        do {
            decision = try self.decision(for: name, arguments: arguments)
        } catch {
            try receipt("failed", "\(error)")
            throw error
        }
        switch decision {
        case .unusable(let state):
            let agentName = try store.agent(id: agentID)?.name ?? "?"
            let error = AgentAccessError.unusable(agent: agentName, state)
            try receipt(state.rawValue, error.description)
            throw error
        case .unknownTool:
            try receipt("failed", "unknown tool")
            throw ToolkitError.unknownTool(name)
        case .deny(let scope):
            let error = AgentAccessError.insufficientScope(tool: name, scope: scope)
            try receipt("denied", error.description)
            throw error
        case .ask:
            let call: any Tool
            do {
                call = try toolkit.prepare(name, arguments)
            } catch {
                try receipt("failed", "\(error)")
                throw error
            }
            let request = try store.inOneTransaction {
                let target = try AgentGateTarget(toolkit: toolkit).target(of: call)
                let request = try store.pendingApproval(agentID: agentID, tool: name, argumentsHash: argumentsHash)
                    ?? store.addApproval(agentID: agentID, tool: name, arguments: argumentsText, argumentsHash: argumentsHash,
                                         target: target?.name, targetModified: target?.modified, lifetime: Self.approvalLifetime)
                let result = Self.pendingResult(request)
                try receipt("asked", result.encoded(), approval: request.id)
                return request
            }
            return Self.pendingResult(request)
        case .allow, .granted:
            let label = decision == .granted ? "granted" : "allowed"
            do {
                return try store.inOneTransaction {
                    let result = try toolkit.call(name, arguments)
                    try receipt(result["ok"] == .bool(false) ? "failed" : label, result.encoded())
                    return result
                }
            } catch let error as AgentAccessError {
                throw error
            } catch {
                try receipt("failed", "\(error)")
                throw error
            }
        }
    }

    /// `{"ok": false, "status": "pending_approval", "approval_id": …, "message": …}`.
    static func pendingResult(_ request: ApprovalRecord) -> JSONValue {
        [
            "ok": false, "status": "pending_approval", "approval_id": .string(request.id),
            "message": .string("\(request.tool) waits for the owner's approval (`tasker approve \(request.id)`); check it later with approval_status"),
        ]
    }

    /// A running grant of this scope that covers the call: one without a project, or one whose
    /// project is the call's (its `project` argument, or the project of the task it names).
    func grant(for scope: AgentScope, agent: AgentRecord, tool: String, arguments: JSONValue) throws -> AgentGrant? {
        let grants = try store.activeGrants(agentID: agent.id).filter { $0.scope == scope }
        guard !grants.isEmpty else { return nil }
        if let open = grants.first(where: { $0.projectID == nil }) { return open }
        guard let project = try project(of: tool, arguments)?.lowercased() else { return nil }
        return grants.first { $0.projectName?.lowercased() == project }
    }

    /// The project a call acts in, when it can be told before running it.
    func project(of tool: String, _ arguments: JSONValue) throws -> String? {
        if let named = arguments["project"]?.stringValue { return named }
        guard let call = try? toolkit.prepare(tool, arguments), let targeting = call as? any TaskTargeting,
            case .success(let task) = try toolkit.findTask(targeting.target, openOnly: false)
        else { return nil }
        return task.project
    }
}

/// What the gate does with a call.
public enum GateDecision: Sendable, Equatable {
    case allow, ask, granted
    case deny(AgentScope)
    case unusable(AgentKeyState)
    case unknownTool
}

/// The task a call acts on, when it names one, and when that task was last changed: stored with a
/// pending request and compared again on approval.
struct AgentGateTarget {
    let toolkit: TaskToolkit

    func target(of call: any Tool) throws -> (name: String, modified: Int64)? {
        guard let targeting = call as? any TaskTargeting else { return nil }
        guard case .success(let task) = try toolkit.findTask(targeting.target, openOnly: false) else { return nil }
        return ("task:\(task.id)", Int64(task.updated.timeIntervalSince1970))
    }
}
