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
        case .tool(let named):
            // "push my upcoming reminder to friday": the phrase resolved to one task, or asked which.
            guard let call = TaskPhraseResolver(session: session).resolve(named) else { return }
            if let list = call as? ListTasks { noteWeekend(list.query) }
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
            noteWeekend(call.query)
            answerCount(call)
        case .pickTask(let pick):
            pickTask(pick)
        case .edit(let named):
            guard let call = TaskPhraseResolver(session: session).resolve(named) else { return }
            runEdit(call)
        case .show(let words):
            show(words)
        case .newProject(let name):
            newProject(name)
        case .review(let call):
            ReviewWalk(session: session).run(call)
        case .note(let page, let markdown):
            runNote(page: page, markdown: markdown)
        case .capture(let text):
            session.capture(text)
        }
    }

    /// "what's my upcoming reminder", "what's the todo item I made yesterday": the tasks the phrase names.
    func show(_ words: String) {
        guard let phrase = TaskPhrase.parse(words) else { return }
        do {
            let tasks = try TaskPhraseResolver(session: session).tasks(phrase)
            guard !tasks.isEmpty else { return session.notice("No open task is \(phrase.description).") }
            for line in session.renderer.taskList(tasks) { session.output.line(line) }
            if tasks.count == 1 { session.recentTask = tasks[0].id }
        } catch {
            session.fail("\(error)")
        }
    }

    /// "this week" on a weekend runs to the end of next week: one line says so.
    func noteWeekend(_ query: TaskQuery) {
        guard query.filter == .week, let end = query.dueBefore else { return }
        let sunday = LocalDate(end, in: session.settings.timeZone).adding(days: -1)
        session.notice("(Fewer than two days are left this week, so this week runs to \(sunday.shortText).)")
    }

    /// "new project Kitchen": created after a yes, as every write the chat infers. With no name said
    /// ("create project in /Volumes/DataArchive" names a folder) it asks for one first.
    func newProject(_ said: String?) {
        var name = said
        if name == nil {
            guard session.reader.isInteractive else {
                return session.fail("A project is a name in Tasker, not a folder: say `new project NAME`.")
            }
            guard let answer = session.ask("  What should the project be called? (a name in Tasker, not a folder; Enter cancels) "),
                !answer.isEmpty
            else { return session.notice("  Nothing created.") }
            name = answer
        }
        guard let name else { return }
        runEdit(CreateProject(name: name))
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
