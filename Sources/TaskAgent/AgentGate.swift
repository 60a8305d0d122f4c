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

    /// The tools the agent may name in a call (all of them: the policy decides at call time, so a
    /// denied tool is answered with its scope and a receipt, not as unknown).
    public var tools: [ToolDefinition] { toolkit.tools }

    /// The catalogue `tools/list` shows the agent: only the tools it can ever run, by the test `assess`
    /// makes before reading a call's arguments (`mayEverCall`). A read-only agent sees the readers.
    public var listedTools: [ToolDefinition] {
        guard let agent = try? Agents(store).agent(id: agentID), let grants = try? AgentGrants(store).active(agentID: agentID) else { return [] }
        return toolkit.listedTools.filter { Self.mayEverCall($0.scope, agent: agent, grants: grants) }
    }

    /// Whether `agent` can ever run a tool whose least scope is `scope`: its policy allows or asks, or
    /// a running grant gives that scope. A call of a tool that fails this is denied before its arguments
    /// are read; `listedTools` leaves such tools out.
    static func mayEverCall(_ scope: AgentScope, agent: AgentRecord, grants: [AgentGrant]) -> Bool {
        agent.policy(for: scope) != .deny || grants.contains { $0.scope == scope }
    }

    /// What a call of `tool` would meet now, without running or recording anything (the HTTP door
    /// answers a denied scope with 403 before the call).
    public func decision(for tool: String, arguments: JSONValue) throws -> GateDecision {
        try assess(tool, arguments).decision
    }

    /// A call read and weighed: the decision, and the typed call with its footprint when it could be read.
    struct Assessment {
        var decision: GateDecision
        var call: (any Tool)?
        var footprint: CallFootprint?
    }

    /// Weighs a call on what it would really touch: the typed call is prepared and its footprint read
    /// with the tool's own lookups, the scope its effects need looked up in the grants (each project it
    /// touches inside one grant) and then in the agent's policy. A target that cannot be found, or a
    /// title that matches several tasks, is refused here: an agent names an ambiguous task by id.
    /// - Throws: `AgentAccessError.unknownKey`; `ToolkitError` for a malformed call.
    func assess(_ tool: String, _ arguments: JSONValue) throws -> Assessment {
        guard let agent = try Agents(store).agent(id: agentID) else { throw AgentAccessError.unknownKey }
        if let state = agent.unusable(at: store.clock()) { return Assessment(decision: .unusable(state)) }
        guard let definition = toolkit.tools.first(where: { $0.name == tool }) else { return Assessment(decision: .unknownTool) }
        let grants = try AgentGrants(store).active(agentID: agent.id)
        // A tool whose least scope is denied, with no grant of it, is refused before its arguments are read.
        if !Self.mayEverCall(definition.scope, agent: agent, grants: grants) {
            return Assessment(decision: .deny(definition.scope))
        }
        let call = try toolkit.prepare(tool, arguments)
        let footprint = try call.footprint(in: toolkit)
        if let refusal = footprint.refusal { return Assessment(decision: .refused(refusal), call: call, footprint: footprint) }
        // The call needs its tool's scope and the scope of its effects: each granted (every project it
        // touches inside a grant) or allowed by the policy; the strictest answer wins.
        var verdicts: [GateDecision] = []
        for scope in Set([definition.scope, footprint.scope]).sorted() {
            if Self.grant(of: scope, covering: footprint, in: grants) != nil {
                verdicts.append(.granted)
                continue
            }
            switch agent.policy(for: scope) {
            case .allow: verdicts.append(.allow)
            case .ask: verdicts.append(.ask)
            case .deny: verdicts.append(.deny(scope))
            }
        }
        let decision: GateDecision =
            verdicts.first { if case .deny = $0 { return true } else { return false } }
            ?? (verdicts.contains(.ask) ? .ask : verdicts.contains(.granted) ? .granted : .allow)
        return Assessment(decision: decision, call: call, footprint: footprint)
    }

    /// Runs one call by name with JSON arguments, as the agent: weighed, then run, stored for a
    /// person, or refused, with exactly one receipt, all in one transaction (nothing can change the
    /// target between the weighing and the run).
    /// - Throws: `AgentAccessError` for a key that no longer works or a denied scope; `ToolkitError`
    ///   for a malformed call; `TaskStoreError` when the database fails. Each after its receipt.
    public func call(_ name: String, _ arguments: JSONValue) throws -> JSONValue {
        let argumentsText = arguments.encoded()
        let argumentsHash = SHA256.hex(argumentsText)
        func receipt(_ decision: String, _ result: String, approval: String? = nil) throws {
            try store.appendReceipt(agentID: agentID, tool: name, argumentsHash: argumentsHash, resultHash: SHA256.hex(result),
                                    decision: decision, approvalID: approval)
        }
        let ending: Result<JSONValue, any Error> = try store.inOneTransaction {
            let assessment: Assessment
            do {
                assessment = try assess(name, arguments)
            } catch {
                try receipt("failed", "\(error)")
                return .failure(error)
            }
            switch assessment.decision {
            case .unusable(let state):
                let agentName = try Agents(store).agent(id: agentID)?.name ?? "?"
                let error = AgentAccessError.unusable(agent: agentName, state)
                try receipt(state.rawValue, error.description)
                return .failure(error)
            case .unknownTool:
                try receipt("failed", "unknown tool")
                return .failure(ToolkitError.unknownTool(name))
            case .refused(let refusal):
                let result = try withheldUnlessReadable(refusal.json(toolkit.format))
                try receipt("failed", result.encoded())
                return .success(result)
            case .deny(let scope):
                let error = AgentAccessError.insufficientScope(tool: name, scope: scope)
                try receipt("denied", error.description)
                return .failure(error)
            case .ask:
                let footprint = assessment.footprint ?? CallFootprint(scope: .destructive)
                let request = try Approvals(store).pendingApproval(agentID: agentID, tool: name, argumentsHash: argumentsHash)
                    ?? Approvals(store).addApproval(agentID: agentID, tool: name, arguments: argumentsText, argumentsHash: argumentsHash,
                                         target: Self.targetName(footprint), pins: try pins(of: footprint), lifetime: Self.approvalLifetime)
                let result = Self.pendingResult(request)
                try receipt("asked", result.encoded(), approval: request.id)
                return .success(result)
            case .allow, .granted:
                let label = assessment.decision == .granted ? "granted" : "allowed"
                do {
                    // The call the gate weighed runs, not a second reading of the arguments.
                    guard let prepared = assessment.call else { throw ToolkitError.unknownTool(name) }
                    var result = try store.inOneTransaction { try toolkit.call(prepared) }
                    if result["ok"] == .bool(false) { result = try withheldUnlessReadable(result) }
                    try receipt(result["ok"] == .bool(false) ? "failed" : label, result.encoded())
                    return .success(result)
                } catch let error as TaskStoreError where error.isFatal {
                    throw error
                } catch {
                    try receipt("failed", "\(error)")
                    return .failure(error)
                }
            }
        }
        return try ending.get()
    }

    /// A refusal as an agent that may not read sees it: without the titles of other tasks (candidates,
    /// open subtasks, names in the message), so a write tool cannot be used to list what is there.
    func withheldUnlessReadable(_ refusal: JSONValue) throws -> JSONValue {
        guard try !mayRead() else { return refusal }
        return [
            "ok": false,
            "error": "the call was refused (no single task matched, or it has subtasks); this agent may not read tasks, so the details are withheld: name the task by an id you were given",
        ]
    }

    /// Whether the agent may read tasks without asking: its policy allows `read`, or a grant of it
    /// without a project runs.
    public func mayRead() throws -> Bool {
        guard let agent = try Agents(store).agent(id: agentID) else { return false }
        if agent.policy(for: .read) == .allow { return true }
        return try AgentGrants(store).active(agentID: agentID).contains { $0.scope == .read && $0.projectID == nil }
    }

    /// `{"ok": true, "status": "pending_approval", "approval_id": …, "message": …}`: waiting for a
    /// person is not a failure (MCP answers it with `isError: false`), and the message says what to do.
    static func pendingResult(_ request: ApprovalRecord) -> JSONValue {
        [
            "ok": true, "status": "pending_approval", "approval_id": .string(request.id),
            "message": .string("\(request.tool) waits for the owner's approval (they decide with `tasker approve \(request.id)` or in the chat); "
                + "call approval_status with this approval_id later to see whether it ran and its result"),
        ]
    }

    /// "task:12" (or "tasks:12,13" for a call on several), what a pending request shows as its target.
    static func targetName(_ footprint: CallFootprint) -> String? {
        guard let first = footprint.tasks.first else { return nil }
        if footprint.tasks.count == 1 { return "task:\(first.rawValue)" }
        return "tasks:" + footprint.tasks.map { String($0.rawValue) }.joined(separator: ",")
    }

    /// What an approval pins: the tasks' fingerprint, and the bytes of a file the call reads (the
    /// SHA-256 and size the owner is shown; "missing" when it cannot be read now).
    func pins(of footprint: CallFootprint) throws -> ApprovalPins {
        var pins = ApprovalPins(targetFingerprint: footprint.tasks.isEmpty ? nil : try Approvals(store).fingerprint(of: footprint.tasks))
        if let file = footprint.fileRead {
            let read = toolkit.fingerprint(ofFile: file)
            pins.fileSHA256 = read?.sha256 ?? "missing"
            pins.fileSize = read?.size
        }
        return pins
    }

    /// A running grant of `scope` that covers everything the call touches: one without a project, or,
    /// when every project the call touches is known, grants naming each of them.
    static func grant(of scope: AgentScope, covering footprint: CallFootprint, in grants: [AgentGrant]) -> AgentGrant? {
        let grants = grants.filter { $0.scope == scope }
        guard !grants.isEmpty else { return nil }
        if let open = grants.first(where: { $0.projectID == nil }) { return open }
        guard let projects = footprint.projects, !projects.isEmpty else { return nil }
        var covering: AgentGrant?
        for project in projects {
            guard let grant = grants.first(where: { $0.projectName.map(CallFootprint.key) == project }) else { return nil }
            covering = covering ?? grant
        }
        return covering
    }
}

/// What the gate does with a call.
public enum GateDecision: Sendable, Equatable {
    case allow, ask, granted
    case deny(AgentScope)
    case unusable(AgentKeyState)
    case unknownTool
    /// The task it names is not there, or its title matches several: answered as the tool's refusal.
    case refused(ToolRefusal)
}
