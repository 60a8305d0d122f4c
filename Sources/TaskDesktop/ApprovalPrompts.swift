import Foundation

/// An agent's request waiting for a person, as a notification shows it.
public struct ApprovalNote: Sendable, Hashable {
    /// The request's id (`apr_…`).
    public var id: String
    /// "claude asks to run delete_task".
    public var summary: String
    /// The exact call: the target it resolved to, the arguments, the scope.
    public var body: String

    public init(id: String, summary: String, body: String) {
        self.id = id
        self.summary = summary
        self.body = body
    }
}

/// Where the requests come from and where a decision goes (the command line wires `ApprovalDesk`).
public protocol ApprovalDeciding: AnyObject {
    /// The requests waiting now, oldest first.
    func pendingApprovals() throws -> [ApprovalNote]
    /// Approves (runs, checked again) or rejects one request; the line saying how it ended.
    func decide(_ id: String, approve: Bool) throws -> String
}

/// Agents' pending requests as desktop notifications with Approve and Reject buttons, while
/// `tasker remind --watch` runs: a channel the agent does not control (it cannot press them). Each
/// request is shown once; one decided elsewhere (`tasker approve`, the chat) or expired is closed.
public final class ApprovalPrompts {
    let presenter: ReminderPresenting
    let decider: ApprovalDeciding
    /// Request id → the notification showing it.
    private var shown: [String: UInt32] = [:]

    public init(presenter: ReminderPresenting, decider: ApprovalDeciding) {
        self.presenter = presenter
        self.decider = decider
    }

    /// Shows the requests not shown yet and closes those no longer waiting; returns what it did, in words.
    public func refresh() throws -> [String] {
        var lines: [String] = []
        let pending = try decider.pendingApprovals()
        let waiting = Set(pending.map(\.id))
        for (id, notification) in shown where !waiting.contains(id) {
            try presenter.close(notification)
            shown[id] = nil
        }
        for note in pending where shown[note.id] == nil {
            if let notification = try presenter.showApproval(note) { shown[note.id] = notification }
            else { shown[note.id] = 0 }  // printed: nothing to close later
            lines.append("approval requested: \(note.summary) (\(note.id))")
        }
        return lines
    }

    /// Decides the requests whose buttons were pressed; returns the other actions (reminders') and
    /// what was decided, in words.
    public func handle(_ actions: [ReminderAction]) throws -> (rest: [ReminderAction], lines: [String]) {
        var rest: [ReminderAction] = []
        var lines: [String] = []
        for action in actions {
            guard action.key == .approve || action.key == .reject,
                let id = shown.first(where: { $0.value == action.notificationID && $0.value != 0 })?.key
            else {
                if action.key != .approve && action.key != .reject { rest.append(action) }
                continue
            }
            shown[id] = nil
            try presenter.close(action.notificationID)
            lines.append(try decider.decide(id, approve: action.key == .approve))
        }
        return (rest, lines)
    }
}

extension ReminderPresenting {
    /// By default a presenter cannot show a request (nothing is shown; `tasker approvals` still lists it).
    public func showApproval(_ note: ApprovalNote) throws -> UInt32? { nil }
}
