import Foundation
import TaskCore
import TaskToolkit

extension ChatSession {
    /// "done", "move" or "snooze" alone: asks which task (Tab completes open titles), then for a
    /// date when the verb needs one, and runs the call. Without a terminal it says how to say it.
    func pickTask(_ pick: TaskPick) {
        guard reader.isInteractive else {
            fail("Which task? Say it in one line, e.g. `\(pick.completionVerb)call mom`\(pick.dateQuestion == nil ? "" : " to friday").")
            return
        }
        answerVerb = pick.completionVerb
        let answer = ask("  Which task? (Tab completes, Enter cancels) ")
        answerVerb = nil
        guard let answer, !answer.isEmpty else { return notice("  Nothing changed.") }
        let target = TaskReference(answer)
        guard let question = pick.dateQuestion else {
            runTool(CompleteTask(target: target))
            return
        }
        guard let date = ask("  " + question), !date.isEmpty else { return notice("  Nothing changed.") }
        guard router.context.isDate(date) else { return notice("  '\(date)' is not a date I know; nothing changed.") }
        switch pick {
        case .deferral: runTool(DeferTask(target: target, until: date))
        case .reschedule, .complete: runTool(RescheduleTask(target: target, due: date))
        }
    }

    /// Whether a recognised call names a task by title that matches no task at all (no candidates).
    func namesNoTask(_ call: any Tool) -> Bool {
        guard let targeted = call as? any TaskTargeting, case .title = targeted.target,
            let found = try? toolkit.findEditable(targeted.target), case .failure(let refusal) = found
        else { return false }
        return refusal.candidates.isEmpty
    }

    /// A command whose task does not exist ("complete the expense form by thursday"): one line
    /// says so, and the whole line is offered as a capture (Enter saves), or goes to the model.
    func offerCapture(_ line: String, missing call: any Tool) {
        let target = (call as? any TaskTargeting)?.target.description ?? "it"
        notice("No open task matches \(target); as a new task:")
        if modelMode { modelTurn(line) } else { capture(line) }
    }
}
