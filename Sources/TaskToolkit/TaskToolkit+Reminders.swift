import Foundation
import TaskCore
import TaskNL

extension TaskToolkit {
    /// Reads a `remind` argument: a number of minutes before the due, a phrase of minutes ("30 min
    /// before", "1h"), or a time (ISO 8601 or words like "4pm", "friday 9am") for a fixed instant.
    /// A time of day alone falls on the due's day when there is a due.
    public func reminder(_ value: JSONValue, due: Date?, tool: String) throws -> ReminderSetting {
        if let minutes = value.intValue {
            guard minutes >= 0 else { throw ToolkitError.invalidArguments(tool: tool, message: "remind must be 0 or more minutes before the due, got \(minutes)") }
            return .minutesBefore(minutes)
        }
        guard let text = value.stringValue?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else {
            throw ToolkitError.invalidArguments(tool: tool, message: "remind takes minutes before the due (30, \"30 min before\") or a time (\"4pm\", ISO 8601)")
        }
        let lower = text.lowercased()
        if let phrase = DurationPhrase.first(in: lower) {
            let rest = lower.replacingCharacters(in: phrase.range, with: "").trimmingCharacters(in: .whitespaces)
            if rest.isEmpty || rest == "before" || rest == "early" || rest == "earlier" { return .minutesBefore(phrase.minutes) }
        }
        if let iso = ISODate.parse(text, in: timeZone) { return .at(iso) }
        let base = due.map { LocalDate($0, in: timeZone).instant(hour: 0, minute: 0, in: timeZone) } ?? now
        if let due, let onDueDay = parser.parseDate(text, now: base, timeZone: timeZone), onDueDay <= due {
            return .at(onDueDay)
        }
        guard let instant = parser.parseDate(text, now: now, timeZone: timeZone) else {
            throw ToolkitError.invalidArguments(
                tool: tool, message: "could not read remind '\(text)'; give minutes before the due (30, \"30 min before\") or a time (\"4pm\", 2026-12-04T15:00)")
        }
        return .at(instant)
    }
}

extension ReminderSetting {
    /// As tool results and arguments carry it: minutes before as a number, an instant as ISO 8601.
    func json(_ format: ResultFormat) -> JSONValue {
        switch self {
        case .minutesBefore(let m): return .int(m)
        case .at(let instant): return format.date(instant)
        }
    }
}
