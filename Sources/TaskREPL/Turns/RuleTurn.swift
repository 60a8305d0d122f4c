import Foundation
import TaskCore
import TaskToolkit

/// A line the rules recognised, acted on: a tool call (a day plan, a command whose task does not
/// exist), a count, "which task?", a change to confirm, the review, a note.
struct RuleTurn {
    let console: ChatConsole
    let tools: ChatTools
    /// Where a line goes on: a capture, a model turn, a day plan.
    let handoff: ChatHandoff
    /// Whether a change the rules recognised runs (the same review as a model's proposals).
    let reviewer: ProposalReviewer
    /// The rule table (its context says whether words are a date).
    let router: IntentRouter
    let reading: ChatReading
    let modelMode: Bool
    let confirm: ConfirmPolicy
    /// The line as typed (trimmed): what goes on as a capture when its task does not exist.
    let line: String

    /// Resolves the task phrases a line names ("my next reminder", "that one").
    var resolver: TaskPhraseResolver { TaskPhraseResolver(console: console, tools: tools, reading: reading) }

    func run(_ intent: Intent) {
        switch intent {
        case .tool(let named):
            // "push my upcoming reminder to friday": the phrase resolved to one task, or asked which.
            guard let call = resolver.resolve(named) else { return }
            if let list = call as? ListTasks { noteWeekend(list.query) }
            if let plan = call as? PlanDay {
                handoff.plan(plan)
            } else if namesNoTask(call), let complete = call as? CompleteTask {
                reportNoMatch(complete)
            } else if namesNoTask(call) {
                offerCapture(missing: call)
            } else {
                tools.runTool(call)
            }
        case .count(let call):
            noteWeekend(call.query)
            answerCount(call)
        case .pickTask(let pick):
            pickTask(pick)
        case .edit(let named):
            guard let call = resolver.resolve(named) else { return }
            runEdit(call)
        case .show(let words):
            show(words)
        case .newProject(let name):
            newProject(name)
        case .review(let call):
            ReviewWalk(console: console, tools: tools).run(call)
        case .note(let page, let markdown):
            runNote(page: page, markdown: markdown)
        case .capture(let text):
            handoff.capture(text)
        }
    }

    /// "what's my upcoming reminder", "what's the todo item I made yesterday": the tasks the phrase
    /// names; words that are no phrase are a title ("when is the dentist": the tasks holding it).
    func show(_ words: String) {
        let phrase = TaskPhrase.parse(words) ?? .titled(words)
        do {
            let tasks = try resolver.tasks(phrase)
            guard !tasks.isEmpty else { return console.notice("No open task is \(phrase.description).") }
            for line in console.renderer.taskList(tasks) { console.line(line) }
            if tasks.count == 1 { tools.recentTask = tasks[0].id }
        } catch {
            console.fail("\(error)")
        }
    }

    /// "this week" on a weekend runs to the end of next week: one line says so. A day's or a
    /// weekend's list says which days it is ("what's on saturday": `Due Sat 12 Dec:`).
    func noteWeekend(_ query: TaskQuery) {
        if let from = query.dueFrom, let end = query.dueBefore {
            let first = LocalDate(from, in: reading.timeZone), last = LocalDate(end, in: reading.timeZone).adding(days: -1)
            return console.notice("Due " + (first == last ? first.shortText : "\(first.shortText) – \(last.shortText)") + ":")
        }
        guard query.filter == .week, let end = query.dueBefore else { return }
        let sunday = LocalDate(end, in: reading.timeZone).adding(days: -1)
        console.notice("(Fewer than two days are left this week, so this week runs to \(sunday.shortText).)")
    }

    /// "new project Kitchen": created after a yes, as every write the chat infers. With no name said
    /// ("create project in /Volumes/DataArchive" names a folder) it asks for one first.
    func newProject(_ said: String?) {
        var name = said
        if name == nil {
            guard console.isInteractive else {
                return console.fail("A project is a name in Tasker, not a folder: say `new project NAME`.")
            }
            guard let answer = console.ask("  What should the project be called? (a name in Tasker, not a folder; Enter cancels) "),
                !answer.isEmpty
            else { return console.notice("  Nothing created.") }
            name = answer
        }
        guard let name else { return }
        runEdit(CreateProject(name: name))
    }

    /// "how many tasks do I have", "what's left today": the count in one line, then the tasks, from
    /// list_tasks (offline, in model mode too).
    func answerCount(_ call: ListTasks) {
        do {
            switch try tools.toolkit.run(call) {
            case .done(let list):
                console.line(console.renderer.countLine(list.tasks.count, filter: call.query.filter))
                if !list.tasks.isEmpty { for line in console.renderer.taskList(list.tasks) { console.line(line) } }
            case .refused(let refusal):
                console.fail(refusal.message)
            }
        } catch {
            console.fail("\(error)")
        }
    }

    /// "done X" where X names no open task: says so and lists the closest open titles; the line is
    /// never offered as a task called "Done X".
    func reportNoMatch(_ call: CompleteTask) {
        console.notice("No open task matches \(call.target.description).")
        guard case .title(let words) = call.target, let found = try? tools.toolkit.run(ListTasks(TaskQuery(filter: .open, limit: 1_000))),
            case .done(let open) = found, !open.tasks.isEmpty
        else { return }
        console.line("Closest open tasks:")
        for line in console.renderer.taskList(ClosestTitles.rank(words, among: open.tasks)) { console.line(line) }
    }

    /// "done", "move" or "snooze" alone: asks which task (Tab completes open titles), then for a
    /// date when the verb needs one, and runs the call. Without a terminal it says how to say it.
    func pickTask(_ pick: TaskPick) {
        guard console.isInteractive else {
            console.fail("Which task? Say it in one line, e.g. `\(pick.completionVerb)call mom`\(pick.dateQuestion == nil ? "" : " to friday").")
            return
        }
        console.answerVerb = pick.completionVerb
        let answer = console.ask("  Which task? (Tab completes, Enter cancels) ")
        console.answerVerb = nil
        guard let answer, !answer.isEmpty else { return console.notice("  Nothing changed.") }
        let target = TaskReference(answer)
        guard let question = pick.dateQuestion else {
            tools.runTool(CompleteTask(target: target))
            return
        }
        guard let date = console.ask("  " + question), !date.isEmpty else { return console.notice("  Nothing changed.") }
        guard router.context.isDate(date) else { return console.notice("  '\(date)' is not a date I know; nothing changed.") }
        switch pick {
        case .deferral: tools.runTool(DeferTask(target: target, until: date))
        case .reschedule, .complete: tools.runTool(RescheduleTask(target: target, due: date))
        }
    }

    /// Whether a recognised call names a task by title that matches no task at all (no candidates).
    func namesNoTask(_ call: any Tool) -> Bool {
        guard let targeted = call as? any TaskTargeting, case .title = targeted.target,
            let found = try? tools.toolkit.findEditable(targeted.target), case .failure(let refusal) = found
        else { return false }
        return refusal.candidates.isEmpty
    }

    /// A command whose task does not exist ("complete the expense form by thursday"): one line
    /// says so, and the whole line is offered as a capture (Enter saves), or goes to the model.
    func offerCapture(missing call: any Tool) {
        let target = (call as? any TaskTargeting)?.target.description ?? "it"
        console.notice("No open task matches \(target); as a new task:")
        if modelMode { handoff.modelTurn(line) } else { handoff.capture(line) }
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
                if case .failure(let refusal) = try tools.toolkit.findEditable(targeted.target), refusal.candidates.isEmpty {
                    console.notice("No task matches \(targeted.target.description); as a new task:")
                    if modelMode { handoff.modelTurn(line) } else { handoff.capture(line) }
                    return
                }
            } catch {
                console.fail("\(error)")
                return
            }
        }
        let arguments = (call as? any ArgumentsExpressible)?.arguments ?? [:]
        switch reviewer.review(call, arguments: arguments, confirm: confirm) {
        case .run(let approved): tools.runTool(approved)
        case .declined: console.notice("  Not run.")
        case .noTerminal(let words): console.notice("✗ Not run (no terminal to confirm): \(words)")
        case .refused: break  // the reviewer said why
        }
    }

    /// "note to Kitchen: buy tiles": appends to the page, or creates it when there is none.
    func runNote(page: String, markdown: String) {
        let append = AppendToPage(page: .title(page), markdown: markdown)
        do {
            switch try tools.toolkit.run(append) {
            case .done(let output):
                for line in console.renderer.lines(for: output, format: tools.toolkit.format) { console.line(line) }
            case .refused(let refusal) where !refusal.candidates.isEmpty:
                console.fail(refusal.message)
                for c in refusal.candidates { console.line("  \(TerminalText.sanitized(c.title))") }
            case .refused:
                tools.runTool(CreatePage(title: page, body: markdown))
            }
        } catch {
            console.fail("\(error)")
        }
    }
}
