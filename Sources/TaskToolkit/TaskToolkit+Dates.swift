import Foundation
import TaskCore

extension TaskToolkit {
    /// Reads a date-time argument: ISO 8601 first, then the capture grammar's date phrases.
    /// - Throws: `invalidArguments` saying what was not understood and what would be.
    public func date(_ text: String?, argument key: String, tool: String) throws -> Date? {
        guard let text else { return nil }
        if let date = ISODate.parse(text, in: timeZone) ?? parser.parseDate(text, now: now, timeZone: timeZone) {
            return date
        }
        throw ToolkitError.invalidArguments(
            tool: tool,
            message: "could not read \(key) '\(text)' as a date; use ISO 8601 (2026-12-04T15:00) or words like 'friday 3pm' — and a day that exists")
    }

    /// Reads a due argument. A bare day (`2026-12-10`) is a date-only due: `day` is set and `date` is
    /// that day at 9:00; anything else is read as `date(_:argument:tool:)` reads it, with no `day`.
    public func due(_ text: String?, argument key: String, tool: String) throws -> (date: Date, day: LocalDate?)? {
        guard let text else { return nil }
        if let day = LocalDate(iso: text) { return (day.dateOnlyDue(in: timeZone), day) }
        return try date(text, argument: key, tool: tool).map { ($0, nil) }
    }

    /// Reads the new due of a task being moved: a phrase naming only a day ("friday", "tomorrow")
    /// keeps the task's time of day on that day (a dentist at 3 PM moved to friday is friday 3 PM),
    /// and a date-only task stays date-only; a phrase naming only a time ("10am") keeps the task's
    /// day when that day is after today (a standup tomorrow moved to 10am is tomorrow 10:00); anything
    /// else is read as `due(_:argument:tool:)` reads it.
    public func due(_ text: String?, movingFrom previous: Date?, day previousDay: LocalDate?, argument key: String, tool: String)
        throws -> (date: Date, day: LocalDate?)?
    {
        guard let text, let previous else { return try due(text, argument: key, tool: tool) }
        if let day = parser.dayOnly(text, now: now, timeZone: timeZone) {
            if previousDay != nil { return (day.dateOnlyDue(in: timeZone), day) }
            let time = LocalDateTime(previous, in: timeZone)
            return (day.instant(hour: time.hour, minute: time.minute, in: timeZone), nil)
        }
        let day = previousDay ?? LocalDate(previous, in: timeZone)
        if day > LocalDate(now, in: timeZone), let clock = parser.timeOnly(text, now: now, timeZone: timeZone) {
            return (day.instant(hour: clock.hour, minute: clock.minute, in: timeZone), nil)
        }
        return try due(text, argument: key, tool: tool)
    }

    /// Reads a day argument (`YYYY-MM-DD` or a date phrase) as a calendar day in the store's zone.
    public func day(_ text: String?, argument key: String, tool: String) throws -> LocalDate? {
        guard let text else { return nil }
        if let day = LocalDate(iso: text) { return day }
        return try date(text, argument: key, tool: tool).map { LocalDate($0, in: timeZone) }
    }
}
