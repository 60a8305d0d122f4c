import Foundation
import TaskCore

/// A reminder as a person sees it: summary (the task's title), body (when it is due and its
/// project), the task it is for, and whether it is urgent.
public struct ReminderNote: Sendable, Hashable {
    public var task: TaskID
    public var summary: String
    public var body: String
    public var urgent: Bool
    /// The label of the second button: "Snooze 10 min", or "Next visit" on a place reminder.
    public var postponeLabel: String

    public init(task: TaskID, summary: String, body: String, urgent: Bool, postponeLabel: String = "Snooze 10 min") {
        self.task = task
        self.summary = summary
        self.body = body
        self.urgent = urgent
        self.postponeLabel = postponeLabel
    }
}

/// A button clicked on a shown reminder.
public struct ReminderAction: Sendable, Hashable {
    public enum Key: String, Sendable, Hashable {
        case done
        case snooze
        /// On an agent's request (`ApprovalPrompts`): run it, or refuse it.
        case approve
        case reject
    }

    public var notificationID: UInt32
    public var key: Key
}

/// What happened on the presenter's side while waiting: buttons clicked, notifications the user closed.
public struct PresenterEvents: Sendable, Hashable {
    public var actions: [ReminderAction] = []
    public var dismissed: [UInt32] = []

    public init(actions: [ReminderAction] = [], dismissed: [UInt32] = []) {
        self.actions = actions
        self.dismissed = dismissed
    }
}

/// Where reminders are shown: the desktop's notification server, or standard output.
public protocol ReminderPresenting: AnyObject {
    /// Shows `note` (replacing notification `replacing` when given) and returns its id, or nil when
    /// the presenter has no ids (standard output).
    func show(_ note: ReminderNote, replacing: UInt32?) throws -> UInt32?
    /// Takes notification `id` away.
    func close(_ id: UInt32) throws
    /// Waits up to `timeout` and returns what the user did meanwhile.
    func wait(timeout: TimeInterval) throws -> PresenterEvents
    /// Shows an agent's request with Approve and Reject; its id, or nil when it cannot be clicked.
    func showApproval(_ note: ApprovalNote) throws -> UInt32?
}
