import Foundation
import TaskCore
import TaskToolkit

/// A refusal the person can resolve on the spot: a title that matched several tasks (which one?), or
/// "done X" while X has open subtasks (complete them too?). Shows the refusal either way.
struct RefusalFollowUp {
    let console: ChatConsole

    /// Shows a refusal; when a title matched several tasks, lists them and asks which one.
    /// - Returns: the call pointed at the task picked, or nil.
    func pickCandidate<T: Tool>(_ refusal: ToolRefusal, for call: T) -> T? {
        console.fail(refusal.message)
        guard var targeted = call as? any TaskTargeting, !refusal.candidates.isEmpty else { return nil }
        let tasks = refusal.candidates.compactMap { candidate -> TaskItem? in
            if case .task(let task) = candidate { return task }
            return nil
        }
        for line in console.renderer.taskList(tasks) { console.line(line) }
        guard let answer = console.ask("Which one? (id, Enter to skip) "), !answer.isEmpty else { return nil }
        guard case .id(let id) = TaskReference(answer) else {
            console.notice("Not an id; nothing changed.")
            return nil
        }
        targeted.target = .id(id)
        return targeted as? T
    }

    /// After "done X" was refused because X has open subtasks: asks whether to complete them too.
    /// - Returns: the call with `with_children`, or nil when the answer is no (or there is no one to ask).
    func completeWithSubtasks<T: Tool>(_ refusal: ToolRefusal, for call: T) -> T? {
        guard var complete = call as? CompleteTask, !complete.withChildren, !refusal.openSubtasks.isEmpty else { return nil }
        console.fail(refusal.message)
        for line in console.renderer.taskList(refusal.openSubtasks) { console.line(line) }
        guard let answer = console.ask("Complete \(refusal.openSubtasks.count == 1 ? "it" : "them") too? [y/N] "),
            CaptureAnswer.yesWords.contains(CaptureAnswer.normalised(answer))
        else {
            console.notice("Nothing changed.")
            return nil
        }
        complete.withChildren = true
        return complete as? T
    }
}
