import Foundation
import TaskCore
import TaskToolkit

extension ChatSession {
    /// A change the rules recognised ("rename X to Y", "delete X"): shown in words with its task
    /// looked up, and run after a yes, through the same review as a model's proposals.
    ///
    /// When no task matches X the line was probably a task itself ("delete old photos from
    /// phone"): one line says so and the line goes on as a capture (shown with its chips, saved on
    /// Enter), or to the model in model mode.
    func runEdit(_ call: any Tool, line: String) {
        if let targeted = call as? any TaskTargeting {
            do {
                if case .failure(let refusal) = try toolkit.findEditable(targeted.target), refusal.candidates.isEmpty {
                    notice("No task matches \(targeted.target.description); as a new task:")
                    if modelMode { modelTurn(line) } else { capture(line) }
                    return
                }
            } catch {
                fail("\(error)")
                return
            }
        }
        let arguments = (call as? any ArgumentsExpressible)?.arguments ?? [:]
        switch reviewer.review(call, arguments: arguments, in: self) {
        case .run(let approved): runTool(approved)
        case .declined: notice("  Not run.")
        case .noTerminal(let words): notice("✗ Not run (no terminal to confirm): \(words)")
        case .refused: break  // the reviewer said why
        }
    }

    /// After "done X" was refused because X has open subtasks: asks whether to complete them too.
    /// - Returns: the call with `with_children`, or nil when the answer is no (or there is no one to ask).
    func completeWithSubtasks<T: Tool>(_ refusal: ToolRefusal, for call: T) -> T? {
        guard var complete = call as? CompleteTask, !complete.withChildren, !refusal.openSubtasks.isEmpty else { return nil }
        fail(refusal.message)
        for line in renderer.taskList(refusal.openSubtasks) { output.line(line) }
        guard let answer = ask("Complete \(refusal.openSubtasks.count == 1 ? "it" : "them") too? [y/N] "),
            ["y", "yes"].contains(answer.lowercased())
        else {
            notice("Nothing changed.")
            return nil
        }
        complete.withChildren = true
        return complete as? T
    }
}
