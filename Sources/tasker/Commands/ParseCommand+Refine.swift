import Foundation
import TaskCLI
import TaskCore
import TaskLLM
import TaskNL

/// `tasker parse --refine`: the whole capture path, rules then the configured model.
extension ParseCommand {
    /// Refines each sentence with the model and prints `{"drafts": […], "model": …, "notice": …}`
    /// (one line per sentence; readable text without `--json`). Every model failure, including a bad
    /// config or key, still prints the rules' reading, with the notice saying what to do; why the
    /// model is off is said once on stderr (with `--json` only when a file is broken).
    static func refine(_ sentences: [String], json: Bool, _ context: CommandContext) throws -> Int32 {
        let now = context.clock()
        let zone = context.timeZone
        let parser = TaskNLParser()
        let setup = ModelSetup(configDirectory: context.paths.taskerConfig, environment: context.environment)
        var backend: LLMTaskBackend?
        var reason: String?
        switch setup.backend(parser: parser) {
        case .success(let made):
            backend = made
        case .failure(let off):
            let notice = "model not used, kept the rules' reading: \(off)"
            reason = notice
            if !json || off.isFault { context.output.err("tasker: \(notice)") }
        }
        for sentence in sentences {
            let rules = parser.parse(sentence, now: now, timeZone: zone)
            let result = backend?.refineIfUseful(sentence, rules: rules, now: now, timeZone: zone)
                ?? .rulesOnly(sentence, rules: rules, parser: parser, now: now, timeZone: zone, notice: reason)
            if json {
                context.output.out(result.json(timeZone: zone).encoded())
            } else {
                for draft in result.drafts { context.output.text(readable(draft, timeZone: zone)) }
                if backend != nil, let notice = result.notice { context.output.err("tasker: \(notice)") }
            }
        }
        return 0
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
