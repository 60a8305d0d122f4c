import Foundation
import TaskCore
import TaskStore
import TaskToolkit

/// Where a person decides what agents asked for. Nothing an agent can reach calls this: the command
/// line (`tasker approve|reject`), the chat (`/approvals`), the web page and the desktop
/// notification are its only doors.
///
/// Deciding is one compare-and-set: `approve` first claims the request (`pending → deciding`, with
/// who and a fresh token, committed), so of two deciders at once exactly one wins and the other gets
/// `ApprovalError.alreadyDecided`. The winner then checks the call again and runs it in one
/// transaction with its receipt and the final state, which only the claim's token can write: a run
/// that throws (the database or the receipts key failing) gives the claim back, and a decider that
/// dies half-way leaves the request `deciding` with none of the call's writes kept, decided again
/// once `Approvals.interruptedAfter` has passed.
public struct ApprovalDesk {
    public let toolkit: TaskToolkit
    /// Who decides, as recorded and shown to a decider that lost the race ("tasker approve (pid 4242)").
    public let decider: String

    public init(toolkit: TaskToolkit, door: String = "tasker") {
        self.toolkit = toolkit
        self.decider = "\(door) (pid \(getpid()))"
    }

    var store: TaskStore { toolkit.store }

    /// How a decision ended.
    public enum Outcome: Sendable, Equatable {
        /// It ran; the tool's JSON result.
        case executed(JSONValue)
        /// It did not run, or ran and the tool refused (no match any more, the agent's key or policy
        /// no longer allows it, the stored call was altered, …); the sentence says why.
        case failed(String)
        /// The task or file it acts on changed since the agent asked; nothing ran.
        case stale
    }

    /// Requests waiting for a person, oldest first (expired ones are marked first).
    public func pending() throws -> [ApprovalRecord] { try Approvals(store).approvals(status: .pending) }

    /// Requests a decider claimed and has not finished: running now, or interrupted (its process
    /// died; nothing it ran was kept) once `Approvals.interruptedAfter` has passed.
    public func deciding() throws -> [ApprovalRecord] { try Approvals(store).approvals(status: .deciding) }

    /// Claims a pending request and runs it after checking it again: the stored call still matches
    /// its MAC, the agent's key and policy (or a grant) still allow it, and the tasks and file it acts
    /// on are as they were when the agent asked (else `stale`). A file is read once and the call runs
    /// on those bytes. - Throws: `ApprovalError` when there is no such request or it was decided
    /// (or is being decided) by someone else.
    public func approve(_ id: String) throws -> Outcome {
        let token = Base62.random(count: 16)
        guard try Approvals(store).claim(id: id, by: decider, token: token) != nil else { throw try refusal(id) }
        do {
            return try store.inOneTransaction { try run(id, token: token) }
        } catch DecisionLost.lost {
            throw try refusal(id)
        } catch {
            // Nothing of the run was kept: the claim goes back, so the owner can approve again at once.
            _ = try? Approvals(store).release(id: id, token: token)
            throw error
        }
    }

    /// Refuses a pending request (or one an interrupted decider left), with its receipt, in one
    /// compare-and-set. - Throws: `ApprovalError` when there is no such request or it was decided.
    public func reject(_ id: String, reason: String?) throws {
        let note = reason ?? "rejected by the owner"
        try store.inOneTransaction {
            guard let request = try Approvals(store).approval(id: id), try Approvals(store).decideApproval(id: id, status: .rejected, by: decider, reason: note)
            else { throw try refusal(id) }
            try store.appendReceipt(agentID: request.agentID, tool: request.tool, argumentsHash: request.argumentsHash,
                                    resultHash: SHA256.hex(note), decision: "rejected", approvalID: id)
        }
    }

    /// The claimed request checked and run, inside the transaction `approve` opened.
    private func run(_ id: String, token: String) throws -> Outcome {
        guard let request = try Approvals(store).approval(id: id), request.status == .deciding, request.decisionToken == token else {
            throw DecisionLost.lost
        }
        // Run as the agent that asked: its paths stay confined to its own folder.
        var toolkit = self.toolkit.acting(forAgent: request.agentID)
        func finish(_ status: ApprovalStatus, _ result: String, decision: String, reason: String? = nil) throws {
            guard try Approvals(store).finishDecision(id: id, token: token, status: status, reason: reason, result: result) else { throw DecisionLost.lost }
            try store.appendReceipt(agentID: request.agentID, tool: request.tool, argumentsHash: request.argumentsHash,
                                    resultHash: SHA256.hex(result), decision: decision, approvalID: id)
        }
        func refuse(_ message: String, decision: String = "failed") throws -> Outcome {
            try finish(.failed, message, decision: decision, reason: message)
            return .failed(message)
        }
        let call: any Tool, footprint: CallFootprint
        switch try recheck(request) {
        case .ready(let prepared, let read): (call, footprint) = (prepared, read)
        case .refused(let message, let decision): return try refuse(message, decision: decision)
        }
        if let file = footprint.fileRead {
            guard let held = try heldFile(file, pinned: request, in: toolkit) else {
                let message = "the file it reads changed since the agent asked; nothing was run (the agent can ask again)"
                try finish(.stale, message, decision: "stale", reason: message)
                return .stale
            }
            toolkit = toolkit.with(files: toolkit.files.holding(held))
        }
        if try !stillSame(request, footprint) {
            let message = "what the call acts on changed since the agent asked; nothing was run (the agent can ask again)"
            try finish(.stale, message, decision: "stale", reason: message)
            return .stale
        }
        let result: JSONValue
        do {
            result = try store.inOneTransaction { try toolkit.call(call) }
        } catch let error as TaskStoreError where error.isFatal {
            throw error
        } catch {
            return try refuse("\(error)")
        }
        let text = result.encoded()
        if result["ok"] == .bool(false) {
            try finish(.failed, text, decision: "failed")
            return .failed(result["error"]?.stringValue ?? text)
        }
        try finish(.executed, text, decision: "approved")
        return .executed(result)
    }

    /// What checking a claimed request again found: the call and what it touches, or why it may not run.
    private enum Recheck {
        case ready(any Tool, CallFootprint)
        case refused(String, decision: String)
    }

    /// The stored call against its MAC, then the agent's key, policy and grants as they are now (what
    /// was `ask` may have become `deny`), read the way the gate reads a call. A footprint the tool
    /// refuses is `ready`: `stillSame` makes it stale.
    private func recheck(_ request: ApprovalRecord) throws -> Recheck {
        guard try Approvals(store).argumentsHold(request) else {
            return .refused(
                "the stored call does not match its MAC: it was changed in the database after the agent asked (or the receipts key changed); nothing ran, the agent can ask again",
                decision: "tampered")
        }
        guard let agent = try Agents(store).agent(id: request.agentID) else { return .refused("the agent that asked is gone; the request was not run", decision: "failed") }
        let assessment: AgentGate.Assessment
        do {
            assessment = try AgentGate(toolkit: toolkit, agent: agent).assess(request.tool, try JSONValue.parse(request.arguments))
        } catch let error as TaskStoreError where error.isFatal {
            throw error
        } catch {
            return .refused("\(error)", decision: "failed")
        }
        switch assessment.decision {
        case .allow, .ask, .granted, .refused:
            guard let call = assessment.call, let footprint = assessment.footprint else {
                return .refused("the call could not be read again; the request was not run", decision: "failed")
            }
            return .ready(call, footprint)
        case .deny(let scope):
            return .refused("agent '\(agent.name)' may no longer use \(scope.rawValue) (its policy says deny); the request was not run", decision: "denied")
        case .unusable(let state): return .refused("agent '\(agent.name)''s key is \(state.rawValue); the request was not run", decision: "failed")
        case .unknownTool: return .refused("there is no tool \(request.tool) any more; the request was not run", decision: "failed")
        }
    }

    /// The file a call reads, read once into memory, when those bytes are the ones pinned when the
    /// agent asked (their SHA-256 and size); nil when it cannot be read or differs.
    func heldFile(_ file: String, pinned request: ApprovalRecord, in toolkit: TaskToolkit) throws -> HeldFile? {
        guard let pinned = request.fileSHA256,
              let bytes = try? toolkit.files.reading(file, { path, _ in FileManager.default.contents(atPath: path).map { [UInt8]($0) } }) ?? nil
        else { return nil }
        let held = HeldFile(name: file, bytes: bytes)
        guard held.sha256 == pinned, Int64(bytes.count) == request.fileSize else { return nil }
        return held
    }

    /// Whether the call still acts on exactly what the owner is shown: the same tasks, unchanged since
    /// the agent asked (their fingerprint, not a whole-second time). The file is checked by `heldFile`.
    func stillSame(_ request: ApprovalRecord, _ footprint: CallFootprint) throws -> Bool {
        if footprint.refusal != nil { return false }
        guard AgentGate.targetName(footprint) == request.target else { return false }
        if request.fileSHA256 != nil && footprint.fileRead == nil { return false }
        if let pinned = request.targetFingerprint {
            return try Approvals(store).fingerprint(of: footprint.tasks) == pinned
        }
        // A request stored before schema v16 pinned the task's whole-second change time.
        guard let id = footprint.tasks.first else { return request.targetModified == nil }
        return Int64(try Tasks(store).task(id).updated.timeIntervalSince1970) == request.targetModified
    }

    /// Why a request could not be claimed, as the loser of a race (or a late decider) is told.
    private func refusal(_ id: String) throws -> ApprovalError {
        guard let request = try Approvals(store).approval(id: id) else { return .notFound(id) }
        return .alreadyDecided(id, request.status, by: request.decidedBy)
    }

    /// The claim was taken over while this decider ran: everything it did is rolled back.
    private enum DecisionLost: Error { case lost }
}

/// A decision that cannot be made.
public enum ApprovalError: Error, Sendable, Equatable, CustomStringConvertible {
    case notFound(String)
    /// Decided already (or being decided now), by whom when known.
    case alreadyDecided(String, ApprovalStatus, by: String?)

    public var description: String {
        switch self {
        case .notFound(let id): return "no approval request '\(id)'; `tasker approvals` lists those waiting"
        case .alreadyDecided(let id, let status, let by):
            let who = by.map { " by \($0)" } ?? ""
            switch status {
            case .deciding: return "\(id) is already decided (being approved\(who) right now)"
            case .pending: return "\(id) is still pending but could not be claimed; try again"
            case .withdrawn: return "\(id) is already decided (withdrawn by the agent)"
            case .expired: return "\(id) is already decided (expired unanswered)"
            default: return "\(id) is already decided (\(status.rawValue)\(who))"
            }
        }
    }
}
