import Foundation
import TaskCore
import TaskNL
import TaskStore
import TaskToolkit

/// The chat REPL, headless: it reads lines from a `LineReader`, routes them (slash command, rule,
/// capture, or the model), runs typed tool calls through the `TaskToolkit` and writes to an
/// `OutputSink`.
///
/// The session keeps the loop and wires the parts; none of them knows the session. It owns the
/// shared state in small types — `LineConsole` (the person: lines shown, questions asked, lines
/// typed ahead), `ChatToolRunner` (calls run and shown, /undo, the task in focus), `ChatMode`
/// (settings and the model path), `ProposalReviewer`, `ChatApprovals`, `ChatCompletion` — and
/// builds one `ChatTurns` per line, which hands each line to its turn: `RuleTurn`, `ChatCapture`,
/// `ModelTurn`, `DictationTurn`, `PlanRouting`, `DialogueReply`, or `ChatCommands`. Each turn takes
/// only the narrow parts it uses (`ChatConsole`, `ChatTools`, `ChatHandoff`, values), so a turn can
/// be built and tested with fakes. The app gives the session libedit and a real store; tests give
/// it a scripted reader, a buffer and a temporary store. Used from one thread.
public final class ChatSession {
    public let toolkit: TaskToolkit
    public let reader: LineReader
    public let output: OutputSink
    public let clock: @Sendable () -> Date
    public let parser: TaskNLParser
    public let router: IntentRouter
    /// `/sync`: syncs now and returns the lines to show (the command line wires it to the configured
    /// provider; it never throws: failures come back as a line). Nil when sync is not configured.
    public var syncNow: (() -> [String])?
    /// Background work's news (the background sync): lines to show before the next prompt, taken
    /// once each. Called on the chat's thread.
    public var backgroundLines: (() -> [String])?
    /// A short mark for the prompt while background work is failing ("sync failing"); nil when all is well.
    public var promptMark: (() -> String?)?

    private let mode: ChatMode
    private let console: LineConsole
    private let tools: ChatToolRunner
    /// Whether the model's calls (and the changes the rules recognised) run, and which the user said "always" to.
    private let reviewer: ProposalReviewer
    /// `/approvals` and the notice of waiting agent requests.
    private let approvals: ChatApprovals
    /// Tab's words (`ChatCompletion`).
    private var completion = ChatCompletion()

    public init(
        toolkit: TaskToolkit, reader: LineReader, output: OutputSink, settings: ChatSettings,
        clock: @escaping @Sendable () -> Date = { Date() }, parser: TaskNLParser = TaskNLParser(),
        model: ModelConversation? = nil
    ) {
        self.toolkit = toolkit
        self.reader = reader
        self.output = output
        self.clock = clock
        self.parser = parser
        let mode = ChatMode(settings: settings, model: model)
        let console = LineConsole(reader: reader, output: output, mode: mode, clock: clock)
        let zone = settings.timeZone
        let probe = OpenTaskProbe(toolkit)
        self.mode = mode
        self.console = console
        self.tools = ChatToolRunner(toolkit: toolkit, console: console) { probe.hasFocus = $0 }
        self.reviewer = ProposalReviewer(console: console, toolkit: toolkit)
        self.approvals = ChatApprovals(toolkit: toolkit, console: console)
        self.router = IntentRouter(context: IntentContext(
            isDate: { phrase in parser.parseDate(phrase, now: clock(), timeZone: zone) != nil },
            isOpenTask: { probe.names($0) }, isTemplate: { probe.isTemplate($0) }, hasFocus: { probe.hasFocus }, now: clock, timeZone: zone))
    }

    /// The switches of this session (`/confirm`, `/offline`, `/model`… change them).
    public var settings: ChatSettings {
        get { mode.settings }
        set { mode.settings = newValue }
    }

    /// The model path; nil means rules only.
    public var model: ModelConversation? {
        get { mode.model }
        set { mode.model = newValue }
    }

    /// Builds the model path after `/key set` when there was none at start.
    public var modelFactory: (() -> ModelConversation?)? {
        get { mode.modelFactory }
        set { mode.modelFactory = newValue }
    }

    /// Set by /quit; the loop stops after the current line.
    public var finished: Bool { mode.finished }

    /// True when lines that are not rules go to the model.
    public var modelMode: Bool { mode.modelMode }

    /// Changes this session made, for /undo.
    var undoLog: UndoLog { tools.undoLog }

    /// While a question asks which task ("done" alone), the verb Tab completes its answer after.
    var answerVerb: String? {
        get { console.answerVerb }
        set { console.answerVerb = newValue }
    }

    /// The prompt of the moment (`ChatPrompt`).
    var chatPrompt: ChatPrompt { ChatPrompt(isInteractive: reader.isInteractive, mode: mode, store: toolkit.store, mark: promptMark) }

    /// This line's dispatch, built from the parts the session owns.
    var turns: ChatTurns {
        let prompt = chatPrompt
        return ChatTurns(
            console: console, tools: tools, mode: mode, reviewer: reviewer, router: router,
            reading: ChatReading(parser: parser, clock: clock, timeZone: mode.settings.timeZone), prompt: { prompt.text },
            reader: reader, approvals: approvals, syncNow: syncNow)
    }

    // MARK: The loop

    /// Reads and dispatches until /quit, Ctrl-D or the end of input.
    public func run() {
        if reader.isInteractive { greet() }
        while !finished {
            if reader.isInteractive {
                approvals.noticePending()
                for line in backgroundLines?() ?? [] { console.notice(line) }
            }
            switch reader.readLine(prompt: chatPrompt.text) {
            case .endOfInput:
                if reader.isInteractive { output.line() }
                return
            case .interrupted:
                continue
            case .line(let first):
                let lines = ([first] + reader.bufferedLines()).filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
                for line in lines where keepsInHistory(line) { reader.addHistory(line) }
                if lines.count > 1 && lines.allSatisfy(isPlainCapture) {
                    turns.capturing.batch(lines)
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
        while !console.nextLines.isEmpty && !finished {
            let line = console.nextLines.removeFirst()
            output.line(console.style(chatPrompt.text, .dim) + line)
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
        output.line(console.style("Tasker — type a task, a question, or /help. Ctrl-D quits. (\(mode))", .dim))
    }

    /// Whether a line goes to the history file: never a `/key` line; with sealing on (`crypto
    /// enable`), never a line that may carry what sealing keeps out of the file — a note or page text
    /// (`note to Kitchen: …`, `/note …`) or, with a model, any line the rules do not answer (the model
    /// may make it a note). The history file is plain text beside the database: such a line would
    /// undo the sealing. Dropped lines are still handled; ↑ does not recall them.
    func keepsInHistory(_ line: String) -> Bool {
        if LineConsole.isSecret(line) { return false }
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

    /// Handles one line: a slash command, a rule, a capture or a model turn (`ChatTurns`).
    public func handle(_ line: String) { turns.handle(line) }

    /// Tab's candidates for the text before the cursor (`ChatCompletion`).
    public func complete(_ textBeforeCursor: String) -> (start: Int, candidates: [String]) {
        completion.complete(textBeforeCursor, answerVerb: console.answerVerb, toolkit: toolkit, generation: tools.undoLog.generation)
    }

    // MARK: Slash commands

    /// The REPL's commands, in /help order (`ChatCommands`).
    public static var commands: [SlashCommand] { ChatCommands.all }

    /// How `/attach` reads its argument and its target (`ChatAttachments`).
    static func splitAttachArgument(_ argument: String) -> (path: String, target: String?) { ChatAttachments.split(argument) }
    static func attachmentTarget(_ text: String) -> AttachmentTarget { ChatAttachments.target(text) }
}
