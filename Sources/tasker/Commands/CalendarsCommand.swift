import Foundation
import TaskCLI
import TaskCalendar
import TaskCore

/// `tasker calendars`: each configured calendar with its last fetch and its number of events.
enum CalendarsCommand: Command {
    static let signature = CommandSignature(
        name: "calendars", summary: "list the calendars plan_day plans around (last fetch, number of events)",
        maxWords: 0, options: [],
        details: "Calendars come from config.json: \"calendars\": [{\"name\": \"Work\", \"ics\": \"~/cal/work.ics\"}, "
            + "{\"name\": \"Family\", \"url\": \"https://…/basic.ics\"}]. Subscriptions are fetched with If-None-Match and "
            + "If-Modified-Since and kept in $XDG_CACHE_HOME/tasker/calendars for offline use. "
            + "\"working_hours\": \"09:00-18:00\" and \"working_days\": [\"mon\", …] bound the plan on working days.")

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        let setup = context.planningSetup()
        for problem in setup.settings.problems { context.output.text(problem) }
        guard let calendars = setup.calendars else {
            context.output.text("No calendars: add \"calendars\": [{\"name\": \"Work\", \"ics\": \"~/cal/work.ics\"}] to \(context.paths.taskerConfig)/config.json")
            return 0
        }
        for status in calendars.statuses() {
            var line = "\(status.source.name)  \(status.source.address)  "
            if let problem = status.problem {
                line += "unreadable: \(problem)"
            } else {
                let count = status.eventCount ?? 0
                line += "\(count) event\(count == 1 ? "" : "s")"
                if let fetched = status.fetched { line += ", fetched \(ISODate.format(fetched, in: context.timeZone))" }
                if let offline = status.offline { line += " (offline copy: \(offline))" }
            }
            context.output.text(line)
        }
        return 0
    }
}
