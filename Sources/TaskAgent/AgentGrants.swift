import Foundation
import TaskCore
import TaskStore

/// Scheduled delegation over the store's connection: an agent may act beyond its policy in one scope
/// (optionally one project) until a time; the grant then lapses by itself.
public struct AgentGrants {
    public let store: TaskStore

    public init(_ store: TaskStore) { self.store = store }

    /// - Throws: `.agentNotFound`, `.projectNotFound`.
    @discardableResult
    public func add(agent name: String, scope: AgentScope, project: String?, until: Date) throws -> AgentGrant {
        try store.write {
            guard let agentID = try store.db.scalar("SELECT id FROM agents WHERE name = ?", [.text(name)]) else { throw TaskStoreError.agentNotFound(name) }
            var projectID: Int64?
            if let project {
                guard let id = try store.db.scalar("SELECT id FROM projects WHERE name = ? COLLATE NOCASE", [.text(project)]) else {
                    throw TaskStoreError.projectNotFound(project)
                }
                projectID = id
            }
            try store.db.run("INSERT INTO agent_grants(agent_id, scope, project_id, created, until) VALUES (?, ?, ?, ?, ?)",
                             [.integer(agentID), .text(scope.rawValue), DatabaseValue(projectID), DatabaseValue(TaskStore.wholeSeconds(store.now)), DatabaseValue(until)])
            return try rows("WHERE g.id = ?", [.integer(store.db.lastInsertRowID)])[0]
        }
    }

    /// Grants still running at the store's now, of one agent when given, soonest to end first.
    public func active(agentID: Int64? = nil) throws -> [AgentGrant] {
        try store.read { try rows("WHERE g.until > ?1 AND (?2 IS NULL OR g.agent_id = ?2) ORDER BY g.until, g.id", [DatabaseValue(store.now), DatabaseValue(agentID)]) }
    }

    private func rows(_ tail: String, _ values: [DatabaseValue]) throws -> [AgentGrant] {
        try store.db.prepare("SELECT g.id, g.agent_id, g.scope, g.project_id, p.name, g.created, g.until FROM agent_grants g LEFT JOIN projects p ON p.id = g.project_id " + tail)
            .bind(values).rows { row in
                AgentGrant(id: row.int64(0), agentID: row.int64(1), scope: AgentScope(rawValue: row.string(2)) ?? .read, projectID: row.optionalInt64(3),
                           projectName: row.optionalString(4), created: row.date(5), until: row.date(6))
            }
    }
}
