import Foundation
import TaskCLI
import TaskCore
import TaskLLM
import TaskREPL

/// `tasker key ACTION`: the model key file. The key is read from stdin, never from argv, and never
/// printed. Each action is its own command type (`KeyCommand.Save` for set, `.Remove`, `.Status`).
enum KeyCommand: CommandGroup {
    static let actions: [any Command.Type] = [Save.self, Remove.self, Status.self]
    /// What a usage error says instead of quoting a word that may be a key typed by mistake.
    static let secretWords = "key set reads the key from standard input, never from the command line"

    static let signature = groupSignature(
        summary: "set, remove or check the model key (set reads it from stdin)",
        details: """
            The key lives in $XDG_CONFIG_HOME/tasker/key (mode 0600, folder 0700); a key file that group or
            others can read is refused. Instead of a file, config.json may give "key_command", an argv
            array run without a shell whose output is the key, e.g. ["pass", "show", "openai"].
            Tasker never reads OPENAI_API_KEY or any other key from the environment. Without a key the
            model path stays off, except for an endpoint on this machine set in config.json (base_url on
            127.0.0.1, ::1 or localhost, or a local preset), which gets no Authorization header.
            """,
        examples: [
            "tasker key set                   (then paste the key and press Enter)",
            "pass show openai | tasker key set",
            "tasker key status",
        ],
        secretWords: secretWords)

    /// `key set`: the key from stdin, saved 0600.
    enum Save: Command {
        static let signature = CommandSignature(
            name: "key set", summary: "read the key from stdin (hidden on a terminal) and save it", maxWords: 0,
            details: "The key is never taken from the command line and never printed.",
            examples: ["pass show openai | tasker key set"], secretWords: secretWords)

        static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
            let setup = ModelSetup(configDirectory: context.paths.taskerConfig, environment: context.environment)
            try setup.keys.save(readKey(context))
            context.output.err("key saved to \(setup.keys.keyPath) (mode 0600)")
            if let problem = setup.configProblem {
                context.output.err("note: \(problem); the model stays off until it is fixed")
            } else if setup.config.keyCommand != nil {
                context.output.err("note: config.json sets key_command, which is used instead of the key file")
            }
            return 0
        }
    }

    /// `key remove`: the key file deleted.
    enum Remove: Command {
        static let signature = CommandSignature(
            name: "key remove", summary: "delete the key file", maxWords: 0,
            details: "A key_command in config.json is left as it is.", secretWords: secretWords)

        static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
            let store = KeyStore(directory: context.paths.taskerConfig)
            context.output.text(try store.remove() ? "key removed (\(store.keyPath))" : "no key file at \(store.keyPath)")
            return 0
        }
    }

    /// `key status`: whether a key is set and where from, the endpoint and the model.
    enum Status: Command {
        static let signature = CommandSignature(
            name: "key status", summary: "say whether a key is set and where from, the endpoint and the model", maxWords: 0,
            details: "Exit 2 when config.json cannot be used.", examples: ["tasker key status"], secretWords: secretWords)

        static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
            try status(context, directory: context.paths.taskerConfig)
        }
    }

    /// - Throws: the config's `LLMError` when config.json cannot be used (exit 2).
    private static func status(_ context: CommandContext, directory: String) throws -> Int32 {
        let setup = ModelSetup(configDirectory: directory, environment: context.environment)
        if let problem = setup.configProblem { throw problem }
        let config = setup.config
        let store = setup.keys
        var hasKey = false
        let keyLine: String
        switch store.source {
        case .command(let argv):
            hasKey = true
            keyLine = "key: from key_command `\(argv.joined(separator: " "))` (run when needed)"
        case .file(let path):
            do {
                hasKey = try store.load() != nil
                keyLine = "key: set (\(path))"
            } catch {
                keyLine = "key: refused — \(error)"
            }
        case nil:
            keyLine = "key: not set (run `tasker key set`)"
        }
        context.output.text(TerminalText.sanitized(keyLine))
        let preset = config.preset.map { " (preset \($0.rawValue))" } ?? ""
        context.output.text("endpoint: " + TerminalText.sanitized(config.baseURL) + preset)
        context.output.text("model: " + TerminalText.sanitized(config.model))
        let enabled = config.modelPathEnabled(hasKey: hasKey)
        let why = enabled ? (hasKey ? "key set" : "local endpoint, no key sent") : "rules only until a key is set"
        context.output.text("model path: \(enabled ? "on" : "off") (\(why))")
        return 0
    }

    /// The key from stdin: on a terminal, asked on stderr and read hidden
    /// (`TerminalQuestion.askHidden`: type-ahead discarded, echo off, Ctrl-C cancels); otherwise
    /// all of stdin.
    /// - Throws: `UsageError` when cancelled at the terminal.
    private static func readKey(_ context: CommandContext) throws -> String {
        guard isatty(STDIN_FILENO) == 1 else { return try context.readStandardInput() }
        switch TerminalQuestion.askHidden("Paste the key and press Enter (input is hidden): ") {
        case .text(let key): return key
        case .cancelled, .endOfInput: throw UsageError("cancelled; no key was saved")
        }
    }
}
