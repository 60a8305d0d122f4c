import Foundation

/// A day plan as iCalendar text a calendar app can import: one VEVENT per block, in UTC.
///
/// UIDs are stable per task and day (`task-42-2026-03-10@tasker`), so importing a re-planned day
/// replaces its blocks rather than adding to them. Text is escaped and lines folded as RFC 5545 asks.
public enum PlanCalendarText {
    /// The VCALENDAR for `plan`, stamped `now`.
    public static func ics(_ plan: DayPlan, now: Date, timeZone: TimeZone) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Tasker//plan_day//EN", "CALSCALE:GREGORIAN", "METHOD:PUBLISH"]
        for item in plan.items {
            let day = LocalDate(item.start, in: timeZone)
            lines += [
                "BEGIN:VEVENT",
                "UID:task-\(item.task.id.rawValue)-\(day)@tasker",
                "DTSTAMP:\(utc(now))",
                "DTSTART:\(utc(item.start))",
                "DTEND:\(utc(item.end))",
                "SUMMARY:\(escape(item.task.title))",
                "DESCRIPTION:\(escape(item.reason))",
                "TRANSP:OPAQUE",
                "END:VEVENT",
            ]
        }
        lines.append("END:VCALENDAR")
        return lines.map(fold).joined(separator: "\r\n") + "\r\n"
    }

    /// `20260310T090000Z`.
    static func utc(_ date: Date) -> String {
        let wall = LocalDateTime(date, in: TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current)
        func pad(_ n: Int, _ width: Int = 2) -> String { String(repeating: "0", count: max(0, width - String(n).count)) + String(n) }
        return "\(pad(wall.date.year, 4))\(pad(wall.date.month))\(pad(wall.date.day))T\(pad(wall.hour))\(pad(wall.minute))\(pad(wall.second))Z"
    }

    /// TEXT escaping: backslash, semicolon, comma, newline; other control characters dropped.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n": out += "\\n"
            default: if scalar.value >= 0x20 && scalar.value != 0x7F { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }

    /// Lines longer than 75 octets folded (CRLF + space), never inside a UTF-8 sequence.
    static func fold(_ line: String) -> String {
        var pieces: [String] = []
        var current = ""
        var octets = 0
        for character in line {
            let size = String(character).utf8.count
            if octets + size > (pieces.isEmpty ? 75 : 74) {
                pieces.append(current)
                current = ""
                octets = 0
            }
            current.append(character)
            octets += size
        }
        pieces.append(current)
        return pieces.joined(separator: "\r\n ")
    }
}
