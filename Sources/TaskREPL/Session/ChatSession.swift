import Foundation
import TaskCore
import TaskNL
import TaskStore
import TaskToolkit

/// The chat REPL, headless: it reads lines from a `LineReader`, routes them (slash command, rule,
/// capture, or the model), runs typed tool calls through the `TaskToolkit` and writes to an
/// `OutputSink`.
///
/// The session keeps the loop and the dispatch; collaborators do the work: `RuleTurn` (a line the
/// `IntentRouter` recognised), `ChatCapture`, `ModelTurn`, `DictationTurn` and `PlanRouting` (all
/// three wait through `ModelWait`), `ChatCommands` (the slash-command table), `ChatAttachments`,
/// `ChatApprovals`, `ReviewWalk`, `ChatCompletion`, `RefusalFollowUp`, the `ProposalReviewer`
/// (whether a model's call runs), the `UndoLog` and the `TaskRenderer` (how results look). The app
/// gives it libedit and a real store; tests give it a scripted reader, a buffer and a temporary
/// store. Used from one thread.
public final class ChatSession {
    public let toolkit: TaskToolkit
    public let reader: LineReader
    public let output: OutputSink
    public let clock: @Sendable () -> Date
    public let parser: TaskNLParser
    public var settings: ChatSettings
    public let router: IntentRouter
    /// The model path; nil means rules only.
    public var model: ModelConversation?
    /// Builds the model path after `/key set` when there was none at start.
    public var modelFactory: (() -> ModelConversation?)?
    /// `/sync`: syncs now and returns the lines to show (the command line wires it to the configured
    /// provider; it never throws: failures come back as a line). Nil when sync is not configured.
    public var syncNow: (() -> [String])?
    /// Background work's news (the background sync): lines to show before the next prompt, taken
    /// once each. Called on the chat's thread.
    public var backgroundLines: (() -> [String])?
    /// A short mark for the prompt while background work is failing ("sync failing"); nil when all is well.
    public var promptMark: (() -> String?)?
    /// Changes this session made, for /undo.
    var undoLog = UndoLog()
    /// Whether the model's calls run, and which the user said "always" to.
    var reviewer = ProposalReviewer()
    /// Set by /quit; the loop stops after the current line.
    public internal(set) var finished = false
    /// The task this session last saved or changed: what "/attach FILE" alone attaches to, and
    /// what "that one" names.
    var recentTask: TaskID? { didSet { probe.hasFocus = recentTask != nil } }
    private let probe: OpenTaskProbe
    /// Tab's words and the question being answered (`ChatCompletion`).
    var completion = ChatCompletion()
    /// `/approvals` and the notice of waiting agent requests (`ChatApprovals`).
    var approvals = ChatApprovals()
    /// Lines typed at a question instead of its answer (`choose`): handled after the current line.
    var nextLines: [String] = []

    public init(
        toolkit: TaskToolkit, reader: LineReader, output: OutputSink, settings: ChatSettings,
        clock: @escaping @Sendable () -> Date = { Date() }, parser: TaskNLParser = TaskNLParser(),
        model: ModelConversation? = nil
    ) {
        self.toolkit = toolkit
        self.reader = reader
        self.output = output
        self.settings = settings
        self.clock = clock
        self.parser = parser
        self.model = model
        let zone = settings.timeZone
        let probe = OpenTaskProbe(toolkit)
        self.probe = probe
        self.router = IntentRouter(context: IntentContext(
            isDate: { phrase in parser.parseDate(phrase, now: clock(), timeZone: zone) != nil },
            isOpenTask: { probe.names($0) }, isTemplate: { probe.isTemplate($0) }, hasFocus: { probe.hasFocus }, now: clock, timeZone: zone))
    }

    /// A renderer for this moment.
    var renderer: TaskRenderer { TaskRenderer(useColor: settings.useColor, timeZone: settings.timeZone, now: clock()) }

    /// True when lines that are not rules go to the model.
    public var modelMode: Bool { model != nil && !settings.offline }

    var prompt: String {
        guard reader.isInteractive else { return "" }
        let base = modelMode ? "tasker✦ " : "tasker> "
        var marks: [String] = []
        if let mark = promptMark?() { marks.append(mark) }
        let due = remindersDue
        if due > 0 { marks.append("\(due) reminder\(due == 1 ? "" : "s") due") }
        return marks.isEmpty ? base : marks.joined(separator: " · ") + " · " + base
    }

    /// Open tasks whose reminder time has come (within the catch-up window), for the prompt.
    var remindersDue: Int {
        guard let schedule = settings.reminders, let tasks = try? Reminders(toolkit.store).tasksWithReminders() else { return 0 }
        return schedule.dueNow(tasks, now: toolkit.store.clock()).count
    }

    // MARK: The loop

    /// Reads and dispatches until /quit, Ctrl-D or the end of input.
    public func run() {
        if reader.isInteractive { greet() }
        while !finished {
            if reader.isInteractive {
                approvals.noticePending(in: self)
                for line in backgroundLines?() ?? [] { notice(line) }
            }
            switch reader.readLine(prompt: prompt) {
            case .endOfInput:
                if reader.isInteractive { output.line() }
                return
            case .interrupted:
                continue
            case .line(let first):
                let lines = ([first] + reader.bufferedLines()).filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
                for line in lines where keepsInHistory(line) { reader.addHistory(line) }
                if lines.count > 1 && lines.allSatisfy(isPlainCapture) {
                    ChatCapture(session: self).batch(lines)
                    handleNextLines()
                } else {
                    for line in lines where !finished {
                        handle(line)
                        handleNextLines()
                    }
                }
            }
        }
    }

    /// The lines typed at a question instead of its answer, each handled as if typed at the prompt.
    private func handleNextLines() {
        while !nextLines.isEmpty && !finished {
            let line = nextLines.removeFirst()
            output.line(style(prompt, .dim) + line)
            if keepsInHistory(line) { reader.addHistory(line) }
            handle(line)
        }
    }

    /// A line the rules would capture (and the model would not be asked about): pasted together,
    /// such lines are confirmed once. A paste holding commands runs line by line instead.
    func isPlainCapture(_ line: String) -> Bool {
        let text = line.trimmingCharacters(in: .whitespaces)
        return !modelMode && !text.hasPrefix("/") && !router.route(text).isConfident && DialogueAct.of(text) == nil
    }

    func greet() {
        let mode = modelMode ? "model " + TerminalText.sanitized(settings.model ?? "on") : "rules only"
        output.line(style("Tasker — type a task, a question, or /help. Ctrl-D quits. (\(mode))", .dim))
    }

    /// Lines that must never reach the history file (they may carry a key).
    static func isSecret(_ line: String) -> Bool {
        line.trimmingCharacters(in: .whitespaces).lowercased().hasPrefix("/key")
    }

    /// Whether a line goes to the history file: never a `/key` line; with sealing on (`crypto
    /// enable`), never a line that may carry what sealing keeps out of the file — a note or page text
    /// (`note to Kitchen: …`, `/note …`) or, with a model, any line the rules do not answer (the model
    /// may make it a note). The history file is plain text beside the database: such a line would
    /// undo the sealing. Dropped lines are still handled; ↑ does not recall them.
    func keepsInHistory(_ line: String) -> Bool {
        if Self.isSecret(line) { return false }
        guard (try? Sealing(toolkit.store).isOn()) ?? true else { return true }
        return !mayCarrySealedText(line)
    }

    /// A line whose text may end up in a sealed column (a page body or a note).
    func mayCarrySealedText(_ line: String) -> Bool {
        let text = line.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("/") {
            let name = text.dropFirst().prefix { !$0.isWhitespace }.lowercased()
            return Self.commands.first { $0.name == name || $0.aliases.contains(name) } == nil
        }
        switch router.route(text) {
        case .note: return true
        case .capture: return modelMode
        default: return false
        }
    }

    /// Handles one line: a slash command, a rule, a capture or a model turn.
    public func handle(_ line: String) {
        let text = line.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return }
        if !Self.isSecret(text) { reviewer.noteTyped(text) }
        if text.hasPrefix("/") {
            runCommand(text)
            return
        }
        switch router.route(text) {
        case .capture(let captured):
            if let act = DialogueAct.of(captured) {
                DialogueReply(session: self).run(act, line: captured)
            } else if !modelMode {
                capture(captured)
            } else if ModelTurn.isRequest(captured) {
                modelTurn(captured)
            } else {
                DictationTurn(session: self).run(captured)
            }
        case let intent:
            RuleTurn(session: self, line: text).run(intent)
        }
    }

    /// A turn with the model about `text`; the rules' capture when there is no model.
    func modelTurn(_ text: String) {
        guard let conversation = model else { return capture(text) }
        var turn = ModelTurn(session: self, conversation: conversation, text: text)
        turn.run()
    }

    /// Tab's candidates for the text before the cursor (`ChatCompletion`).
    public func complete(_ textBeforeCursor: String) -> (start: Int, candidates: [String]) {
        completion.complete(textBeforeCursor, toolkit: toolkit, generation: undoLog.generation)
    }

    /// While a question asks which task ("done" alone), the verb Tab completes its answer after.
    var answerVerb: String? {
        get { completion.answerVerb }
        set { completion.answerVerb = newValue }
    }

    // MARK: Slash commands

    /// The REPL's commands, in /help order (`ChatCommands`).
    public static var commands: [SlashCommand] { ChatCommands.all }

    /// Runs `/name args`; an unknown name gets one line listing the closest.
    func runCommand(_ text: String) {
        let body = text.dropFirst()
        let name = body.prefix { !$0.isWhitespace }.lowercased()
        let argument = body.dropFirst(name.count).trimmingCharacters(in: .whitespaces)
        guard let command = SlashCommand.named(name, in: Self.commands) else {
            let close = SlashCommand.closest(to: name, in: Self.commands)
            fail("unknown command /\(name)" + (close.isEmpty ? "; type /help for the list" : "; did you mean \(close.joined(separator: ", "))?"))
            return
        }
        do {
            try command.run(self, argument)
        } catch {
            fail("\(error)")
        }
    }

    /// How `/attach` reads its argument and its target (`ChatAttachments`).
    static func splitAttachArgument(_ argument: String) -> (path: String, target: String?) { ChatAttachments.split(argument) }
    static func attachmentTarget(_ text: String) -> AttachmentTarget { ChatAttachments.target(text) }

    /// Shows `text` as a task to save, and saves it on Enter (`ChatCapture`).
    func capture(_ text: String) { ChatCapture(session: self).run(text) }

    // MARK: Helpers

    /// How the chat waits for the model (a spinner and Ctrl-C at a terminal).
    var modelWait: ModelWait { ModelWait(atTerminal: settings.showSpinner, output: output) }

    /// The user's place names, so the chat's own readings bind "when I get to the supermarket" as
    /// `capture_task` does (none when the store cannot say).
    var placeNames: [String] { (try? Places(toolkit.store).placeNames()) ?? [] }

    func style(_ text: String, _ style: Style) -> String { style.apply(text, settings.useColor) }

    /// One line about a failure, saying what to do. The message may quote a title, a path or an
    /// endpoint's error body, so it is sanitised (`TerminalText`, one line).
    func fail(_ message: String) { output.line(style("✗ " + TerminalText.sanitized(message), .red)) }

    /// One dim line; sanitised like `fail` (it may carry an error from the model path).
    func notice(_ message: String) { output.line(style(TerminalText.sanitized(message), .dim)) }

    /// Asks one question; nil when the reader cannot ask (not a terminal), on Ctrl-C or at EOF.
    ///
    /// Every question of the chat comes here: it is read with `readAnswer`, so keys typed before
    /// it appeared (a `y` pressed while the model was thinking) do not answer it.
    func ask(_ question: String, initial: String = "") -> String? {
        guard reader.isInteractive else { return nil }
        switch reader.readAnswer(prompt: TerminalText.sanitized(question), initial: initial) {
        case .line(let answer): return answer.trimmingCharacters(in: .whitespaces)
        case .interrupted: return nil
        case .endOfInput:
            output.line()
            return nil
        }
    }

    /// Keeps an answer that is a new line typed too soon (a sentence or a slash command) to handle
    /// after the current question, as if typed at the prompt. - Returns: whether it was kept.
    func keepTypedAhead(_ answer: String) -> Bool {
        let text = answer.trimmingCharacters(in: .whitespaces)
        guard text.contains(" ") || text.hasPrefix("/") else { return false }
        nextLines.append(text)
        return true
    }

    /// Asks for one key (no Enter at a terminal); nil when the reader cannot ask, on Ctrl-C or at EOF.
    func askKey(_ question: String) -> String? {
        guard reader.isInteractive else { return nil }
        switch reader.readKey(prompt: TerminalText.sanitized(question)) {
        case .line(let answer): return answer.trimmingCharacters(in: .whitespaces)
        case .interrupted: return nil
        case .endOfInput:
            output.line()
            return nil
        }
    }

    /// Asks `question` until the answer is one of `choices` (nil at end of input). Anything else —
    /// typically the next task typed before this one was confirmed — is not taken as "no": the
    /// question is asked again with what each key does, so the shown capture is never lost silently.
    func choose(_ question: String, among choices: [CaptureAnswer]) -> CaptureAnswer? {
        while let answer = ask(question) {
            let word = answer.trimmingCharacters(in: .whitespaces).lowercased()
            if let choice = choices.first(where: { $0.words.contains(word) }) { return choice }
            // A new sentence (or a slash command) instead of an answer, typed too soon: the question
            // stands (the draft shown is not dropped) and the line is kept, handled after the answer
            // as if typed at the prompt, so nothing typed is lost.
            let typedAhead = keepTypedAhead(answer)
            let keys = [CaptureAnswer.save: "Enter saves", .drop: "n drops", .edit: "e edits"]
            notice("  " + choices.compactMap { keys[$0] }.joined(separator: ", ") + "." + (typedAhead ? " Your new line comes next." : ""))
        }
        return nil
    }
}
