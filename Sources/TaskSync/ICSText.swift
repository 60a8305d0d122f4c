import Foundation
import TaskCore
import TaskIO

/// iCalendar text patched line by line, so every property sync does not own stays byte for byte
/// (another client's alarms, X- properties, parameters, time zones).
enum ICSText {
    /// A new VTODO's text: a VCALENDAR with just the UID; the fields' lines are patched in.
    static func skeleton(uid: String) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Tasker//Tasker//EN\r\nBEGIN:VTODO\r\nUID:\(uid)\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
    }

    /// `text` with, in its master VTODO (the first without RECURRENCE-ID), every property named in
    /// `remove` taken out (RELATED-TO only when its RELTYPE is PARENT or absent) and `add` put in.
    static func patch(_ text: String, remove: Set<String>, add: [String]) -> String {
        let lines = unfold(text)
        var out: [String] = []
        var block: [String]? = nil
        var patched = false
        for line in lines {
            let name = Self.name(of: line)
            if block == nil, !patched, line.uppercased() == "BEGIN:VTODO" {
                block = [line]
                continue
            }
            if var current = block {
                if line.uppercased() == "END:VTODO" {
                    if current.contains(where: { Self.name(of: $0) == "RECURRENCE-ID" }) {
                        out += current + [line]
                    } else {
                        current = current.filter { !owned($0, remove) }
                        out += current + add + [line]
                        patched = true
                    }
                    block = nil
                } else {
                    current.append(line)
                    block = current
                }
                continue
            }
            _ = name
            out.append(line)
        }
        return ICalendarWriter.text(withZones(out))
    }

    /// `lines` (a calendar's, unfolded) with a VTIMEZONE for each TZID a property names that the
    /// calendar does not define and the tz database knows (`ICalendarTimeZone`: its components start the year before
    /// the earliest value in that zone), put in before the first component. A zone already defined —
    /// another client's VTIMEZONE too — is left as it is.
    static func withZones(_ lines: [String]) -> [String] {
        var defined: Set<String> = []
        var used: [String: Int] = [:]
        var inZone = false
        for line in lines {
            let upper = line.uppercased()
            if upper == "BEGIN:VTIMEZONE" { inZone = true } else if upper == "END:VTIMEZONE" { inZone = false }
            if inZone, name(of: line) == "TZID" { defined.insert(String(line.drop(while: { $0 != ":" }).dropFirst())) }
            guard !inZone, let head = line.split(separator: ":", maxSplits: 1).first, let range = head.uppercased().range(of: ";TZID=") else { continue }
            let zone = String(head[range.upperBound...].prefix { $0 != ";" }).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            let year = Int(line.split(separator: ":", maxSplits: 1).last?.prefix(4) ?? "") ?? 2000
            used[zone] = min(used[zone] ?? year, year)
        }
        let blocks = used.keys.sorted().filter { !defined.contains($0) }.compactMap { id in
            TimeZone(identifier: id).map { ICalendarTimeZone.lines($0, fromYear: used[id] ?? 2000) }
        }
        guard !blocks.isEmpty, let first = lines.firstIndex(where: { $0.uppercased().hasPrefix("BEGIN:") && $0.uppercased() != "BEGIN:VCALENDAR" }) else { return lines }
        var out = lines
        out.insert(contentsOf: blocks.joined(), at: first)
        return out
    }

    private static func owned(_ line: String, _ remove: Set<String>) -> Bool {
        let name = name(of: line)
        guard remove.contains(name) else { return false }
        if name == "RELATED-TO" {
            let head = line.prefix { $0 != ":" }.uppercased()
            return !head.contains("RELTYPE=") || head.contains("RELTYPE=PARENT")
        }
        return true
    }

    /// Content lines with folding undone (a CRLF or LF followed by a space or tab joins the next line).
    static func unfold(_ text: String) -> [String] {
        var lines: [String] = []
        for raw in text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: true) {
            if let first = raw.first, first == " " || first == "\t", !lines.isEmpty {
                lines[lines.count - 1] += raw.dropFirst()
            } else {
                lines.append(String(raw))
            }
        }
        return lines
    }

    /// A line's property name, upper-case (`DUE` of `DUE;VALUE=DATE:20261210`).
    static func name(of line: String) -> String {
        String(line.prefix { $0 != ":" && $0 != ";" }).uppercased()
    }
}
