/// The RFC 5545 rules a server enforces on a VTODO (Radicale and sabre/vobject refuse the text that
/// breaks them), checked on every text before it is sent: a text that breaks one is Tasker's bug, said
/// on that task and never sent.
///
/// Per VTODO (its own properties, not its alarms'): at most one of each single-valued property, one
/// UID and one DTSTAMP, DUE and DURATION never together, DURATION only beside DTSTART, and DUE on or
/// after DTSTART with the same value type (both dates, or both date-times). The calendar itself: one
/// VERSION and one PRODID.
enum VTodoCheck {
    /// RFC 5545 §3.6.2: the VTODO properties that "MUST NOT occur more than once" (RRULE "SHOULD NOT").
    static let singleValued: Set<String> = [
        "CLASS", "COMPLETED", "CREATED", "DESCRIPTION", "DTSTAMP", "DTSTART", "GEO", "LAST-MODIFIED", "LOCATION", "ORGANIZER",
        "PERCENT-COMPLETE", "PRIORITY", "RECURRENCE-ID", "SEQUENCE", "STATUS", "SUMMARY", "UID", "URL", "DUE", "DURATION", "RRULE",
    ]

    /// What is wrong with `ics`, one short phrase each; empty when the text may be sent.
    static func problems(_ ics: String) -> [String] {
        var problems: [String] = []
        var stack: [String] = []
        var calendar: [String: Int] = [:]
        var todo: [(name: String, parameters: String, value: String)] = []
        for line in ICSText.unfold(ics) {
            let (head, value) = split(line)
            let name = ICSText.name(of: head)
            if name == "BEGIN" {
                stack.append(value.uppercased())
                if stack == ["VCALENDAR", "VTODO"] { todo = [] }
            } else if name == "END" {
                if stack == ["VCALENDAR", "VTODO"] { problems += check(todo) }
                if !stack.isEmpty { stack.removeLast() }
            } else if stack == ["VCALENDAR"] {
                calendar[name, default: 0] += 1
            } else if stack == ["VCALENDAR", "VTODO"] {
                todo.append((name, String(head.dropFirst(name.count)), value))
            }
        }
        for name in ["VERSION", "PRODID"] where calendar[name, default: 0] != 1 {
            problems.append("\(calendar[name, default: 0]) \(name) in the calendar")
        }
        return problems
    }

    private static func check(_ properties: [(name: String, parameters: String, value: String)]) -> [String] {
        var problems: [String] = []
        var count: [String: Int] = [:]
        for p in properties { count[p.name, default: 0] += 1 }
        for name in singleValued.sorted() where count[name, default: 0] > 1 { problems.append("\(count[name] ?? 0) \(name)") }
        for name in ["UID", "DTSTAMP"] where count[name] == nil { problems.append("no \(name)") }
        if count["DUE"] != nil && count["DURATION"] != nil { problems.append("DUE and DURATION together") }
        if count["DURATION"] != nil && count["DTSTART"] == nil { problems.append("DURATION without DTSTART") }
        if let due = properties.first(where: { $0.name == "DUE" }), let start = properties.first(where: { $0.name == "DTSTART" }) {
            let dueIsDay = isDay(due.parameters, due.value), startIsDay = isDay(start.parameters, start.value)
            if dueIsDay != startIsDay {
                problems.append("DUE is a \(dueIsDay ? "date" : "date-time") but DTSTART a \(startIsDay ? "date" : "date-time")")
            } else if zone(due.parameters, due.value) == zone(start.parameters, start.value), due.value < start.value {
                // Basic-format values in one zone compare as text; across zones the server's check is left to the server.
                problems.append("DUE \(due.value) before DTSTART \(start.value)")
            }
        }
        return problems
    }

    /// A content line's head (name and parameters) and value, split at the first colon outside quotes.
    private static func split(_ line: String) -> (head: String, value: String) {
        var quoted = false
        for i in line.indices {
            if line[i] == "\"" { quoted.toggle() }
            if line[i] == ":" && !quoted { return (String(line[..<i]), String(line[line.index(after: i)...])) }
        }
        return (line, "")
    }

    private static func isDay(_ parameters: String, _ value: String) -> Bool {
        parameters.uppercased().contains("VALUE=DATE") && !parameters.uppercased().contains("VALUE=DATE-TIME") || value.count == 8
    }

    /// "Z" for UTC, the TZID, or "" for floating: values in one zone compare as text.
    private static func zone(_ parameters: String, _ value: String) -> String {
        if value.hasSuffix("Z") { return "Z" }
        guard let range = parameters.uppercased().range(of: "TZID=") else { return "" }
        return String(parameters[range.upperBound...].prefix { $0 != ";" })
    }
}
