import Foundation
import TaskCLI
import TaskAgent
import TaskStore

/// `tasker agent undo NAME --since T [--dry-run]`: every change the agent made from T on, taken back
/// (`AgentUndo`), one line per record and per change left alone because someone else made it since.
enum AgentUndoCommand {
    static func run(_ name: String, _ arguments: ParsedArguments, _ context: CommandContext) throws {
        guard let since = arguments.value(AgentCommand.since) else {
            throw UsageError("agent undo needs --since T: an age (2h, 1d), a phrase (today) or ISO 8601 (2026-12-05T09:00); add --dry-run to look first")
        }
        let undo = AgentUndo(toolkit: try context.makeToolkit())
        let report = try undo.run(agent: name, since: since, dryRun: arguments.has(AgentCommand.dryRun))
        for line in undo.lines(report) { context.output.text(line) }
    }
}
