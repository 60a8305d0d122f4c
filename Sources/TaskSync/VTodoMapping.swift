import Foundation
import TaskCalendar
import TaskCore
import TaskIO

/// Task fields ↔ VTODO properties.
///
/// SUMMARY, DESCRIPTION, DUE (`VALUE=DATE` for a day, else UTC), defer as `DTSTART;VALUE=DATE` where
/// RFC 5545 allows it (no due or a date-only one, not recurring) else `X-TASKER-DEFER-UNTIL`,
/// PRIORITY (1/5/9; critical is 1 plus the category `critical`), STATUS/COMPLETED/PERCENT-COMPLETE,
/// RRULE, CATEGORIES, RELATED-TO;RELTYPE=PARENT, and X-TASKER-* for estimate, energy, kind, project,
/// list and stage. Writing replaces only the properties of fields that changed, in the server's text.
struct VTodoMapping {
    var timeZone: TimeZone

    /// The fields another client's VTODO says. Floating times are read in `timeZone`.
    func fields(_ todo: ICalendarTodo) -> TaskFields {
        var f = TaskFields()
        f["title"] = .string(todo.first("SUMMARY").map { ICalendarTodo.unescape($0.value) } ?? "")
        if let notes = todo.first("DESCRIPTION").map({ ICalendarTodo.unescape($0.value) }), !notes.isEmpty { f["notes"] = .string(notes) }
        if let due = todo.first("DUE")?.time { f["due"] = .string(text(due)) }
        if let day = todo.first("X-TASKER-DEFER-UNTIL").flatMap({ LocalDate(basic: $0.value) }) {
            f["defer"] = .string(day.description)
        } else if let start = todo.first("DTSTART")?.time {
            f["defer"] = .string(day(start).description)
        }
        var categories = todo.all("CATEGORIES").flatMap { $0.value.split(separator: ",").map { ICalendarTodo.unescape(String($0)).trimmingCharacters(in: .whitespaces) } }
            .filter { !$0.isEmpty }
        let level = todo.first("PRIORITY").flatMap { Int($0.value) } ?? 0
        switch level {
        case 1...4:
            if let i = categories.firstIndex(where: { $0.lowercased() == "critical" }) {
                categories.remove(at: i)
                f["priority"] = "critical"
            } else {
                f["priority"] = "high"
            }
        case 6...9: f["priority"] = "low"
        default: break
        }
        if !categories.isEmpty { f["contexts"] = .array(Array(Set(categories.map { $0.lowercased() })).sorted().map { .string($0) }) }
        let status = todo.first("STATUS")?.value.uppercased()
        if status == "COMPLETED" || todo.first("COMPLETED") != nil && status != "NEEDS-ACTION" && status != "IN-PROCESS" {
            let when = todo.first("COMPLETED")?.time.map(instant) ?? todo.first("LAST-MODIFIED")?.time.map(instant)
            f["status"] = .string("done " + (when.map(TaskFields.time) ?? ""))
        }
        if let rule = todo.first("RRULE").flatMap({ recurrence($0.value) }) { f["recurrence"] = rule.json }
        if let parent = todo.all("RELATED-TO").first(where: { ($0.parameters["RELTYPE"] ?? "PARENT").uppercased() == "PARENT" }) {
            f["parent"] = .string(parent.value)
        }
        if let e = todo.first("X-TASKER-ESTIMATE").flatMap({ Int($0.value) }) { f["estimate"] = .int(e) }
        for (key, name) in [("energy", "X-TASKER-ENERGY"), ("kind", "X-TASKER-KIND"), ("project", "X-TASKER-PROJECT"), ("list", "X-TASKER-LIST"), ("stage", "X-TASKER-STAGE")] {
            if let v = todo.first(name).map({ ICalendarTodo.unescape($0.value) }), !v.isEmpty { f[key] = .string(v) }
        }
        return f
    }

    /// When the other side last changed the VTODO (LAST-MODIFIED, else DTSTAMP).
    func modified(_ todo: ICalendarTodo) -> Date? {
        (todo.first("LAST-MODIFIED") ?? todo.first("DTSTAMP"))?.time.map(instant)
    }

    /// The property names a field owns (removed before its new lines go in).
    static func owned(_ key: String) -> [String] {
        switch key {
        case "title": ["SUMMARY"]
        case "notes": ["DESCRIPTION"]
        case "due", "defer": ["DUE", "DTSTART", "X-TASKER-DEFER-UNTIL"]
        case "priority", "contexts": ["PRIORITY", "CATEGORIES"]
        case "status": ["STATUS", "COMPLETED", "PERCENT-COMPLETE"]
        case "recurrence": ["RRULE", "DTSTART", "X-TASKER-DEFER-UNTIL"]
        case "parent": ["RELATED-TO"]
        default: ["X-TASKER-" + key.uppercased()]
        }
    }

    /// The lines for the properties `owned(key)` names, from `f`.
    func lines(_ key: String, _ f: TaskFields) -> [String] {
        switch key {
        case "title": return ["SUMMARY:" + Self.escape(f["title"]?.stringValue ?? "")]
        case "notes": return f["notes"]?.stringValue.map { ["DESCRIPTION:" + Self.escape($0)] } ?? []
        case "due", "defer", "recurrence":
            var out: [String] = []
            let due = f["due"]?.stringValue
            if let due { out.append(due.count == 10 ? "DUE;VALUE=DATE:" + Self.basic(due) : "DUE:" + Self.basicUTC(due)) }
            if let day = f["defer"]?.stringValue {
                let allowed = f["recurrence"] == nil && (due == nil || due?.count == 10)
                out.append((allowed ? "DTSTART;VALUE=DATE:" : "X-TASKER-DEFER-UNTIL;VALUE=DATE:") + Self.basic(day))
            }
            if key == "recurrence", let rule = f["recurrence"].flatMap(RecurrenceRule.init(json:)) { out.append("RRULE:" + Self.rrule(rule)) }
            return out
        case "priority", "contexts":
            let priority = f["priority"]?.stringValue ?? "normal"
            var categories = f["contexts"]?.arrayValue?.compactMap(\.stringValue) ?? []
            if priority == "critical" { categories.append("critical") }
            var out = ["PRIORITY:" + (priority == "low" ? "9" : priority == "normal" ? "5" : "1")]
            if !categories.isEmpty { out.append("CATEGORIES:" + categories.map(Self.escape).joined(separator: ",")) }
            return out
        case "status":
            guard let status = f["status"]?.stringValue, status.hasPrefix("done") else { return ["STATUS:NEEDS-ACTION"] }
            let when = String(status.dropFirst(5))
            return ["STATUS:COMPLETED", "PERCENT-COMPLETE:100"] + (when.isEmpty ? [] : ["COMPLETED:" + Self.basicUTC(when)])
        case "parent": return f["parent"]?.stringValue.map { ["RELATED-TO;RELTYPE=PARENT:" + $0] } ?? []
        case "estimate": return f["estimate"]?.intValue.map { ["X-TASKER-ESTIMATE:\($0)"] } ?? []
        default: return f[key]?.stringValue.map { ["X-TASKER-\(key.uppercased()):" + Self.escape($0)] } ?? []
        }
    }

    // MARK: values

    private func text(_ time: ICalendarTime) -> String {
        if case .day(let d) = time { return d.description }
        return TaskFields.time(instant(time))
    }

    private func instant(_ time: ICalendarTime) -> Date {
        switch time {
        case .day(let d): return d.startOfDay(in: timeZone)
        case .instant(let i): return i
        case .floating(let w): return w.instant(in: timeZone)
        }
    }

    private func day(_ time: ICalendarTime) -> LocalDate {
        switch time {
        case .day(let d): return d
        case .instant(let i): return LocalDate(i, in: timeZone)
        case .floating(let w): return w.date
        }
    }

    /// FREQ, INTERVAL and BYDAY of an RRULE; nil for frequencies Tasker has no rule for.
    private func recurrence(_ value: String) -> RecurrenceRule? {
        var parts: [String: String] = [:]
        for part in value.split(separator: ";") {
            let kv = part.split(separator: "=", maxSplits: 1)
            if kv.count == 2 { parts[kv[0].uppercased()] = String(kv[1]) }
        }
        guard let frequency = parts["FREQ"].flatMap({ RecurrenceRule.Frequency(rawValue: $0.lowercased()) }) else { return nil }
        let days = (parts["BYDAY"] ?? "").split(separator: ",").compactMap { code in
            Weekday.allCases.first { $0.rawValue.prefix(2).uppercased() == code.suffix(2).uppercased() }
        }
        return RecurrenceRule(frequency: frequency, interval: max(1, parts["INTERVAL"].flatMap { Int($0) } ?? 1), weekdays: days)
    }

    /// `2026-12-10` → `20261210`.
    static func basic(_ day: String) -> String { day.replacingOccurrences(of: "-", with: "") }

    /// An ISO instant → `20261210T103000Z`.
    static func basicUTC(_ iso: String) -> String {
        guard let date = TaskFields.instant(iso) else { return basic(String(iso.prefix(10))) }
        let t = LocalDateTime(date, in: TaskFields.utc)
        func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(t.date.year)\(pad(t.date.month))\(pad(t.date.day))T\(pad(t.hour))\(pad(t.minute))\(pad(t.second))Z"
    }

    static func escape(_ text: String) -> String { ICalendarWriter.escape(text) }

    static func rrule(_ rule: RecurrenceRule) -> String { ICalendarWriter.rrule(rule) }
}

extension LocalDate {
    /// `20261210` (the basic form iCalendar writes).
    init?(basic text: String) {
        let digits = text.prefix(8)
        guard digits.count == 8, digits.allSatisfy(\.isNumber) else { return nil }
        self.init(iso: "\(digits.prefix(4))-\(digits.dropFirst(4).prefix(2))-\(digits.suffix(2))")
    }
}
