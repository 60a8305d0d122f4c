import Foundation
import TaskCLI
import TaskCore

/// `tasker config check|show`: config.json checked against its declaration (`TaskerConfig`), one
/// line per bad key and exit 2; or each key's effective value, key- and password-like ones masked.
enum ConfigCommand: Command {
    static let signature = CommandSignature(
        name: "config", summary: "check config.json, or show each setting's effective value",
        words: ["check|show"], maxWords: 1,
        details: """
              check   name each key config.json gets wrong, one line each (exit 2), or say it is fine
              show    each key's value: from config.json, or its default; key- and password-like values masked

            config.json lives in $XDG_CONFIG_HOME/tasker; every key is optional. The README's
            configuration reference lists them.
            """,
        examples: ["tasker config check", "tasker config show"])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        guard let action = arguments.words.first else { throw UsageError("config takes check or show; run `tasker config --help`") }
        guard action == "check" || action == "show" else {
            throw UsageError("unknown config action \(signature.shown(action)); use check or show")
        }
        let path = context.paths.taskerConfig + "/config.json"
        let text: String
        if FileManager.default.fileExists(atPath: path) {
            guard let data = FileManager.default.contents(atPath: path) else {
                context.output.err("tasker: cannot read \(path); check its permissions")
                return 2
            }
            text = String(decoding: data, as: UTF8.self)
        } else {
            text = ""
        }
        let problems = TaskerConfig.problems(inText: text)
        if action == "check" {
            for problem in problems { context.output.err(TerminalText.sanitized(problem)) }
            if !problems.isEmpty { return 2 }
            context.output.text(text.isEmpty ? "no config.json at \(path): every key takes its default" : "\(path): fine")
            return 0
        }
        let object = (try? JSONValue.parse(text))?.objectValue ?? [:]
        if problems.contains(where: { $0.hasPrefix("config.json:") }) {
            for problem in problems { context.output.err(TerminalText.sanitized(problem)) }
            return 2
        }
        for line in TaskerConfig.lines(for: object) { context.output.text(TerminalText.sanitized(line)) }
        for problem in problems { context.output.err("note: " + TerminalText.sanitized(problem)) }
        return 0
    }
}
