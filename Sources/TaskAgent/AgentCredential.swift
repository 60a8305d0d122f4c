import Foundation
import TaskCore
import TaskStore

/// Finds the agent a presented key belongs to: the public id looks it up, the secret's SHA-256 is
/// compared in constant time, and a revoked or expired key fails at once.
public enum AgentCredential {
    /// - Throws: `AgentAccessError` (the key is never part of the message).
    public static func authenticate(_ text: String, in store: TaskStore) throws -> AgentRecord {
        guard let key = AgentKey(text: text.trimmingCharacters(in: .whitespacesAndNewlines)) else { throw AgentAccessError.malformedKey }
        guard let agent = try Agents(store).agent(keyID: key.id), key.matches(storedHash: agent.secretHash) else { throw AgentAccessError.unknownKey }
        if let state = agent.unusable(at: store.clock()) { throw AgentAccessError.unusable(agent: agent.name, state) }
        return agent
    }

    /// The agent called `name`, for a person running a client as that agent (`tasker mcp --agent`).
    /// - Throws: `TaskStoreError.agentNotFound`, `AgentAccessError.unusable`.
    public static func named(_ name: String, in store: TaskStore) throws -> AgentRecord {
        guard let agent = try Agents(store).agent(named: name) else { throw TaskStoreError.agentNotFound(name) }
        if let state = agent.unusable(at: store.clock()) { throw AgentAccessError.unusable(agent: agent.name, state) }
        return agent
    }
}

/// Why an agent may not do what it asked, in one line that says what to do.
public enum AgentAccessError: Error, Sendable, Equatable, CustomStringConvertible {
    case malformedKey
    case unknownKey
    case unusable(agent: String, AgentKeyState)
    /// The tool needs a scope the agent's policy denies.
    case insufficientScope(tool: String, scope: AgentScope)

    public var description: String {
        switch self {
        case .malformedKey: return "the agent key is malformed; it looks like tkr_<id>_<secret> as `tasker agent add` printed it"
        case .unknownKey: return "the agent key is not known; create one with `tasker agent add NAME`"
        case .unusable(let agent, .revoked):
            return "agent '\(agent)''s key was revoked; make a new one with `tasker agent rotate \(agent)`"
        case .unusable(let agent, .expired):
            return "agent '\(agent)''s key has expired; make a new one with `tasker agent rotate \(agent)`"
        case .insufficientScope(let tool, let scope):
            return "\(tool) needs the scope \(scope.rawValue), which this agent's policy denies; the owner can change it with `tasker agent policy NAME \(scope.rawValue) ask`"
        }
    }
}
