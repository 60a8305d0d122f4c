import Foundation
import TaskCore
import TaskToolkit

/// A line the rules recognised, acted on: a tool call (a day plan, a command whose task does not
/// exist), a count, "which task?", a change to confirm, the review, a note.
struct RuleTurn {
    let session: ChatSession
    /// The line as typed (trimmed): what goes on as a capture when its task does not exist.
    let line: String

    func run(_ intent: Intent) {
        switch intent {
        case .tool(let call):
            if let plan = call as? PlanDay {
                PlanRouting(session: session).run(plan)
            } else if namesNoTask(call), let complete = call as? CompleteTask {
                reportNoMatch(complete)
            } else if namesNoTask(call) {
                offerCapture(missing: call)
            } else {
                session.runTool(call)
            }
        case .count(let call):
            answerCount(call)
        case .pickTask(let pick):
            pickTask(pick)
        case .edit(let call):
            runEdit(call)
        case .review(let call):
            ReviewWalk(session: session).run(call)
        case .note(let page, let markdown):
            runNote(page: page, markdown: markdown)
        case .capture(let text):
            session.capture(text)
        }
    }

    /// "how many tasks do I have", "what's left today": the count in one line, then the tasks, from
    /// list_tasks (offline, in model mode too).
    func answerCount(_ call: ListTasks) {
        do {
            switch try session.toolkit.run(call) {
            case .done(let list):
                session.output.line(session.renderer.countLine(list.tasks.count, filter: call.query.filter))
                if !list.tasks.isEmpty { for line in session.renderer.taskList(list.tasks) { session.output.line(line) } }
            case .refused(let refusal):
                session.fail(refusal.message)
            }
        } catch {
            session.fail("\(error)")
        }
    }

    /// "done X" where X names no open task: says so and lists the closest open titles; the line is
    /// never offered as a task called "Done X".
    func reportNoMatch(_ call: CompleteTask) {
        session.notice("No open task matches \(call.target.description).")
        guard case .title(let words) = call.target, let found = try? session.toolkit.run(ListTasks(TaskQuery(filter: .open, limit: 1_000))),
            case .done(let open) = found, !open.tasks.isEmpty
        else { return }
        session.output.line("Closest open tasks:")
        for line in session.renderer.taskList(ClosestTitles.rank(words, among: open.tasks)) { session.output.line(line) }
    }

    /// "done", "move" or "snooze" alone: asks which task (Tab completes open titles), then for a
    /// date when the verb needs one, and runs the call. Without a terminal it says how to say it.
    func pickTask(_ pick: TaskPick) {
        guard session.reader.isInteractive else {
            session.fail("Which task? Say it in one line, e.g. `\(pick.completionVerb)call mom`\(pick.dateQuestion == nil ? "" : " to friday").")
            return
        }
        session.answerVerb = pick.completionVerb
        let answer = session.ask("  Which task? (Tab completes, Enter cancels) ")
        session.answerVerb = nil
        guard let answer, !answer.isEmpty else { return session.notice("  Nothing changed.") }
        let target = TaskReference(answer)
        guard let question = pick.dateQuestion else {
            session.runTool(CompleteTask(target: target))
            return
        }
        guard let date = session.ask("  " + question), !date.isEmpty else { return session.notice("  Nothing changed.") }
        guard session.router.context.isDate(date) else { return session.notice("  '\(date)' is not a date I know; nothing changed.") }
        switch pick {
        case .deferral: session.runTool(DeferTask(target: target, until: date))
        case .reschedule, .complete: session.runTool(RescheduleTask(target: target, due: date))
        }
    }

    /// Whether a recognised call names a task by title that matches no task at all (no candidates).
    func namesNoTask(_ call: any Tool) -> Bool {
        guard let targeted = call as? any TaskTargeting, case .title = targeted.target,
            let found = try? session.toolkit.findEditable(targeted.target), case .failure(let refusal) = found
        else { return false }
        return refusal.candidates.isEmpty
    }

    /// A command whose task does not exist ("complete the expense form by thursday"): one line
    /// says so, and the whole line is offered as a capture (Enter saves), or goes to the model.
    func offerCapture(missing call: any Tool) {
        let target = (call as? any TaskTargeting)?.target.description ?? "it"
        session.notice("No open task matches \(target); as a new task:")
        if session.modelMode { session.modelTurn(line) } else { session.capture(line) }
    }

    /// A change the rules recognised ("rename X to Y", "delete X"): shown in words with its task
    /// looked up, and run after a yes, through the same review as a model's proposals.
    ///
    /// When no task matches X the line was probably a task itself ("delete old photos from
    /// phone"): one line says so and the line goes on as a capture (shown with its chips, saved on
    /// Enter), or to the model in model mode.
    func runEdit(_ call: any Tool) {
        if let targeted = call as? any TaskTargeting {
            do {
                if case .failure(let refusal) = try session.toolkit.findEditable(targeted.target), refusal.candidates.isEmpty {
                    session.notice("No task matches \(targeted.target.description); as a new task:")
                    if session.modelMode { session.modelTurn(line) } else { session.capture(line) }
                    return
                }
            } catch {
                session.fail("\(error)")
                return
            }
        }
        let arguments = (call as? any ArgumentsExpressible)?.arguments ?? [:]
        switch session.reviewer.review(call, arguments: arguments, in: session) {
        case .run(let approved): session.runTool(approved)
        case .declined: session.notice("  Not run.")
        case .noTerminal(let words): session.notice("✗ Not run (no terminal to confirm): \(words)")
        case .refused: break  // the reviewer said why
        }
    }

    /// "note to Kitchen: buy tiles": appends to the page, or creates it when there is none.
    func runNote(page: String, markdown: String) {
        let append = AppendToPage(page: .title(page), markdown: markdown)
        do {
            switch try session.toolkit.run(append) {
            case .done(let output):
                for line in session.renderer.lines(for: output, format: session.toolkit.format) { session.output.line(line) }
            case .refused(let refusal) where !refusal.candidates.isEmpty:
                session.fail(refusal.message)
                for c in refusal.candidates { session.output.line("  \(TerminalText.sanitized(c.title))") }
            case .refused:
                session.runTool(CreatePage(title: page, body: markdown))
            }
        } catch {
            session.fail("\(error)")
        }
    }
}
