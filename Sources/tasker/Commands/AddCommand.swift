import Foundation
import TaskCLI
import TaskCore
import TaskNL
import TaskToolkit

/// `tasker add [--json] [--dry-run] TEXT…`: capture a task from the shell, saved without asking.
enum AddCommand: Command {
    static let json = OptionSpec.flag("--json", "print capture_task's JSON result (one line per task)")
    static let dryRun = OptionSpec.flag("--dry-run", "show what would be saved, save nothing")

    static let signature = CommandSignature(
        name: "add", summary: "capture a task from a sentence and save it (for launchers and key bindings)",
        words: ["TEXT…"], options: [json, dryRun],
        details: """
            Reads TEXT with the capture grammar, as the chat does, and saves it at once: the title
            and chips are printed. A line holding several tasks (`buy milk; call mom`) saves each.
            --dry-run prints the same and saves nothing.

            Exit status as `tasker call`: 0 when saved, 2 for no text, 1 when the database cannot
            be used.
            """,
        examples: [
            "tasker add call mom tomorrow 5pm #family",
            "tasker add --dry-run buy milk tomorrow and also call mom friday at 5pm",
            "tasker add --json pay rent by jun 1 urgent",
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        let text = arguments.textWords.joined(separator: " ")
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw UsageError("add: give the task, e.g. `tasker add call mom tomorrow 5pm`")
        }
        let printer = try ToolPrinter(context, json: arguments.has(json))
        let dry = arguments.has(dryRun)
        for part in printer.toolkit.parser.splitTasks(text, now: context.clock(), timeZone: context.timeZone) {
            try printer.run(CaptureTask(text: part, dryRun: dry)) { output in
                let chips = output.understood.map { TerminalText.sanitized($0.text) }
                return chips.isEmpty ? [] : ["  " + printer.renderer.chips(chips)]
            }
        }
        return 0
    }
}
