import Foundation
import TaskCLI
import TaskAgent
import TaskStore

extension AgentCommand {
    /// `tasker agent undo NAME --since T [--dry-run]`: every change the agent made from T on, taken back
    /// (`AgentUndo`), one line per record and per change left alone because someone else made it since.
    enum Undo: Command {
        static let since = OptionSpec.value("--since", "T", "from when on (2h, 1d, today, 2026-12-05T09:00); required")
        static let dryRun = OptionSpec.flag("--dry-run", "list what would change, change nothing")
        static let signature = CommandSignature(
            name: "agent undo", summary: "take back every change the agent made since a time", words: ["NAME"], maxWords: 1,
            options: [since, dryRun],
            details: """
                What the agent created is deleted, what it deleted comes back with its id, links and
                contexts, each field it changed is set back. A field someone else (you, another agent)
                changed since is left as it is and listed. The undo leaves a receipt (owner, agent_undo); undoing again finds nothing.
                --dry-run lists the same without changing anything.
                """,
            examples: ["tasker agent undo claude --since 2h --dry-run"])

        static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
            let name = try agentName(arguments, self)
            guard let since = arguments.value(Self.since) else {
                throw UsageError("agent undo needs --since T: an age (2h, 1d), a phrase (today) or ISO 8601 (2026-12-05T09:00); add --dry-run to look first")
            }
            let undo = AgentUndo(toolkit: try context.makeToolkit())
            let report = try undo.run(agent: name, since: since, dryRun: arguments.has(Self.dryRun))
            for line in undo.lines(report) { context.output.text(line) }
            return 0
        }
    }
}
