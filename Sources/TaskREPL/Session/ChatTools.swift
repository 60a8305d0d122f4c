import Foundation
import TaskCore
import TaskStore
import TaskToolkit

/// How a chat collaborator runs typed tool calls: through the toolkit, shown as the chat shows
/// results, remembered for /undo. `ChatToolRunner` is the chat's own.
protocol ChatTools: AnyObject {
    /// The toolkit every door uses (dry runs, look-ups, previews).
    var toolkit: TaskToolkit { get }
    /// The task the chat last saved, changed or showed: what "/attach FILE" alone attaches to, and
    /// what "that one" names.
    var recentTask: TaskID? { get set }
    /// Changes this chat made, for /undo.
    var undoLog: UndoLog { get set }

    /// Runs one typed call and shows its result (nothing when `quiet`); remembers how to undo it.
    /// - Returns: the result as the JSON doors see it (what a model is told); a failure is reported
    ///   and returned as `{"ok": false, "error": …}`.
    @discardableResult
    func runTool<T: Tool>(_ call: T, quiet: Bool) -> JSONValue
}

extension ChatTools {
    @discardableResult
    func runTool<T: Tool>(_ call: T) -> JSONValue { runTool(call, quiet: false) }

    /// The user's place names, so the chat's own readings bind "when I get to the supermarket" as
    /// `capture_task` does (none when the store cannot say).
    var placeNames: [String] { (try? Places(toolkit.store).placeNames()) ?? [] }
}
