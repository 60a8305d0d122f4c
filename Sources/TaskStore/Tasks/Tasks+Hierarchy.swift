import Foundation
import TaskCore

/// Subtasks: walks down a task's subtree without recursion in Swift.
extension Tasks {
    /// The ids of every task below `?` (bind the root id), at any depth. SQLite walks a recursive
    /// CTE with a queue, not a call stack, and `UNION` (not `UNION ALL`) stops on a row seen before,
    /// so even a damaged file with a parent loop cannot make it run forever.
    static let subtreeSQL = """
        WITH RECURSIVE below(id) AS (
            SELECT id FROM tasks WHERE parent_id = ?
            UNION SELECT c.id FROM tasks c JOIN below b ON c.parent_id = b.id
        ) SELECT id FROM below
        """

    /// Every task below `id` at any depth, parents before their children (breadth first, then by id).
    /// `openOnly` keeps open ones (an open task under a done one included). - Throws: `.taskNotFound`.
    public func descendants(of id: TaskID, openOnly: Bool = false) throws -> [TaskItem] {
        try store.read {
            // Whether it exists and has children, in one small query: most tasks have none, and then
            // the task rows' four-join query is not even prepared (a third of `complete_task`'s SQL work).
            let sql = "SELECT EXISTS(SELECT 1 FROM tasks WHERE parent_id = ?1) FROM tasks WHERE id = ?1"
            guard let hasChildren = try store.db.cached(sql).bind([.integer(id.rawValue)]).first({ $0.int64(0) != 0 }) else {
                throw TaskStoreError.taskNotFound(id)
            }
            guard hasChildren else { return [] }
            return try subtree(of: id).filter { !openOnly || $0.status == .open }
        }
    }

    /// The subtree below `id`, breadth first: one indexed query per level, in a loop.
    func subtree(of id: TaskID) throws -> [TaskItem] {
        var result: [TaskItem] = []
        var level = [id]
        var seen: Set<TaskID> = [id]
        while !level.isEmpty {
            var next: [TaskID] = []
            for parent in level {
                for child in try store.loadTasks("WHERE t.parent_id = ? ORDER BY t.id", [.integer(parent.rawValue)])
                where seen.insert(child.id).inserted {
                    result.append(child)
                    next.append(child.id)
                }
            }
            level = next
        }
        return result
    }
}
