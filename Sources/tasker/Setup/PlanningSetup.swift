import Foundation
import TaskCLI
import TaskCalendar
import TaskCore

/// Planning's part of config.json, read in one place: `calendars`, `working_hours`, `working_days`.
///
/// The values are the declaration's (`TaskerConfig`, checked once); never fatal: a bad value is its
/// one problem line (shown with each plan and by `tasker calendars`) and its default stands in; a bad
/// calendars entry is skipped.
struct PlanningSetup {
    let settings: PlanningSettings
    /// The calendars, for `tasker calendars` (nil when none are configured).
    let calendars: CalendarSet?

    init(configDirectory: String, cacheDirectory: String, environment: [String: String], clock: @escaping @Sendable () -> Date) {
        let config = ConfigFile.config(in: configDirectory)
        let entries = config.calendars(.calendars)
        let problems = [
            config.refusal(.calendars, instead: entries == nil ? "planning without calendars" : "skipped"),
            config.refusal(.workingHours, instead: "using 09:00-18:00"), config.refusal(.workingDays, instead: "using every day"),
        ].compactMap { $0 }
        let sources = (entries ?? []).map { entry in
            switch entry.location {
            case .file(let path): CalendarSource(name: entry.name, location: .file(Self.expand(path, environment: environment, relativeTo: configDirectory)))
            case .url(let url): CalendarSource(name: entry.name, location: .url(url))
            }
        }
        calendars = sources.isEmpty ? nil
            : CalendarSet(sources: sources, cache: CalendarCache(directory: cacheDirectory), fetcher: HTTPCalendarFetcher(), clock: clock)
        settings = PlanningSettings(calendars: calendars, workingHours: config.hours(.workingHours),
                                    workingDays: config.weekdays(.workingDays) ?? Set(Weekday.allCases), problems: problems)
    }

    /// `~/x` under HOME; a relative path under the config folder.
    static func expand(_ path: String, environment: [String: String], relativeTo directory: String) -> String {
        if path == "~" || path.hasPrefix("~/") { return (environment["HOME"] ?? NSHomeDirectory()) + path.dropFirst() }
        if path.hasPrefix("/") { return path }
        return directory + "/" + path
    }
}
