import Foundation
import TaskCore

extension AgentChanges {
    /// How long what an agent changed stays undoable: 90 days (three times the 30 days a decided
    /// approval is kept), after which its `agent_changes` rows are deleted. The receipts stay for good.
    public static let retention: TimeInterval = 90 * 86_400

    /// Deletes the recorded changes older than `retention`, in one transaction. Runs when a connection
    /// first records an agent's call and before each `undo`, so the table holds about 90 days.
    /// - Returns: how many rows went.
    /// - Throws: `TaskStoreError` when the database fails.
    @discardableResult
    public func prune() throws -> Int {
        try store.write {
            let cutoff = Int64(TaskStore.wholeSeconds(store.now.addingTimeInterval(-Self.retention)).timeIntervalSince1970)
            try store.db.run("DELETE FROM agent_changes WHERE ts < ?", [.integer(cutoff)])
            return store.db.changes
        }
    }
}
