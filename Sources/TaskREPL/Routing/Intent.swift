import TaskCore
import TaskToolkit

/// What a line of chat asks for, as the offline router reads it.
public enum Intent: Sendable, Equatable {
    /// One typed tool call, recognised with confidence (it runs locally even in model mode).
    case tool(any Tool)
    /// A change to an existing task ("rename X to Y", "delete X"): confirmed before it runs, and
    /// offered as a capture instead when no task matches.
    case edit(any Tool)
    /// The weekly review: shown, then walked through item by item when there is a terminal.
    case review(Review)
    /// A note to a page: append to it, or create it when there is none.
    case note(page: String, markdown: String)
    /// A verb said alone ("done", "move"): ask which task (Tab completes open titles), then do it.
    case pickTask(TaskPick)
    /// A question about how many tasks there are ("how many tasks do I have", "what's left today"):
    /// answered from this list with a count, then the tasks.
    case count(ListTasks)
    /// A task named by a phrase ("what's my next reminder", "the one I made yesterday") or by its
    /// title ("when is the dentist"): shown.
    case show(String)
    /// "new project NAME": created after a yes, like every write the chat infers; nil when no name
    /// was said ("create project in /Volumes/DataArchive" names a folder): ask for one.
    case newProject(String?)
    /// Anything else: a task to capture (shown with its chips before it is saved).
    case capture(String)

    /// True for the intents the rules recognised (everything but a capture).
    public var isConfident: Bool {
        if case .capture = self { return false }
        return true
    }

    public static func == (lhs: Intent, rhs: Intent) -> Bool {
        switch (lhs, rhs) {
        case (.tool(let a), .tool(let b)), (.edit(let a), .edit(let b)): return a.isSameCall(as: b)
        case (.count(let a), .count(let b)): return a.isSameCall(as: b)
        case (.review(let a), .review(let b)): return a == b
        case (.note(let p1, let m1), .note(let p2, let m2)): return p1 == p2 && m1 == m2
        case (.capture(let a), .capture(let b)), (.show(let a), .show(let b)): return a == b
        case (.newProject(let a), .newProject(let b)): return a == b
        case (.pickTask(let a), .pickTask(let b)): return a == b
        default: return false
        }
    }
}
