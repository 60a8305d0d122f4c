import Foundation
import TaskCore
import TaskToolkit

/// `tasker plan [--json] [MINUTES] [quick|focused|deep]`: plan_day from the shell.
enum PlanCommand: Command {
    static let json = OptionSpec.flag("--json", "print plan_day's JSON result")
    static let energies = Energy.allCases.map(\.rawValue)
    static let defaultMinutes = 240

    static let signature = CommandSignature(
        name: "plan", summary: "plan the next hours: what to do, in order, within a budget",
        words: ["[MINUTES] [\(energies.joined(separator: "|"))]"], maxWords: 2, options: [json],
        details: """
            Plans from now within MINUTES (default \(defaultMinutes)), preferring tasks of the given
            energy, as `plan_day` does. Saves nothing. Exit status as `tasker call`; 2 for a word
            that is neither a number of minutes nor an energy.
            """,
        examples: ["tasker plan", "tasker plan 90 focused", "tasker plan quick --json"])

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
                throw UsageError("plan: '\(word)' is neither a number of minutes nor one of \(energies.joined(separator: ", "))")
            }
        }
        try ToolPrinter(context, json: arguments.has(json)).run(PlanDay(budgetMinutes: minutes ?? defaultMinutes, energy: energy))
        return 0
    }
}
