import Foundation
import TaskCalendar
import TaskCore
import TaskIO

/// Task fields ↔ VTODO properties.
///
/// SUMMARY, DESCRIPTION, DUE (`VALUE=DATE` for a day, `TZID=` its zone for a repeating time of day, else UTC), defer as `DTSTART;VALUE=DATE` where
/// RFC 5545 allows it (no due or a date-only one on or after it, not recurring) else `X-TASKER-DEFER-UNTIL`,
/// PRIORITY (3/5/9 as the .ics export writes them; critical is 1 plus the category `critical`, so a
/// high task with a context named "critical" reads back as it is), STATUS/COMPLETED/PERCENT-COMPLETE,
/// RRULE (the whole rule; one Tasker cannot represent, verbatim) with the repeat kind in `X-TASKER-REPEAT`, CATEGORIES, RELATED-TO;RELTYPE=PARENT, and X-TASKER-* for estimate, energy, kind, project,
/// list and stage; a recurring series' done occurrences as `X-TASKER-COMPLETIONS` (see `SeriesCompletion`). Writing replaces only the properties that read a field that changed, in the server's
/// text (`properties`, `rewrite`).
struct VTodoMapping {
    var timeZone: TimeZone

    /// The fields another client's VTODO says. Floating times are read in `timeZone`.
    func fields(_ todo: ICalendarTodo) -> TaskFields {
        var f = TaskFields()
        f[.title] = .string(todo.first("SUMMARY").map { ICalendarTodo.unescape($0.value) } ?? "")
        if let notes = todo.first("DESCRIPTION").map({ ICalendarTodo.unescape($0.value) }), !notes.isEmpty { f[.notes] = .string(notes) }
        if let due = todo.first("DUE"), let time = Self.inTzDatabase(due) ?? due.time {
            f[.due] = .string(text(time))
            // A series' zone is its DUE's TZID, when the tz database knows it (else this device's zone is taken).
            if case .instant = time, todo.first("RRULE") != nil, let zone = TaskFields.seriesZone(due.parameters["TZID"]) {
                f[.dueZone] = .string(zone)
            }
        }
        if let day = todo.first("X-TASKER-DEFER-UNTIL").flatMap({ LocalDate(basic: $0.value) }) {
            f[.deferUntil] = .string(day.description)
        } else if let start = todo.first("DTSTART")?.time {
            f[.deferUntil] = .string(day(start).description)
        }
        var categories = todo.all("CATEGORIES").flatMap { $0.value.split(separator: ",").map { ICalendarTodo.unescape(String($0)).trimmingCharacters(in: .whitespaces) } }
            .filter { !$0.isEmpty }
        let level = todo.first("PRIORITY").flatMap { Int($0.value) } ?? 0
        switch level {
        case 1...4:
            if level == 1, let i = categories.firstIndex(where: { $0.lowercased() == "critical" }) {
                categories.remove(at: i)
                f[.priority] = "critical"
            } else {
                f[.priority] = "high"
            }
        case 6...9: f[.priority] = "low"
        default: break
        }
        if !categories.isEmpty { f[.contexts] = .array(Array(Set(categories.map { $0.lowercased() })).sorted().map { .string($0) }) }
        let status = todo.first("STATUS")?.value.uppercased()
        if status == "COMPLETED" || todo.first("COMPLETED") != nil && status != "NEEDS-ACTION" && status != "IN-PROCESS" {
            let when = todo.first("COMPLETED")?.time.map(instant) ?? todo.first("LAST-MODIFIED")?.time.map(instant)
            f[.status] = .string("done " + (when.map(TaskFields.time) ?? ""))
        }
        if let rule = todo.first("RRULE").flatMap({ recurrence($0.value, kind: todo.first("X-TASKER-REPEAT")?.value) }) { f[.recurrence] = rule.json }
        if let parent = todo.all("RELATED-TO").first(where: { ($0.parameters["RELTYPE"] ?? "PARENT").uppercased() == "PARENT" }) {
            f[.parent] = .string(parent.value)
        }
        let completions = todo.all("X-TASKER-COMPLETIONS").flatMap { SeriesCompletion.parse($0.value, zone: $0.parameters["X-TASKER-ZONE"]) }
        if let value = SeriesCompletion.field(SeriesCompletion.union([], completions)) { f[.completions] = value }
        if let e = todo.first("X-TASKER-ESTIMATE").flatMap({ Int($0.value) }) { f[.estimateMinutes] = .int(e) }
        for (field, name) in Self.textProperties {
            if let v = todo.first(name).map({ ICalendarTodo.unescape($0.value) }), !v.isEmpty { f[field] = .string(v) }
        }
        return f
    }

    /// A DATE-TIME whose TZID the tz database knows, at its wall-clock time in that zone; nil for any
    /// other value (then the reader's resolution through the file's VTIMEZONE stands). For an IANA name
    /// the tz database wins over the VTIMEZONE beside it, as icalendar, dateutil and Thunderbird read
    /// it: another client's VTIMEZONE may cover only some years (icalendar's own for Europe/Berlin
    /// ends its rules in 1981, so 9:00 in April 2027 read through it was 8:00 UTC, not 7:00).
    static func inTzDatabase(_ p: ICalendarTodo.Property) -> ICalendarTime? {
        guard let zone = p.parameters["TZID"].flatMap(TimeZone.init(identifier:)), p.value.count == 15 else { return nil }
        let t = Array(p.value)
        guard t[8] == "T", let day = LocalDate(basic: String(t[0..<8])), let h = Int(String(t[9..<11])), let m = Int(String(t[11..<13])),
              let s = Int(String(t[13..<15])) else { return nil }
        return .instant(LocalDateTime(date: day, hour: h, minute: m, second: s).instant(in: zone))
    }

    /// When the other side last changed the VTODO (LAST-MODIFIED, else DTSTAMP).
    func modified(_ todo: ICalendarTodo) -> Date? {
        (todo.first("LAST-MODIFIED") ?? todo.first("DTSTAMP"))?.time.map(instant)
    }

    /// Every property Tasker writes, in the order new lines go in. DURATION is written from nothing:
    /// a rewritten due or start takes another client's DURATION out (RFC 5545: DUE and DURATION
    /// never together, DURATION only beside DTSTART).
    static let properties: [VTodoProperty] = [
        VTodoProperty("SUMMARY", reads: [.title]) { ":" + escape($0[.title]?.stringValue ?? "") },
        VTodoProperty("DESCRIPTION", reads: [.notes]) { f in f[.notes]?.stringValue.map { ":" + escape($0) } },
        VTodoProperty("DUE", reads: [.due, .dueZone]) { f in
            guard let due = f[.due]?.stringValue else { return nil }
            if due.count == 10 { return ";VALUE=DATE:" + basic(due) }
            // A repeating time of day in its zone (with a VTIMEZONE beside the VTODO), so every client keeps its wall-clock time.
            if let zone = f[.dueZone]?.stringValue.flatMap(TimeZone.init(identifier:)), let instant = TaskFields.instant(due) {
                return ";TZID=\(zone.identifier):" + ICalendarTimeZone.local(instant, in: zone)
            }
            return ":" + basicUTC(due)
        },
        VTodoProperty("DURATION", reads: [.due, .deferUntil, .recurrence]) { _ in nil },
        VTodoProperty("DTSTART", reads: [.due, .deferUntil, .recurrence]) { f in
            deferIsStart(f) ? f[.deferUntil]?.stringValue.map { ";VALUE=DATE:" + basic($0) } : nil
        },
        VTodoProperty("X-TASKER-DEFER-UNTIL", reads: [.due, .deferUntil, .recurrence]) { f in
            deferIsStart(f) ? nil : f[.deferUntil]?.stringValue.map { ";VALUE=DATE:" + basic($0) }
        },
        VTodoProperty("RRULE", reads: [.recurrence]) { f in f[.recurrence].flatMap(RecurrenceRule.init(json:)).map { ":" + rrule($0) } },
        VTodoProperty("X-TASKER-REPEAT", reads: [.recurrence]) { f in
            f[.recurrence].flatMap(RecurrenceRule.init(json:)).flatMap { repeatKind($0.kind).map { ":" + $0 } }
        },
        VTodoProperty("PRIORITY", reads: [.priority]) { f in
            let priority = f[.priority]?.stringValue ?? "normal"
            return ":" + (priority == "low" ? "9" : priority == "normal" ? "5" : priority == "high" ? "3" : "1")
        },
        VTodoProperty("CATEGORIES", reads: [.priority, .contexts]) { f in
            var categories = f[.contexts]?.arrayValue?.compactMap(\.stringValue) ?? []
            if f[.priority]?.stringValue == "critical" { categories.append("critical") }
            return categories.isEmpty ? nil : ":" + categories.map(escape).joined(separator: ",")
        },
        VTodoProperty("STATUS", reads: [.status]) { f in ":" + (completion(f) == nil ? "NEEDS-ACTION" : "COMPLETED") },
        VTodoProperty("PERCENT-COMPLETE", reads: [.status]) { f in completion(f) == nil ? nil : ":100" },
        VTodoProperty("COMPLETED", reads: [.status]) { f in completion(f).flatMap { $0.isEmpty ? nil : ":" + basicUTC($0) } },
        VTodoProperty("RELATED-TO", reads: [.parent]) { f in f[.parent]?.stringValue.map { ";RELTYPE=PARENT:" + $0 } },
        VTodoProperty("X-TASKER-ESTIMATE", reads: [.estimateMinutes]) { f in f[.estimateMinutes]?.intValue.map { ":\($0)" } },
        VTodoProperty("X-TASKER-COMPLETIONS", reads: [.completions], lines: { SeriesCompletion.lines(SeriesCompletion.all(in: $0)) }),
    ] + textProperties.map { field, name in
        VTodoProperty(name, reads: [field]) { f in f[field]?.stringValue.map { ":" + escape($0) } }
    }

    /// The fields that travel as plain text in their own `X-TASKER-*` property, named by their `ics`
    /// member: read and written the same way (escaped text, left out when empty).
    static let textProperties: [(field: TaskField, name: String)] = [TaskField.energy, .kind, .project, .list, .stage].compactMap { field in
        field.member(at: .ics).map { (field, $0.key) }
    }

    /// What a patch does for the fields in `changed`: the property names to take out (every one that
    /// reads a changed field) and the lines to put in, from `fields`.
    static func rewrite(_ changed: Set<String>, from fields: TaskFields) -> (remove: Set<String>, add: [String]) {
        let rewritten = properties.filter { !$0.reads.isDisjoint(with: changed) }
        return (Set(rewritten.map(\.name)), rewritten.flatMap { $0.lines(fields) })
    }

    /// Whether the defer is written as DTSTART (RFC 5545 allows it: no rule to anchor, and no due, or
    /// a due that is a day on or after it); otherwise it travels as `X-TASKER-DEFER-UNTIL` (a task
    /// deferred past its due: sabre/vobject refuses a DTSTART after the DUE).
    static func deferIsStart(_ f: TaskFields) -> Bool {
        guard f[.recurrence] == nil, let day = f[.deferUntil]?.stringValue else { return false }
        guard let due = f[.due]?.stringValue else { return true }
        return due.count == 10 && day <= due
    }

    /// The completion time of a done task ("" when unknown), nil when it is open.
    private static func completion(_ f: TaskFields) -> String? {
        guard let status = f[.status]?.stringValue, status.hasPrefix("done") else { return nil }
        return String(status.dropFirst(5))
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

    /// An RRULE value (as libical reads it) as a rule (`RecurrenceRule(rrule:)`: parts Tasker cannot
    /// represent keep the text verbatim, written back unchanged), with the kind `X-TASKER-REPEAT` says.
    private func recurrence(_ value: String, kind: String?) -> RecurrenceRule? {
        RecurrenceRule(rrule: value, kind: kind.flatMap(Self.repeatKind) ?? .skipMissed)
    }

    /// The repeat kind as `X-TASKER-REPEAT` carries it: `ON-SCHEDULE`, `AFTER-COMPLETION`; none for
    /// skip missed, the default. An X- property, so other clients keep it and expand the RRULE as they would.
    static func repeatKind(_ kind: RecurrenceRule.Kind) -> String? {
        switch kind {
        case .skipMissed: nil
        case .onSchedule: "ON-SCHEDULE"
        case .afterCompletion: "AFTER-COMPLETION"
        }
    }

    static func repeatKind(_ text: String) -> RecurrenceRule.Kind? {
        switch text.trimmingCharacters(in: .whitespaces).uppercased() {
        case "ON-SCHEDULE": .onSchedule
        case "AFTER-COMPLETION": .afterCompletion
        case "SKIP-MISSED": .skipMissed
        default: nil
        }
    }

    /// `2026-12-10` → `20261210`.
    static func basic(_ day: String) -> String { day.replacingOccurrences(of: "-", with: "") }

    /// An ISO instant → `20261210T103000Z`.
    static func basicUTC(_ iso: String) -> String {
        guard let date = TaskFields.instant(iso) else { return basic(String(iso.prefix(10))) }
        return ICalendarWriter.utc(date)
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
