import Foundation
import TaskCore

/// A reminder that was claimed for delivery: its key, task, the due it was for, and the
/// notification that shows it (nil until the notification server answered, or with `--fallback stdout`).
public struct DeliveredReminder: Sendable, Hashable {
    public var key: String
    public var task: TaskID
    public var due: Date?
    public var notificationID: UInt32?
    public var snoozedUntil: Date?

    public init(key: String, task: TaskID, due: Date?, notificationID: UInt32?, snoozedUntil: Date? = nil) {
        self.key = key
        self.task = task
        self.due = due
        self.notificationID = notificationID
        self.snoozedUntil = snoozedUntil
    }
}
