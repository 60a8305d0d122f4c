import TaskStore
import TaskToolkit

/// Answers the router's "do these words name an open task?" and "is this a template?" from the
/// chat's toolkit.
///
/// `@unchecked Sendable` because the router's context is `Sendable` while the toolkit (a SQLite
/// handle) is not: the chat is used from one thread, and the router is only asked from it.
final class OpenTaskProbe: @unchecked Sendable {
    weak var toolkit: TaskToolkit?
    /// Whether the chat has a task in focus (one it last saved, changed or showed): "move it to
    /// friday" names a task only then.
    var hasFocus = false

    init(_ toolkit: TaskToolkit) { self.toolkit = toolkit }

    /// True when the words name one open task or several (an ambiguity is still a task).
    func names(_ words: String) -> Bool {
        guard let toolkit, let found = try? toolkit.findEditable(TaskReference(words)) else { return false }
        switch found {
        case .success: return true
        case .failure(let refusal): return !refusal.candidates.isEmpty
        }
    }

    /// True when `name` is a template's, built in or the user's.
    func isTemplate(_ name: String) -> Bool {
        guard let toolkit else { return false }
        return (try? Templates(toolkit.store).template(named: name)) != nil
    }
}
