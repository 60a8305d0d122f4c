import Foundation
import TaskCore
import TaskStore

/// The delivered-reminders ledger over the store's connection: claims (each reminder delivered once,
/// across restarts and processes), the notifications still shown, closes, snoozes and clicked actions.
///
/// Every change is a claim: a row inserted or updated only where it was not yet, so of two
/// processes racing for the same reminder exactly one sees `changes == 1` and acts.
public struct ReminderLedger {
    public let store: TaskStore

    public init(_ store: TaskStore) { self.store = store }

    /// Claims `reminder` for delivery; false when it was delivered (or claimed) before.
    public func claim(_ reminder: Reminder) throws -> Bool {
        try claim(key: reminder.key, task: reminder.task, due: reminder.due)
    }

    /// Claims the reminder named `key` (a place reminder's names its visit); false when it was
    /// delivered (or claimed) before. `due` is the task's due it was shown for.
    public func claim(key: String, task: TaskID, due: Date?) throws -> Bool {
        try store.write {
            try store.db.cached("""
                INSERT INTO delivered_reminders(key, task_id, due, delivered) VALUES (?, ?, ?, ?)
                ON CONFLICT(key) DO NOTHING
                """).bind([.text(key), .integer(task.rawValue), DatabaseValue(due), DatabaseValue(TaskStore.wholeSeconds(store.now))]).run()
            return store.db.changes == 1
        }
    }

    /// Gives a claim back (the notification could not be shown), so a later run tries again.
    public func release(key: String) throws {
        try store.write { try store.db.cached("DELETE FROM delivered_reminders WHERE key = ? AND notification_id IS NULL").bind([.text(key)]).run() }
    }

    /// The user closed notification `id` (not snoozed): it is no longer shown.
    public func markDismissed(notificationID id: UInt32) throws {
        try store.write {
            try store.db.cached("UPDATE delivered_reminders SET closed = ? WHERE notification_id = ? AND closed IS NULL AND snoozed_until IS NULL")
                .bind([DatabaseValue(TaskStore.wholeSeconds(store.now)), .integer(Int64(id))]).run()
        }
    }

    /// Keeps the id the notification server gave the shown reminder, so it can be closed later.
    public func recordNotification(key: String, id: UInt32) throws {
        try store.write {
            try store.db.cached("UPDATE delivered_reminders SET notification_id = ? WHERE key = ?").bind([.integer(Int64(id)), .text(key)]).run()
        }
    }

    /// The reminders whose notification is still shown (not closed), oldest first.
    public func shown() throws -> [DeliveredReminder] {
        try store.read {
            try store.db.cached("""
                SELECT key, task_id, due, notification_id, snoozed_until FROM delivered_reminders
                WHERE closed IS NULL ORDER BY delivered, key
                """).bind([]).rows(Self.readDelivered)
        }
    }

    /// Marks a shown reminder closed; false when another process closed it first.
    public func claimClose(key: String) throws -> Bool {
        try store.write {
            try store.db.cached("UPDATE delivered_reminders SET closed = ?, snoozed_until = NULL WHERE key = ? AND closed IS NULL")
                .bind([DatabaseValue(TaskStore.wholeSeconds(store.now)), .text(key)]).run()
            return store.db.changes == 1
        }
    }

    /// Claims a click on notification `id` (servers send `ActionInvoked` to every listener); nil when
    /// another process took it, or the id is not one of ours.
    public func claimAction(notificationID id: UInt32) throws -> DeliveredReminder? {
        try store.write {
            let row = try store.db.cached("""
                SELECT key, task_id, due, notification_id, snoozed_until FROM delivered_reminders
                WHERE notification_id = ? AND closed IS NULL ORDER BY delivered DESC LIMIT 1
                """).bind([.integer(Int64(id))]).first(Self.readDelivered)
            guard let row else { return nil }
            try store.db.cached("UPDATE delivered_reminders SET acted = ? WHERE key = ? AND acted IS NULL")
                .bind([DatabaseValue(TaskStore.wholeSeconds(store.now)), .text(row.key)]).run()
            return store.db.changes == 1 ? row : nil
        }
    }

    /// Hides a shown reminder until `until`, when `claimSnoozed` hands it back for showing again.
    public func snooze(key: String, until: Date) throws {
        try store.write {
            try store.db.cached("UPDATE delivered_reminders SET snoozed_until = ?, acted = NULL WHERE key = ?")
                .bind([DatabaseValue(TaskStore.wholeSeconds(until)), .text(key)]).run()
        }
    }

    /// Snoozed reminders whose time has come, each claimed by exactly one caller.
    public func claimSnoozed() throws -> [DeliveredReminder] {
        try store.write {
            let stamp = DatabaseValue(TaskStore.wholeSeconds(store.now))
            let rows = try store.db.cached("""
                SELECT key, task_id, due, notification_id, snoozed_until FROM delivered_reminders
                WHERE closed IS NULL AND snoozed_until IS NOT NULL AND snoozed_until <= ?
                """).bind([stamp]).rows(Self.readDelivered)
            try store.db.cached("UPDATE delivered_reminders SET snoozed_until = NULL WHERE closed IS NULL AND snoozed_until <= ?").bind([stamp]).run()
            return rows
        }
    }

    /// The earliest snooze still pending, for a watcher to wake at.
    public func nextSnooze() throws -> Date? {
        try store.read {
            try store.db.cached("SELECT min(snoozed_until) FROM delivered_reminders WHERE closed IS NULL AND snoozed_until IS NOT NULL")
                .bind([]).first { $0.optionalDate(0) } ?? nil
        }
    }

    private static func readDelivered(_ s: Statement) -> DeliveredReminder {
        DeliveredReminder(
            key: s.string(0), task: TaskID(s.int64(1)), due: s.optionalDate(2),
            notificationID: s.optionalInt64(3).map { UInt32(truncatingIfNeeded: $0) }, snoozedUntil: s.optionalDate(4))
    }
}
