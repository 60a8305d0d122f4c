import TaskCLI
import TaskToolkit

/// `tasker review [--from DATE] [--to DATE] [--json]`: the weekly review, printed.
enum ReviewCommand: Command {
    static let from = OptionSpec.value("--from", "DATE", "first day of the period (default 6 days before today; monday or last monday is the last one)")
    static let to = OptionSpec.value("--to", "DATE", "last day of the period, included (default today)")
    static let json = OptionSpec.flag("--json", "print the review tool's JSON result, as `tasker call review` does")

    static let signature = CommandSignature(
        name: "review", summary: "the weekly review: done, slipped, overdue, waiting, stale, stuck projects, inbox",
        maxWords: 0, options: [from, to, json],
        details: """
            Prints the review for a period (default the last 7 days, today included): what was done by
            project, what slipped, what is overdue, waiting or stale (untouched for 30 days), projects
            with no next action, and inbox items with no date and no project. Saves nothing; the chat's
            "weekly review" walks through the same items with one-key actions.
            """,
        examples: ["tasker review", "tasker review --from 'last monday' --json"])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        try ToolPrinter(context, json: arguments.has(Self.json)).run(Review(from: arguments.value(Self.from), to: arguments.value(Self.to)))
        return 0
    }
}
