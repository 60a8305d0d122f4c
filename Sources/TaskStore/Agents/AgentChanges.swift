import Foundation
import TaskCore

/// What agents changed, row by row and column by column, kept so that `undo` can take one agent's
/// changes back (`tasker agent undo`).
///
/// A call runs as an agent inside `recording(by:)`: the connection's TEMP triggers (installed on
/// first use, so the owner's own processes never pay for them) write one `agent_changes` row per
/// column of every row the call inserts, updates or deletes in the tables that hold what a person
/// sees (`tracked`), with the value before and after in SQLite's own types. Rows removed or changed
/// by a foreign key's cascade are recorded too, so deleting a task keeps its subtasks' links, its
/// contexts, page links and attachments. A WITHOUT ROWID table's update is recorded as its old row
/// deleted and the new one inserted.
public struct AgentChanges {
    public let store: TaskStore

    public init(_ store: TaskStore) { self.store = store }

    /// The tables whose rows an agent's call can change and an undo puts back.
    static let tracked = [
        "tasks", "task_contexts", "projects", "lists", "stages", "spaces", "pages", "page_labels", "page_links",
        "places", "templates", "attachments", "tombstones",
    ]

    /// Runs `body` with every change it makes recorded as `agentID`'s, stamped with the store's
    /// clock (whole seconds). Nested calls keep the outer agent.
    /// - Throws: what `body` throws; `TaskStoreError` when the triggers cannot be installed.
    public func recording<T>(by agentID: Int64, _ body: () throws -> T) throws -> T {
        let db = store.db
        if try store.mapErrors({ try installTriggers() }) { try prune() }
        if try db.scalar("SELECT count(*) FROM temp.agent_actor") ?? 0 > 0 { return try body() }
        try store.mapErrors {
            try db.run("INSERT INTO temp.agent_actor(agent_id, ts, op) VALUES (?, ?, 0)",
                       [.integer(agentID), DatabaseValue(TaskStore.wholeSeconds(store.now))])
        }
        defer { try? db.run("DELETE FROM temp.agent_actor") }
        return try body()
    }

    /// Creates the TEMP actor table and one trigger per tracked table and statement kind, once per
    /// connection. - Returns: whether it did (false: they were there).
    private func installTriggers() throws -> Bool {
        let db = store.db
        if try db.scalar("SELECT count(*) FROM temp.sqlite_master WHERE name = 'agent_actor'") ?? 0 > 0 { return false }
        var sql = "CREATE TEMP TABLE agent_actor(agent_id INTEGER NOT NULL, ts INTEGER NOT NULL, op INTEGER NOT NULL);\n"
        for name in Self.tracked {
            let table = try ChangedTable.read(name, in: db)
            sql += Self.triggers(for: table)
        }
        try db.execute(sql)
        return true
    }

    /// The three TEMP triggers that record `table`'s inserts, updates and deletes while an actor is set.
    static func triggers(for table: ChangedTable) -> String {
        let name = table.name
        let when = "WHEN EXISTS (SELECT 1 FROM temp.agent_actor)"
        let nextOp = "UPDATE agent_actor SET op = (SELECT coalesce(max(op), 0) + 1 FROM main.agent_changes);"
        func image(_ row: String) -> String {
            table.columns.map { "SELECT '\($0)' AS col, \(row).\"\($0)\" AS val" }.joined(separator: " UNION ALL ")
        }
        func log(_ kind: String, _ row: String, old: Bool) -> String {
            let rid = table.hasRowID ? "\(row).rowid" : "NULL"
            return """
                \(nextOp)
                INSERT INTO agent_changes(op, agent_id, ts, tbl, kind, rid, col, old, new)
                SELECT a.op, a.agent_id, a.ts, '\(name)', '\(kind)', \(rid), v.col, \(old ? "v.val" : "NULL"), \(old ? "NULL" : "v.val")
                FROM temp.agent_actor a, (\(image(row))) v;
                """
        }
        let update: String
        if table.hasRowID {
            let pairs = table.columns.map { "SELECT '\($0)' AS col, OLD.\"\($0)\" AS o, NEW.\"\($0)\" AS n" }.joined(separator: " UNION ALL ")
            update = """
                \(nextOp)
                INSERT INTO agent_changes(op, agent_id, ts, tbl, kind, rid, col, old, new)
                SELECT a.op, a.agent_id, a.ts, '\(name)', 'update', NEW.rowid, v.col, v.o, v.n
                FROM temp.agent_actor a, (\(pairs)) v WHERE v.o IS NOT v.n;
                """
        } else {
            update = log("delete", "OLD", old: true) + "\n" + log("insert", "NEW", old: false)
        }
        return """
            CREATE TEMP TRIGGER agent_changes_\(name)_insert AFTER INSERT ON main.\(name) \(when) BEGIN
            \(log("insert", "NEW", old: false))
            END;
            CREATE TEMP TRIGGER agent_changes_\(name)_update AFTER UPDATE ON main.\(name) \(when) BEGIN
            \(update)
            END;
            CREATE TEMP TRIGGER agent_changes_\(name)_delete AFTER DELETE ON main.\(name) \(when) BEGIN
            \(log("delete", "OLD", old: true))
            END;

            """
    }
}
