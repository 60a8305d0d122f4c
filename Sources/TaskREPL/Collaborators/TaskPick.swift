/// What a verb said alone ("done", "move", "snooze") will do once the user names the task.
public enum TaskPick: String, Sendable, Hashable, CaseIterable {
    /// `done`, `complete`, `finish`, `mark done`, `tick off`: completes it.
    case complete
    /// `move`, `reschedule`, `push`, `postpone`, `change`: asks for the new due date.
    case reschedule
    /// `defer`, `snooze`: asks until when it is hidden.
    case deferral

    /// The words that say it alone, as typed (after the router's normalising).
    static let words: [String: TaskPick] = [
        "done": .complete, "complete": .complete, "finish": .complete, "finished": .complete, "mark done": .complete,
        "mark as done": .complete, "tick off": .complete, "check off": .complete, "mark complete": .complete,
        "move": .reschedule, "reschedule": .reschedule, "push": .reschedule, "postpone": .reschedule, "bump": .reschedule,
        "defer": .deferral, "snooze": .deferral,
    ]

    /// The verb Tab completion reads the answer after (`Completer`'s verbs).
    var completionVerb: String {
        switch self {
        case .complete: "done "
        case .reschedule: "move "
        case .deferral: "defer "
        }
    }

    /// The second question, for a date; nil when the task is all it needs.
    var dateQuestion: String? {
        switch self {
        case .complete: nil
        case .reschedule: "Due when? "
        case .deferral: "Hidden until when? "
        }
    }
}
