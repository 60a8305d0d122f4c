import Foundation

/// One notification a task is owed: an early warning, the due time itself, or a time the task asked for.
public struct Reminder: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        /// Some minutes before the due (the task's own lead or the configured default).
        case early
        /// At the due time.
        case due
        /// At the instant the task's `remind` names.
        case at
    }

    public var task: TaskID
    public var kind: Kind
    public var fireAt: Date
    /// The due this reminder is for (nil for an `at` reminder on a task without a due).
    public var due: Date?

    public init(task: TaskID, kind: Kind, fireAt: Date, due: Date?) {
        self.task = task
        self.kind = kind
        self.fireAt = fireAt
        self.due = due
    }

    /// Names this reminder among every reminder ever delivered: the task, the kind, and the due it
    /// is for, so a rescheduled task or the next occurrence of a recurring one is reminded again,
    /// and the same one never twice.
    public var key: String {
        let dueText = due.map { String(Int64($0.timeIntervalSince1970.rounded(.down))) } ?? "-"
        return "\(task.rawValue):\(kind.rawValue):\(dueText):\(Int64(fireAt.timeIntervalSince1970.rounded(.down)))"
    }
}
