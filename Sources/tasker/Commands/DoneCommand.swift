import Foundation
import TaskCLI
import TaskCore
import TaskToolkit

/// `tasker done [--json] TEXT…|ID`: complete a task by id or (part of) its title.
enum DoneCommand: Command {
    static let json = OptionSpec.flag("--json", "print complete_task's JSON result")

    static let signature = CommandSignature(
        name: "done", summary: "complete a task named by id or by (part of) its title",
        words: ["TEXT…", "ID"], options: [json],
        details: """
            Completes the open task with that id, or whose title is TEXT (exactly, then a unique
            part of it); a recurring task gets its next occurrence. No match, several matches or
            open subtasks are one line on stderr and nothing changes.

            Exit status as `tasker call`: 0 when the call ran (even when nothing matched: with
            --json the result says {"ok": false, …}), 2 for no words, 1 when the database cannot
            be used.
            """,
        examples: ["tasker done call mom", "tasker done 12", "tasker done --json 12"])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        let text = arguments.textWords.joined(separator: " ").trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { throw UsageError("done: name the task, e.g. `tasker done call mom` or `tasker done 12`") }
        try ToolPrinter(context, json: arguments.has(json)).run(CompleteTask(target: TaskReference(text)))
        return 0
    }
}
