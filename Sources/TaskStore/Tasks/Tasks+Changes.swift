import Foundation
import TaskCore

extension Tasks {
    /// The tasks `query` finds changed after `query.changedAfter`, each with the place in the change
    /// order it holds (the second it last changed here, then its id), in that order.
    ///
    /// The second is the task's `updated`, or later when an undo put it back as it was (its `updated`
    /// restored too): then it is the undo's. Both are read in one snapshot.
    /// - Throws: what `tasks(_:)` throws.
    public func changes(_ query: TaskQuery) throws -> [(task: TaskItem, change: TaskQuery.Change)] {
        try store.read {
            let tasks = try tasks(query)
            var seconds: [Int64: Int64] = [:]
            let statement = try store.db.cached("SELECT \(TaskStore.taskChangedSQL) FROM tasks t WHERE t.id = ?")
            for task in tasks {
                if let second = try statement.bind([.integer(task.id.rawValue)]).first({ $0.int64(0) }) { seconds[task.id.rawValue] = second }
            }
            return tasks.map { task in
                (task, seconds[task.id.rawValue].map { TaskQuery.Change(updated: $0, id: task.id.rawValue) } ?? TaskQuery.Change(after: task))
            }
        }
    }
}
