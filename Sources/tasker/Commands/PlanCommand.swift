import Foundation
import TaskCLI
import TaskCore
import TaskToolkit

/// `tasker plan [MINUTES] [quick|focused|deep] [--json] [--ics FILE]`: plan_day from the shell,
/// around the calendars in config; with `--ics`, the blocks are also written as VEVENTs a calendar
/// app can import.
enum PlanCommand: Command {
    static let json = OptionSpec.flag("--json", "print plan_day's JSON result")
    static let ics = OptionSpec.value("--ics", "FILE", "also write the plan's blocks to FILE as iCalendar (.ics)")
    static let defaultMinutes = 240

    static let signature = CommandSignature(
        name: "plan", summary: "plan the next hours around your calendars: what to do, in order, within a budget",
        words: ["[MINUTES] [\(Energy.spellings(separator: "|"))]"], maxWords: 2, options: [json, ics],
        details: """
            Plans from now within MINUTES (default \(defaultMinutes)), preferring tasks of the given
            energy, as `plan_day` does: placed into the free windows of the calendars in config.json,
            between working_hours, with 5-minute breaks, when those are set. Saves nothing. Exit status
            as `tasker call`; 2 for a word that is neither a number of minutes nor an energy.
            """,
        examples: ["tasker plan", "tasker plan 90 focused", "tasker plan 120 focused --ics ~/today.ics", "tasker plan quick --json"])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        var minutes: Int?
        var energy: Energy?
        for word in arguments.words {
            if let n = Int(word), minutes == nil {
                guard (1...1440).contains(n) else { throw UsageError("plan: MINUTES must be 1–1440, not \(n)") }
                minutes = n
            } else if let e = Energy(rawValue: word.lowercased()), energy == nil {
                energy = e
            } else {
                throw UsageError("plan: '\(word)' is neither a number of minutes nor one of \(Energy.spellings(separator: ", "))")
            }
        }
        let asJSON = arguments.has(json)
        var call = PlanDay(budgetMinutes: minutes ?? defaultMinutes, energy: energy)
        let path = arguments.value(ics)
        call.icsFormat = path != nil
        let outcome = try ToolPrinter(context, json: asJSON).run(call)
        if let path, let output = outcome.output, let text = output.ics {
            do {
                try text.write(toFile: path, atomically: true, encoding: .utf8)
            } catch {
                throw CommandFailure("cannot write \(path); check the folder exists and is writable")
            }
            let count = output.plan.items.count
            if !asJSON { context.output.text("Wrote \(count) block\(count == 1 ? "" : "s") to \(path)") }
        }
        return 0
    }
}
