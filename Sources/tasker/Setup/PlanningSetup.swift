import Foundation
import TaskCLI
import TaskCalendar
import TaskCore

/// Planning's part of config.json, read in one place: `calendars`, `working_hours`, `working_days`.
///
/// Never fatal: a bad value is one problem line (shown with each plan and by `tasker calendars`) and
/// its default stands in. The model's keys are checked by `ModelSetup`.
struct PlanningSetup {
    let settings: PlanningSettings
    /// The calendars, for `tasker calendars` (nil when none are configured).
    let calendars: CalendarSet?

    init(configDirectory: String, cacheDirectory: String, environment: [String: String], clock: @escaping @Sendable () -> Date) {
        var problems: [String] = []
        let object = ConfigFile.object(in: configDirectory) ?? [:]
        var hours: WorkingHours?
        if let value = object["working_hours"], !value.isNull {
            hours = value.stringValue.flatMap(WorkingHours.init(text:))
            if hours == nil { problems.append("config.json: working_hours must be HH:MM-HH:MM like \"09:00-18:00\"; using 09:00-18:00") }
        }
        var days = Set(Weekday.allCases)
        if let value = object["working_days"], !value.isNull {
            let names = value.arrayValue?.compactMap { $0.stringValue.flatMap { Weekday(rawValue: $0.lowercased()) } }
            if let names, !names.isEmpty, names.count == value.arrayValue?.count {
                days = Set(names)
            } else {
                problems.append("config.json: working_days must be a list like [\"mon\", \"tue\", \"wed\", \"thu\", \"fri\"]; using every day")
            }
        }
        var sources: [CalendarSource] = []
        for (index, entry) in (object["calendars"]?.arrayValue ?? []).enumerated() {
            let name = entry["name"]?.stringValue ?? "calendar \(index + 1)"
            if let ics = entry["ics"]?.stringValue, entry["url"] == nil {
                sources.append(CalendarSource(name: name, location: .file(Self.expand(ics, environment: environment, relativeTo: configDirectory))))
            } else if let url = entry["url"]?.stringValue, entry["ics"] == nil, url.hasPrefix("http://") || url.hasPrefix("https://") {
                sources.append(CalendarSource(name: name, location: .url(url)))
            } else {
                problems.append("config.json: calendars entry \(index + 1) needs a name and either \"ics\": a file or \"url\": an http(s) address; skipped")
            }
        }
        if let value = object["calendars"], !value.isNull, value.arrayValue == nil {
            problems.append("config.json: calendars must be a list of {\"name\", \"ics\"} or {\"name\", \"url\"}; planning without calendars")
        }
        calendars = sources.isEmpty ? nil
            : CalendarSet(sources: sources, cache: CalendarCache(directory: cacheDirectory), fetcher: HTTPCalendarFetcher(), clock: clock)
        settings = PlanningSettings(calendars: calendars, workingHours: hours, workingDays: days, problems: problems)
    }

    /// `~/x` under HOME; a relative path under the config folder.
    static func expand(_ path: String, environment: [String: String], relativeTo directory: String) -> String {
        if path == "~" || path.hasPrefix("~/") { return (environment["HOME"] ?? NSHomeDirectory()) + path.dropFirst() }
        if path.hasPrefix("/") { return path }
        return directory + "/" + path
    }
}
