import Foundation
import TaskCLI
import TaskCore
import TaskREPL
import TaskToolkit

/// Runs a typed tool call for a short command (`add`, `today`, `plan`, `done`, `note`, `review`,
/// `streaks`) and prints its result: as the chat shows it by default, or the exact JSON of
/// `tasker call` with `--json`.
///
/// Exit status as `tasker call`: 0 when the call ran, a refusal (`{"ok": false, …}`, no such task)
/// included — in human form the refusal is one line on stderr; malformed calls and a database that
/// cannot be used throw (2 and 1, in `TaskerApp`).
struct ToolPrinter {
    let context: CommandContext
    let toolkit: TaskToolkit
    let json: Bool

    init(_ context: CommandContext, json: Bool) throws {
        self.context = context
        self.toolkit = try context.makeToolkit()
        self.json = json
    }

    var renderer: TaskRenderer {
        TaskRenderer(useColor: context.output.useColor, timeZone: context.timeZone, now: context.clock(), offersUndo: false)
    }

    /// Runs `call`, prints it, and returns the outcome for a caller that has more to say.
    @discardableResult
    func run<T: Tool>(_ call: T, extra: (T.Output) -> [String] = { _ in [] }) throws -> ToolOutcome<T.Output> {
        show(try toolkit.run(call), extra: extra)
    }

    /// Prints an outcome already run.
    @discardableResult
    func show<Output>(_ outcome: ToolOutcome<Output>, extra: (Output) -> [String] = { _ in [] }) -> ToolOutcome<Output> {
        if json {
            context.output.out(outcome.json(toolkit.format).encoded())
            return outcome
        }
        switch outcome {
        case .done(let output):
            // The renderer cleans every untrusted text it shows (TaskRenderer.clean).
            for line in renderer.lines(for: output, format: toolkit.format) + extra(output) { context.output.out(line) }
        case .refused(let refusal):
            context.output.err("tasker: \(refusal.message)")
        }
        return outcome
    }
}
