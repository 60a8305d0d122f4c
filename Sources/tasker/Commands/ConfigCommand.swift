import Foundation
import TaskCLI
import TaskCore

/// `tasker config check|show`: config.json checked against its declaration (`TaskerConfig`), one
/// line per bad key and exit 2; or each key's effective value, the secret ones masked.
enum ConfigCommand: Command {
    static let signature = CommandSignature(
        name: "config", summary: "check config.json, or show each setting's effective value",
        words: ["check|show"], maxWords: 1,
        details: """
              check   name each key config.json gets wrong, one line each (exit 2), or say it is fine
              show    each key's value: from config.json, or its default; the key and password commands and file masked

            config.json lives in $XDG_CONFIG_HOME/tasker; every key is optional. docs/CONFIG.md
            lists them.
            """,
        examples: ["tasker config check", "tasker config show"])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        guard let action = arguments.words.first else { throw UsageError("config takes check or show; run `tasker config --help`") }
        guard action == "check" || action == "show" else {
            throw UsageError("unknown config action \(signature.shown(action)); use check or show")
        }
        let path = context.paths.taskerConfig + "/config.json"
        let text: String
        switch TaskerConfig.fileText(at: path) {
        case .missing: text = ""
        case .text(let read): text = read
        case .unusable(let reason):
            context.output.err("tasker: \(path) \(reason)")
            return 2
        }
        let config = TaskerConfig(text: text)
        let problems = config.problems.map(\.description)
        if action == "check" {
            for problem in problems { context.output.err(TerminalText.sanitized(problem)) }
            if !problems.isEmpty { return 2 }
            context.output.text(text.isEmpty ? "no config.json at \(path): every key takes its default" : "\(path): fine")
            return 0
        }
        let object = config.object
        if config.problems.contains(where: { $0.kind == .file }) {
            for problem in problems { context.output.err(TerminalText.sanitized(problem)) }
            return 2
        }
        for line in TaskerConfig.lines(for: object) { context.output.text(TerminalText.sanitized(line)) }
        for problem in problems { context.output.err("note: " + TerminalText.sanitized(problem)) }
        return 0
    }
}
