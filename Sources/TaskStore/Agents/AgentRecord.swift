import Foundation
import TaskCore

/// One agent as stored: its name, the public part of its key, the secret's SHA-256, its dates and
/// its policy per scope (a scope with no row is `deny`).
public struct AgentRecord: Sendable, Hashable {
    public var id: Int64
    public var name: String
    public var keyID: String
    public var secretHash: String
    public var created: Date
    public var expires: Date?
    public var revoked: Date?
    public var lastUsed: Date?
    public var policies: [AgentScope: AgentPolicy]

    public func policy(for scope: AgentScope) -> AgentPolicy { policies[scope] ?? .deny }

    /// Why the key cannot be used at `now`, or nil when it can.
    public func unusable(at now: Date) -> AgentKeyState? {
        if revoked != nil { return .revoked }
        if let expires, expires <= now { return .expired }
        return nil
    }
}

/// A key that no longer opens anything.
public enum AgentKeyState: String, Sendable, Hashable {
    case revoked, expired
}

/// One entry of the receipts chain.
public struct Receipt: Sendable, Hashable {
    public var seq: Int64
    public var time: Date
    public var agentID: Int64
    public var tool: String
    public var argumentsHash: String
    public var resultHash: String
    public var decision: String
    public var approvalID: String?
    public var previousHash: String
    public var hash: String

    /// The hash of everything before the first receipt.
    public static let genesis = String(repeating: "0", count: 64)

    /// What a keyed receipt's `hash` starts with: `hmac:` and the HMAC-SHA-256 of the canonical row
    /// under the receipts key. Receipts written before the key existed hold a plain SHA-256.
    public static let keyedPrefix = "hmac:"

    /// `SHA-256(previous hash ‖ canonical row)`: one line, fields separated by `|`, no field can
    /// contain one (hex, tool names, decisions, approval ids). The unkeyed form, of older receipts.
    public static func hash(seq: Int64, time: Int64, agentID: Int64, tool: String, argumentsHash: String, resultHash: String,
                            decision: String, approvalID: String?, previousHash: String) -> String {
        SHA256.hex(canonical(seq: seq, time: time, agentID: agentID, tool: tool, argumentsHash: argumentsHash, resultHash: resultHash,
                             decision: decision, approvalID: approvalID, previousHash: previousHash))
    }

    /// `hmac:` + `HMAC-SHA-256(key, previous hash ‖ canonical row)`: the keyed form.
    public static func mac(key: [UInt8], seq: Int64, time: Int64, agentID: Int64, tool: String, argumentsHash: String, resultHash: String,
                           decision: String, approvalID: String?, previousHash: String) -> String {
        keyedPrefix + HMACSHA256.hex(key: key, message: Array(canonical(
            seq: seq, time: time, agentID: agentID, tool: tool, argumentsHash: argumentsHash, resultHash: resultHash, decision: decision,
            approvalID: approvalID, previousHash: previousHash).utf8))
    }

    private static func canonical(seq: Int64, time: Int64, agentID: Int64, tool: String, argumentsHash: String, resultHash: String,
                                  decision: String, approvalID: String?, previousHash: String) -> String {
        "\(previousHash)|\(seq)|\(time)|\(agentID)|\(tool)|\(argumentsHash)|\(resultHash)|\(decision)|\(approvalID ?? "")"
    }

    /// Whether this receipt is chained with the receipts key (`hmac:…`) rather than plain SHA-256.
    public var isKeyed: Bool { hash.hasPrefix(Receipt.keyedPrefix) }

    /// What the plain hash should be, from the row's own fields.
    public var expectedHash: String {
        Receipt.hash(seq: seq, time: Int64(time.timeIntervalSince1970), agentID: agentID, tool: tool, argumentsHash: argumentsHash,
                     resultHash: resultHash, decision: decision, approvalID: approvalID, previousHash: previousHash)
    }

    /// What the keyed hash should be under `key`, from the row's own fields.
    public func expectedMAC(key: [UInt8]) -> String {
        Receipt.mac(key: key, seq: seq, time: Int64(time.timeIntervalSince1970), agentID: agentID, tool: tool, argumentsHash: argumentsHash,
                    resultHash: resultHash, decision: decision, approvalID: approvalID, previousHash: previousHash)
    }
}

/// A call an agent made that waits for a person.
public struct ApprovalRecord: Sendable, Hashable {
    public var id: String
    public var agentID: Int64
    public var tool: String
    /// Canonical JSON (keys sorted, compact).
    public var arguments: String
    public var argumentsHash: String
    /// What the call acts on ("task:12"), when it names one, and when that was last changed (requests
    /// stored before schema v16; newer ones pin `targetFingerprint`).
    public var target: String?
    public var targetModified: Int64?
    /// SHA-256 of every task the call acts on as stored when the agent asked (`TaskStore.fingerprint`).
    public var targetFingerprint: String?
    /// The SHA-256 and size of the file the call reads, as they were when the agent asked.
    public var fileSHA256: String?
    public var fileSize: Int64?
    public var status: ApprovalStatus
    public var created: Date
    public var expires: Date
    public var decided: Date?
    public var reason: String?
    /// The tool's JSON result once run.
    public var result: String?
    /// The HMAC of the stored call under the receipts key (`Approvals.argumentsHold`); nil for a
    /// request stored before schema v18.
    public var argumentsMAC: String? = nil
    /// Who decided, as the door that did ("tasker approve (pid 4242)"); nil while pending.
    public var decidedBy: String? = nil
    /// The one decider's claim while `deciding`: only the same token finishes the decision.
    public var decisionToken: String? = nil
}

/// Where a request is: waiting, decided by a person, or run.
public enum ApprovalStatus: String, Sendable, Hashable, CaseIterable {
    case pending, executed, failed, rejected, expired, stale
    /// A person approved it and the call is being run: only the decider holding the claim may finish
    /// it. One left over (the process died mid-run) ran nothing that was kept, and is decided again.
    case deciding
    /// The agent took its request back before a person decided (MCP `tasks/cancel`).
    case withdrawn
}
