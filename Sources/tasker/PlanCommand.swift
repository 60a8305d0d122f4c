import Foundation
import TaskCore
import TaskREPL
import TaskToolkit

/// `tasker plan [MINUTES] [ENERGY] [--ics FILE]`: today's plan around the calendars, printed; with
/// `--ics`, also written as VEVENTs a calendar app can import.
enum PlanCommand: Command {
    static let ics = OptionSpec.value("--ics", "FILE", "also write the plan's blocks to FILE as iCalendar (.ics)")

    static let signature = CommandSignature(
        name: "plan", summary: "plan today around your calendars (--ics FILE exports the blocks)",
        words: ["[MINUTES] [quick|focused|deep]"], maxWords: 2, options: [ics],
        details: "The same plan as plan_day (default 180 minutes): tasks placed into the free windows of the calendars in "
            + "config.json, between working_hours, with 5-minute breaks. Exit 2 for a bad MINUTES or energy.",
        examples: ["tasker plan 120 focused --ics ~/today.ics"])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        var minutes = 180
        var energy: Energy?
        for word in arguments.words {
            if let number = Int(word) {
                guard (1...1440).contains(number) else { throw UsageError("MINUTES must be between 1 and 1440, not \(word)") }
                minutes = number
            } else if let value = Energy(rawValue: word.lowercased()) {
                energy = value
            } else {
                throw UsageError("'\(word)' is neither MINUTES nor an energy (quick, focused, deep)")
            }
        }
        let toolkit = try context.makeToolkit()
        var call = PlanDay(budgetMinutes: minutes, energy: energy)
        call.icsFormat = arguments.value(Self.ics) != nil
        let outcome = try toolkit.run(call)
        guard let output = outcome.output else {
            if case .refused(let refusal) = outcome { throw CommandFailure(refusal.message) }
            return 1
        }
        let renderer = TaskRenderer(useColor: context.output.useColor, timeZone: context.timeZone, now: context.clock())
        for line in renderer.plan(output.plan) { context.output.out(line) }
        if let path = arguments.value(Self.ics), let text = output.ics {
            do {
                try text.write(toFile: path, atomically: true, encoding: .utf8)
            } catch {
                throw CommandFailure("cannot write \(path); check the folder exists and is writable")
            }
            context.output.text("Wrote \(output.plan.items.count) block\(output.plan.items.count == 1 ? "" : "s") to \(path)")
        }
        return 0
    }
}
