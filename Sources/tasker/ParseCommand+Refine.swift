import Foundation
import TaskCore
import TaskLLM
import TaskNL

/// `tasker parse --refine`: the whole capture path, rules then the configured model.
extension ParseCommand {
    /// Refines each sentence with the model and prints `{"drafts": […], "model": …, "notice": …}`
    /// (one line per sentence; readable text without `--json`). Every model failure, including a bad
    /// config or key, still prints the rules' reading, with the notice saying what to do.
    static func refine(_ sentences: [String], json: Bool, _ context: CommandContext) throws -> Int32 {
        let now = context.clock()
        let zone = context.timeZone
        let parser = TaskNLParser()
        let (backend, reason) = modelBackend(context, parser: parser)
        for sentence in sentences {
            let rules = parser.parse(sentence, now: now, timeZone: zone)
            let result = backend?.refine(sentence, rules: rules, now: now, timeZone: zone) ?? .rulesOnly(rules, notice: reason)
            if json {
                context.output.out(result.json(timeZone: zone).encoded())
            } else {
                for draft in result.drafts { context.output.text(readable(draft, timeZone: zone)) }
                if let notice = result.notice { context.output.err("tasker: \(notice)") }
            }
        }
        return 0
    }

    /// The backend when the model path is on, else why it is off.
    static func modelBackend(_ context: CommandContext, parser: TaskNLParser) -> (LLMTaskBackend?, String?) {
        let directory = context.paths.taskerConfig
        do {
            let config = try ModelConfig.load(directory: directory)
            let store = KeyStore(directory: directory, keyCommand: config.keyCommand, searchPath: context.environment["PATH"] ?? "/usr/bin:/bin")
            let key = try store.load()
            guard config.modelPathEnabled(hasKey: key != nil) else {
                return (nil, "no model configured, kept the rules' reading: run `tasker key set`, or set base_url to a local server in \(directory)/config.json")
            }
            let prompt = try PromptLocator(configDirectory: directory, environment: context.environment).load("refine.md")
            let client = OpenAIClient(config: config, key: key)
            return (LLMTaskBackend(client: client, systemPrompt: prompt, parser: parser), nil)
        } catch {
            return (nil, "model not used, kept the rules' reading: \(error)")
        }
    }

    private static func readable(_ result: ParseResult, timeZone: TimeZone) -> String {
        var lines = [TerminalText.sanitized(result.draft.title)]
        if let due = result.draft.due { lines.append("  due: \(ISODate.format(due, in: timeZone))") }
        if !result.understood.isEmpty {
            let chips = result.understood.map { $0.fromModel ? "\($0.text) (model)" : $0.text }
            lines.append("  understood: " + TerminalText.sanitized(chips.joined(separator: " · ")))
        }
        return lines.joined(separator: "\n")
    }
}
