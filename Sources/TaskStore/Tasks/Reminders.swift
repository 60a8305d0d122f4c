import Foundation
import TaskCore

/// The task reads a reminder watcher makes (the chat counts due reminders with them too), over the
/// store's connection: `Reminders(store)`. The ledger of delivered reminders is `ReminderLedger` in
/// TaskDesktop.
public struct Reminders {
    public let store: TaskStore

    public init(_ store: TaskStore) { self.store = store }

    /// Open tasks that can owe a reminder (a due or a `remind`), in id order.
    public func tasksWithReminders() throws -> [TaskItem] {
        try store.read { try store.loadTasks("WHERE t.status = 'open' AND (t.due IS NOT NULL OR t.remind IS NOT NULL) ORDER BY t.id", []) }
    }

    /// Changes whenever another connection commits (`PRAGMA data_version`): how a watcher notices
    /// a task completed or moved from any door without reading every row.
    public func dataVersion() throws -> Int64 {
        try store.mapErrors { try store.db.scalar("PRAGMA data_version") ?? 0 }
    }

    /// The open task a reminder is for, or nil when it was deleted.
    public func taskIfPresent(_ id: TaskID) throws -> TaskItem? {
        try store.read { try store.loadTasks("WHERE t.id = ?", [.integer(id.rawValue)]).first }
    }
}
