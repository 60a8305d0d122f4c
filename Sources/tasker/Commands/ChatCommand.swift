import Foundation
import TaskCLI
import TaskCore
import TaskLLM
import TaskSync
import TaskNL
import TaskREPL
import TaskToolkit

/// `tasker` / `tasker chat`: the chat REPL on the terminal, or plain lines from a pipe.
enum ChatCommand: Command {
    static let offline = OptionSpec.flag("--offline", "rules only for this session, even with a model configured")

    static let signature = CommandSignature(
        name: "chat", summary: "the chat REPL (the default when no command is given)", maxWords: 0, options: [offline],
        details: """
            Opens the chat (also `tasker` with no command): type a task to capture it ("call mom
            tomorrow 5pm #family"), or ask ("plan my day, 3 hours, focused", "what's due today", "done
            call mom", "move dentist to friday 3pm", "defer taxes to monday"). Lines starting with / are
            commands; /help lists them. Tab completes, the up arrow recalls earlier lines (kept in
            $XDG_STATE_HOME/tasker/history), Ctrl-C drops the line or stops the model, Ctrl-D quits.

            With a model configured (a key, or base_url on loopback in config.json), lines the rules do
            not recognise go to the model; every change it proposes is shown and runs only after you say
            yes. The system prompt is prompts/chat.md (override it in $XDG_CONFIG_HOME/tasker/prompts/).
            A config.json that cannot be used is named on stderr and the chat runs on the rules.

            When stdin is not a terminal, each line is handled in turn with no prompts: captures are
            saved at once, and changes a model proposes are refused (there is no one to ask).
            """)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        let toolkit = try context.makeToolkit()
        let interactive = isatty(STDIN_FILENO) == 1
        let historyPath = context.paths.taskerState + "/history"
        let reader: LineReader = interactive ? try EditLineReader(historyPath: historyPath) : PlainLineReader()
        let setup = ModelSetup(configDirectory: context.paths.taskerConfig, environment: context.environment)
        let config = setup.config
        let keys = setup.keys
        var settings = ChatSettings(
            useColor: context.output.useColor, timeZone: context.timeZone,
            confirm: ConfirmPolicy(rawValue: config.confirm.rawValue) ?? .writes, offline: arguments.has(offline),
            showSpinner: interactive && isatty(STDOUT_FILENO) == 1,
            model: config.model, endpoint: config.baseURL,
            keyStatus: { keys.source.map { "set (\($0))" } ?? "not set; /key set stores one" },
            setKey: { text in try keys.save(text) })
        settings.reminders = ReminderConfig(configDirectory: context.paths.taskerConfig).schedule(in: context.timeZone)
        let model = makeModel(setup, context)
        if model == nil { settings.model = nil }
        let session = ChatSession(
            toolkit: toolkit, reader: reader, output: StandardOutputSink(), settings: settings, clock: context.clock,
            parser: toolkit.parser, model: model)
        session.modelFactory = { [unowned session] in
            let made = makeModel(setup, context)
            session.settings.model = made?.modelName
            return made
        }
        var background: BackgroundSync?
        if let sync = loadSync(context) {
            let job = SyncJob(setup: sync, timeZone: context.timeZone, databasePath: context.globals.databasePath)
            let store = toolkit.store
            session.syncNow = {
                do {
                    return try job.run(store, wait: 60)?.lines ?? [SyncJob.busy(60)]
                } catch {
                    return ["sync failed: \(error)"]
                }
            }
            // A piped chat is a batch of lines: it syncs only when asked (/sync).
            if interactive, let made = job.background(openStore: { try context.openStore() }, onNotice: { _ in }) {
                session.backgroundLines = { made.takeLines() }
                session.promptMark = { made.isFailing ? "sync failing" : nil }
                made.start()
                background = made
            }
        }
        if let editor = reader as? EditLineReader {
            editor.completion = { [unowned session] text in session.complete(text) }
            InterruptFlag.install()
        }
        session.run()
        background?.stop()
        return 0
    }

    /// config.json's `sync` section; a section that cannot be used is named on stderr and the chat
    /// runs without sync.
    private static func loadSync(_ context: CommandContext) -> SyncSetup? {
        do {
            return try SyncSetup.load(configDirectory: context.paths.taskerConfig, environment: context.environment)
        } catch {
            context.output.err("tasker: sync off: \(error)")
            return nil
        }
    }

    /// The model conversation when the model path is on. When it should be but cannot be (a broken
    /// config, key or prompt) one line on stderr says why; nothing when simply not configured.
    private static func makeModel(_ setup: ModelSetup, _ context: CommandContext) -> ModelConversation? {
        switch setup.conversation() {
        case .success(let conversation):
            return conversation
        case .failure(let off):
            if off.isFault { context.output.err("tasker: rules only: \(off)") }
            return nil
        }
    }
}
