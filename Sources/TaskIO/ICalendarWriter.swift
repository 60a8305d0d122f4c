import Foundation
import TaskCore
import TaskStore

/// Writes tasks as an iCalendar (RFC 5545) file of VTODOs, by hand: CRLF line ends, lines folded at
/// 75 octets without splitting a UTF-8 sequence, and text values escaped (`\\`, `\;`, `\,`, `\n`).
///
/// Each task: UID (its UUID), DTSTAMP, CREATED, LAST-MODIFIED, SUMMARY, DESCRIPTION (notes), DUE (UTC),
/// STATUS (NEEDS-ACTION or COMPLETED) and COMPLETED, PRIORITY (critical 1, high 3, normal 5, low 9),
/// CATEGORIES (contexts), RRULE, RELATED-TO (the parent's UUID) and X-TASKER-DEFER-UNTIL.
public struct ICalendarWriter {
    public let stamp: Date

    public init(stamp: Date) { self.stamp = stamp }

    public func write(_ records: RecordSet) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Tasker//Tasker//EN", "CALSCALE:GREGORIAN"]
        for t in records.tasks { lines += todo(t) }
        lines.append("END:VCALENDAR")
        return lines.map(ICalendarWriter.fold).joined(separator: "\r\n") + "\r\n"
    }

    func todo(_ t: TaskRecord) -> [String] {
        var l = ["BEGIN:VTODO", "UID:\(t.uuid)", "DTSTAMP:\(time(stamp))", "CREATED:\(time(t.created))",
                 "LAST-MODIFIED:\(time(t.modified))", "SUMMARY:\(ICalendarWriter.escape(t.title))"]
        if let notes = t.notes, !notes.isEmpty { l.append("DESCRIPTION:\(ICalendarWriter.escape(notes))") }
        if let day = t.dueDay {
            l.append("DUE;VALUE=DATE:\(day.description.replacingOccurrences(of: "-", with: ""))")
        } else if let due = t.due {
            l.append("DUE:\(time(due))")
        }
        l.append("STATUS:\(t.status == .done ? "COMPLETED" : "NEEDS-ACTION")")
        if let completed = t.completed { l.append("COMPLETED:\(time(completed))") }
        let priority = switch t.priority {
        case .critical: 1
        case .high: 3
        case .normal: 5
        case .low: 9
        }
        l.append("PRIORITY:\(priority)")
        if !t.contexts.isEmpty { l.append("CATEGORIES:" + t.contexts.map(ICalendarWriter.escape).joined(separator: ",")) }
        if let rule = t.recurrence { l.append("RRULE:" + ICalendarWriter.rrule(rule)) }
        if let parent = t.parent { l.append("RELATED-TO;RELTYPE=PARENT:\(parent)") }
        if let day = t.deferUntil { l.append("X-TASKER-DEFER-UNTIL;VALUE=DATE:\(day.description.replacingOccurrences(of: "-", with: ""))") }
        l.append("END:VTODO")
        return l
    }

    public static func rrule(_ rule: RecurrenceRule) -> String {
        var parts = ["FREQ=\(rule.frequency.rawValue.uppercased())"]
        if rule.interval != 1 { parts.append("INTERVAL=\(rule.interval)") }
        if !rule.weekdays.isEmpty { parts.append("BYDAY=" + rule.weekdays.map { String($0.rawValue.prefix(2)).uppercased() }.joined(separator: ",")) }
        return parts.joined(separator: ";")
    }

    private func time(_ date: Date) -> String { TaskwarriorDate.format(date) }  // the same basic UTC form: 20260331T090000Z

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
