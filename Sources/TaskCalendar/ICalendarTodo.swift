import Foundation
import TaskCore

/// One VTODO as libical read it: its properties in file order, times already resolved.
///
/// Plain values, so sync can map them to tasks without touching libical. Text values are as written
/// (still escaped: `\,` `\;` `\n`); `ICalendarTodo.unescape` undoes that.
public struct ICalendarTodo: Sendable, Hashable {
    public struct Property: Sendable, Hashable {
        /// Upper-case name (`DUE`, `X-TASKER-ENERGY`).
        public var name: String
        /// The parameters sync reads (`VALUE`, `TZID`, `RELTYPE`, `X-TASKER-ZONE`), names upper-case.
        public var parameters: [String: String]
        public var value: String
        /// For date and date-time properties: the value resolved (TZID through the file's VTIMEZONE,
        /// else libical's built-in zone).
        public var time: ICalendarTime?
    }

    public var uid: String?
    /// True for an override of one occurrence (it has a RECURRENCE-ID).
    public var isOverride: Bool
    public var properties: [Property]
    /// What libical could not read (its X-LIC-ERROR lines): the property it names was dropped.
    public var errors: [String]

    public func first(_ name: String) -> Property? { properties.first { $0.name == name } }
    public func all(_ name: String) -> [Property] { properties.filter { $0.name == name } }

    /// TEXT unescaped (RFC 5545 §3.3.11): `\n` `\,` `\;` `\\`.
    public static func unescape(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        var out = ""
        var escaped = false
        for ch in text {
            if escaped {
                out.append(ch == "n" || ch == "N" ? "\n" : ch)
                escaped = false
            } else if ch == "\\" {
                escaped = true
            } else {
                out.append(ch)
            }
        }
        return out
    }
}

/// A date or date-time value: a whole day, an instant, or a wall-clock time with no zone.
public enum ICalendarTime: Sendable, Hashable {
    case day(LocalDate)
    case instant(Date)
    case floating(LocalDateTime)
}
