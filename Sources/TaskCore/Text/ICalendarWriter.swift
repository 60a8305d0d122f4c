import Foundation

/// iCalendar (RFC 5545) text by hand, the one writer of plans (`PlanCalendarText`) and tasks (TaskSync's
/// `VTodoMapping`, `VTodoFile`): CRLF line ends, lines folded at 75 octets without splitting a UTF-8
/// sequence, text values escaped, times as UTC stamps, recurrence rules as RRULE values.
public enum ICalendarWriter {
    /// The RRULE value of a rule (`FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH`): `RecurrenceRule.rrule`.
    public static func rrule(_ rule: RecurrenceRule) -> String { rule.rrule }

    /// TEXT escaping (RFC 5545 §3.3.11): `\\`, `\;`, `\,`, any line break as `\n`; other control
    /// characters but the tab dropped (TEXT allows none).
    public static func escape(_ text: String) -> String {
        var out = ""
        for ch in text {
            switch ch {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\r\n", "\n", "\r": out += "\\n"
            default:
                if let ascii = ch.asciiValue, (ascii < 0x20 && ascii != 0x09) || ascii == 0x7F { continue }
                out.append(ch)
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

    /// Content lines folded and joined with CRLF, the last one ended too: an object's text.
    public static func text(_ lines: [String]) -> String {
        lines.map(fold).joined(separator: "\r\n") + "\r\n"
    }

    /// A UTC stamp (DTSTAMP, DTSTART…): `20260310T090000Z`.
    public static func utc(_ date: Date) -> String {
        let wall = LocalDateTime(date, in: TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current)
        func pad(_ n: Int, _ width: Int = 2) -> String { String(repeating: "0", count: max(0, width - String(n).count)) + String(n) }
        return "\(pad(wall.date.year, 4))\(pad(wall.date.month))\(pad(wall.date.day))T\(pad(wall.hour))\(pad(wall.minute))\(pad(wall.second))Z"
    }
}
