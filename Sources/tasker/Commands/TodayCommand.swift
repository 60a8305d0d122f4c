import Foundation
import TaskCLI
import TaskCore
import TaskToolkit

/// `tasker today [--json]`: what is due today and overdue.
enum TodayCommand: Command {
    static let json = OptionSpec.flag("--json", "print list_tasks' JSON result")

    static let signature = CommandSignature(
        name: "today", summary: "list what is due today (and overdue)", maxWords: 0, options: [json],
        details: """
            Lists the open tasks due today or earlier, as `list_tasks {"filter": "today"}` does.
            Exit status as `tasker call`.
            """,
        examples: ["tasker today", "tasker today --json | jq -r '.tasks[].title'"])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        try ToolPrinter(context, json: arguments.has(json)).run(ListTasks(TaskQuery(filter: .today)))
        return 0
    }
}
