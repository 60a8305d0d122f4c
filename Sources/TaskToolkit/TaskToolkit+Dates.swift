import Foundation
import TaskCore

extension TaskToolkit {
    /// Reads a date-time argument: ISO 8601 first, then the capture grammar's date phrases.
    /// - Throws: `invalidArguments` saying what was not understood and what would be.
    func date(_ key: String, _ args: Arguments) throws -> Date? {
        try rejectBlank(key, args)
        guard let text = args.string(key) else { return nil }
        if let date = ISODate.parse(text, in: timeZone) ?? parser.parseDate(text, now: now, timeZone: timeZone) {
            return date
        }
        throw args.invalid("could not read \(key) '\(text)' as a date; use ISO 8601 (2026-12-04T15:00) or words like 'friday 3pm' — and a day that exists")
    }

    /// Reads a day argument (`YYYY-MM-DD` or a date phrase) as a calendar day in the store's zone.
    func day(_ key: String, _ args: Arguments) throws -> LocalDate? {
        guard let text = args.string(key) else {
            try rejectBlank(key, args)
            return nil
        }
        if let day = LocalDate(iso: text) { return day }
        return try date(key, args).map { LocalDate($0, in: timeZone) }
    }

    /// An empty or blank date is refused rather than read as "no date": only null clears one.
    private func rejectBlank(_ key: String, _ args: Arguments) throws {
        if let raw = args[key]?.stringValue, raw.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw args.invalid("\(key) is empty; give a date (ISO 8601 or words like 'friday 3pm'), or null to clear it")
        }
    }
}
