import Foundation
import TaskCore

/// Instants in exports: ISO 8601 in UTC (`2026-03-10T10:00:00+00:00`), whole seconds.
enum RecordDate {
    static let utc = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current

    static func format(_ date: Date) -> String { ISODate.format(date, in: utc) }

    /// ISO 8601 with or without an offset (none means UTC); nil otherwise.
    static func parse(_ text: String) -> Date? { ISODate.parse(text, in: utc) }
}
