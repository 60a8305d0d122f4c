import Foundation
import TaskCore
import TaskLLM
import TaskNL
import TaskREPL
import TaskToolkit

/// `tasker` / `tasker chat`: the chat REPL on the terminal, or plain lines from a pipe.
enum ChatCommand: Command {
    static let name = "chat"
    static let summary = "the chat REPL (the default when no command is given)"
    static let help = """
        Usage: tasker [chat] [--offline]

        Opens the chat: type a task to capture it ("call mom tomorrow 5pm #family"), or ask
        ("plan my day, 3 hours, focused", "what's due today", "done call mom", "move dentist to
        friday 3pm", "defer taxes to monday"). Lines starting with / are commands; /help lists them.
        Tab completes, the up arrow recalls earlier lines (kept in $XDG_STATE_HOME/tasker/history),
        Ctrl-C drops the line or stops the model, Ctrl-D quits.

        With a model configured (a key, or base_url on loopback in config.json), lines the rules do
        not recognise go to the model; every change it proposes is shown and runs only after you say
        yes. The system prompt is prompts/chat.md (override it in $XDG_CONFIG_HOME/tasker/prompts/).

        When stdin is not a terminal, each line is handled in turn with no prompts: captures are
        saved at once, and changes a model proposes are refused (there is no one to ask).

        Options:
          --offline   rules only for this session, even with a model configured
        """

    static func run(_ arguments: [String], _ context: CommandContext) throws -> Int32 {
        var offline = false
        for argument in arguments {
            guard argument == "--offline" else { throw UsageError("chat: unknown option '\(argument)'; see `tasker chat --help`") }
            offline = true
        }
        let toolkit = try context.makeToolkit()
        let interactive = isatty(STDIN_FILENO) == 1
        let historyPath = context.paths.taskerState + "/history"
        let reader: LineReader = interactive ? try EditLineReader(historyPath: historyPath) : PlainLineReader()
        let directory = context.paths.taskerConfig
        let config = (try? ModelConfig.load(directory: directory))
        let keys = KeyStore(directory: directory, keyCommand: config?.keyCommand, searchPath: context.environment["PATH"] ?? "/usr/bin:/bin")
        var settings = ChatSettings(
            useColor: context.output.useColor, timeZone: context.timeZone,
            confirm: config.flatMap { ConfirmPolicy(rawValue: $0.confirm.rawValue) } ?? .writes, offline: offline,
            showSpinner: interactive && isatty(STDOUT_FILENO) == 1,
            model: config?.model, endpoint: config?.baseURL,
            keyStatus: { keys.source.map { "set (\($0))" } ?? "not set; /key set stores one" },
            setKey: { text in try keys.save(text) })
        let (model, notice) = makeModel(context, keys: keys)
        if model == nil { settings.model = nil }
        let session = ChatSession(
            toolkit: toolkit, reader: reader, output: StandardOutputSink(), settings: settings, clock: context.clock,
            parser: toolkit.parser, model: model)
        session.modelFactory = { [unowned session] in
            let (made, notice) = makeModel(context, keys: keys)
            if let notice { context.output.err("tasker: \(notice)") }
            session.settings.model = made?.modelName
            return made
        }
        if let notice { context.output.err("tasker: \(notice)") }
        if let editor = reader as? EditLineReader {
            editor.completion = { [unowned session] text in session.complete(text) }
            InterruptFlag.install()
        }
        session.run()
        return 0
    }

    /// The model conversation when the model path is on; a notice when it should be but cannot be
    /// (a broken config, key or prompt), nil and no notice when simply not configured.
    static func makeModel(_ context: CommandContext, keys: KeyStore) -> (ModelConversation?, String?) {
        let directory = context.paths.taskerConfig
        do {
            let config = try ModelConfig.load(directory: directory)
            let key = try keys.load()
            guard config.modelPathEnabled(hasKey: key != nil) else { return (nil, nil) }
            let prompt = try PromptLocator(configDirectory: directory, environment: context.environment).load("chat.md")
            let conversation = ModelConversation(
                model: OpenAIChatModel(config: config, key: key), systemPrompt: prompt, modelName: config.model)
            return (conversation, nil)
        } catch {
            return (nil, "rules only: \(error)")
        }
    }
}
