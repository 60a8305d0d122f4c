import Foundation

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
