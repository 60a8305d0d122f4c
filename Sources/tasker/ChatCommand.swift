import Foundation
import TaskCore
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

        With a model configured (a key, or base_url on loopback) lines the rules do not recognise go
        to the model; every change it proposes is shown and runs only after you say yes.

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
        let settings = ChatSettings(
            useColor: context.output.useColor, timeZone: context.timeZone, offline: offline,
            showSpinner: interactive && isatty(STDOUT_FILENO) == 1)
        let session = ChatSession(
            runner: toolkit, reader: reader, output: StandardOutputSink(), settings: settings, clock: context.clock,
            parser: toolkit.parser)
        if let editor = reader as? EditLineReader {
            editor.completion = { [unowned session] text in session.complete(text) }
            InterruptFlag.install()
        }
        session.run()
        return 0
    }
}
