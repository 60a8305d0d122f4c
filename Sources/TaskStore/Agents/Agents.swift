import Foundation
import TaskCore

/// Agents and their keys over the store's connection: only the SHA-256 of a key's secret is stored.
public struct Agents {
    public let store: TaskStore

    public init(_ store: TaskStore) { self.store = store }

    /// Adds an agent whose key is `key`, with `scopes` at their initial policy and the rest denied.
    /// - Throws: `.duplicateName`, `.invalidValue` (empty name).
    @discardableResult
    public func addAgent(name: String, key: AgentKey, scopes: Set<AgentScope>, expires: Date?) throws -> AgentRecord {
        let n = name.trimmingCharacters(in: .whitespaces)
        guard !n.isEmpty else { throw TaskStoreError.invalidValue(field: "name", reason: "an agent needs a name") }
        return try store.write {
            if try store.db.scalar("SELECT id FROM agents WHERE name = ?", [.text(n)]) != nil {
                throw TaskStoreError.duplicateName(kind: "agent", name: n)
            }
            try store.db.run(
                "INSERT INTO agents(name, key_id, secret_sha256, created, expires) VALUES (?, ?, ?, ?, ?)",
                [.text(n), .text(key.id), .text(key.secretHash), DatabaseValue(TaskStore.wholeSeconds(store.now)), DatabaseValue(expires)])
            let id = store.db.lastInsertRowID
            for scope in AgentScope.allCases {
                let policy = scopes.contains(scope) ? AgentPolicy.initial(for: scope) : .deny
                try store.db.run("INSERT INTO agent_policies(agent_id, scope, policy) VALUES (?, ?, ?)",
                           [.integer(id), .text(scope.rawValue), .text(policy.rawValue)])
            }
            return try agentRows("WHERE a.id = ?", [.integer(id)])[0]
        }
    }

    /// Every agent, by name.
    public func agents() throws -> [AgentRecord] {
        try store.read { try agentRows("ORDER BY a.name", []) }
    }

    public func agent(named name: String) throws -> AgentRecord? {
        try store.read { try agentRows("WHERE a.name = ?", [.text(name)]).first }
    }

    public func agent(id: Int64) throws -> AgentRecord? {
        try store.read { try agentRows("WHERE a.id = ?", [.integer(id)]).first }
    }

    /// The agent whose key has this public id (the secret is checked by the caller).
    public func agent(keyID: String) throws -> AgentRecord? {
        try store.read { try agentRows("WHERE a.key_id = ?", [.text(keyID)]).first }
    }

    /// Revokes the agent's key at once. - Throws: `.agentNotFound`.
    public func revokeAgent(named name: String) throws {
        try store.write {
            try store.db.run("UPDATE agents SET revoked = ? WHERE name = ? AND revoked IS NULL", [DatabaseValue(TaskStore.wholeSeconds(store.now)), .text(name)])
            if store.db.changes == 0, try store.db.scalar("SELECT id FROM agents WHERE name = ?", [.text(name)]) == nil {
                throw TaskStoreError.agentNotFound(name)
            }
        }
    }

    /// Replaces the agent's key (the old one stops working), un-revoking it; policy and expiry stay.
    /// - Throws: `.agentNotFound`.
    public func rotateAgent(named name: String, key: AgentKey) throws {
        try store.write {
            try store.db.run("UPDATE agents SET key_id = ?, secret_sha256 = ?, revoked = NULL WHERE name = ?",
                       [.text(key.id), .text(key.secretHash), .text(name)])
            if store.db.changes == 0 { throw TaskStoreError.agentNotFound(name) }
        }
    }

    /// Sets one scope's policy. - Throws: `.agentNotFound`.
    public func setAgentPolicy(named name: String, scope: AgentScope, policy: AgentPolicy) throws {
        try store.write {
            guard let id = try store.db.scalar("SELECT id FROM agents WHERE name = ?", [.text(name)]) else { throw TaskStoreError.agentNotFound(name) }
            try store.db.run("INSERT INTO agent_policies(agent_id, scope, policy) VALUES (?, ?, ?) ON CONFLICT(agent_id, scope) DO UPDATE SET policy = excluded.policy",
                       [.integer(id), .text(scope.rawValue), .text(policy.rawValue)])
        }
    }

    /// Notes that the agent's key was just used.
    public func touchAgent(id: Int64) throws {
        try store.write { try store.db.run("UPDATE agents SET last_used = ? WHERE id = ?", [DatabaseValue(TaskStore.wholeSeconds(store.now)), .integer(id)]) }
    }

    private func agentRows(_ tail: String, _ values: [DatabaseValue]) throws -> [AgentRecord] {
        var records = try store.db.prepare(
            "SELECT a.id, a.name, a.key_id, a.secret_sha256, a.created, a.expires, a.revoked, a.last_used FROM agents a " + tail
        ).bind(values).rows { row in
            AgentRecord(id: row.int64(0), name: row.string(1), keyID: row.string(2), secretHash: row.string(3), created: row.date(4),
                        expires: row.optionalDate(5), revoked: row.optionalDate(6), lastUsed: row.optionalDate(7), policies: [:])
        }
        for index in records.indices {
            _ = try store.db.cached("SELECT scope, policy FROM agent_policies WHERE agent_id = ?").bind([.integer(records[index].id)]).rows { row in
                if let scope = AgentScope(rawValue: row.string(0)), let policy = AgentPolicy(rawValue: row.string(1)) {
                    records[index].policies[scope] = policy
                }
            }
        }
        return records
    }
}
