import Foundation
import TaskCore
import TaskStore

/// iCalendar (RFC 5545) text by hand: CRLF line ends, lines folded at 75 octets without splitting a
/// UTF-8 sequence, text values escaped (`\\`, `\;`, `\,`, `\n`), recurrence rules as RRULE values.
///
/// The primitives of the VTODOs sync and `export --ics` write (TaskSync's `VTodoMapping`, `VTodoFile`).
public enum ICalendarWriter {
    /// FREQ, INTERVAL (when not 1) and BYDAY of a rule: `FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH`.
    public static func rrule(_ rule: RecurrenceRule) -> String {
        var parts = ["FREQ=\(rule.frequency.rawValue.uppercased())"]
        if rule.interval != 1 { parts.append("INTERVAL=\(rule.interval)") }
        if !rule.weekdays.isEmpty { parts.append("BYDAY=" + rule.weekdays.map { String($0.rawValue.prefix(2)).uppercased() }.joined(separator: ",")) }
        return parts.joined(separator: ";")
    }

    /// TEXT escaping (RFC 5545 §3.3.11).
    public static func escape(_ text: String) -> String {
        var out = ""
        for ch in text {
            switch ch {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\r\n", "\n", "\r": out += "\\n"
            default: out.append(ch)
            }
        }
        return out
    }

    /// Folds a content line at 75 octets (RFC 5545 §3.1): a CRLF and a space before each piece after
    /// the first, never inside a UTF-8 sequence.
    public static func fold(_ line: String) -> String {
        let bytes = Array(line.utf8)
        guard bytes.count > 75 else { return line }
        var pieces: [String] = []
        var start = 0
        var limit = 75
        while start < bytes.count {
            var end = min(start + limit, bytes.count)
            while end < bytes.count && end > start && (bytes[end] & 0xC0) == 0x80 { end -= 1 }
            pieces.append(String(decoding: bytes[start..<end], as: UTF8.self))
            start = end
            limit = 74  // the leading space counts
        }
        return pieces.joined(separator: "\r\n ")
    }
}
