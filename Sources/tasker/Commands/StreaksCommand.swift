import TaskCLI
import TaskCore
import TaskToolkit

/// `tasker streaks [--day-start HH:MM] [--json]`: current and longest streaks.
enum StreaksCommand: Command {
    static let dayStart = OptionSpec.value("--day-start", "HH:MM", "when a day starts on the wall clock (default 04:00)")
    static let json = OptionSpec.flag("--json", "print the streaks tool's JSON result, as `tasker call streaks` does")

    static let signature = CommandSignature(
        name: "streaks", summary: "current and longest streaks per recurring task, project and context",
        maxWords: 0, options: [dayStart, json],
        details: """
            A recurring task's streak counts occurrences completed on their own day; a project's or
            context's counts days with at least one completion. Days start at --day-start (04:00 by
            default, so finishing at 01:30 counts for the day before) in the zone you were in.
            """,
        examples: ["tasker streaks", "tasker streaks --day-start 00:00 --json"])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        var call = Streaks()
        if let text = arguments.value(Self.dayStart) {
            guard let time = WallTime(text: text) else {
                throw UsageError("streaks: --day-start takes a wall-clock time HH:MM, such as 04:00; run `tasker streaks --help`")
            }
            call.dayStart = time
        }
        try ToolPrinter(context, json: arguments.has(Self.json)).run(call)
        return 0
    }
}
