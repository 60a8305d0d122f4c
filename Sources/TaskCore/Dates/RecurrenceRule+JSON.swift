import Foundation

/// The wire form of a rule, in every door (tools, `.unkt`, sync fields, `parse --json`):
///
/// `{"frequency": "monthly", "interval": 1, "weekdays": ["2fri", "4fri"]}` — `frequency`, `interval`
/// and `weekdays` always; `weekdays` items are `mon`…`sun`, with an ordinal in front for the nth
/// (`1tue`) or nth-from-last (`-1fri`) of the month or year. Only when set: `month_days` (BYMONTHDAY,
/// `[15]`, `[-1]`), `months` (BYMONTH, `[3, 9]`), `positions` (BYSETPOS, `[-1]`), `count`, `until`
/// (`"2027-03-01"`, `"2027-03-01T09:00:00Z"`, or a floating `"2027-03-01T09:00:00"`), `week_start`
/// (`"sun"`), `kind` (`"on_schedule"`, `"after_completion"`; absent is `skip_missed`) and `rrule`
/// (another client's RRULE text Tasker keeps verbatim; when given it is the rule, and the other
/// members but `kind` are read from it).
extension RecurrenceRule {
    public var json: JSONValue {
        var o: [String: JSONValue] = [
            "frequency": .string(frequency.rawValue),
            "interval": .int(interval),
            "weekdays": .array(days.map { .string(($0.ordinal == 0 ? "" : String($0.ordinal)) + $0.weekday.rawValue) }),
        ]
        if !monthDays.isEmpty { o["month_days"] = .array(monthDays.map { .int($0) }) }
        if !months.isEmpty { o["months"] = .array(months.map { .int($0) }) }
        if !positions.isEmpty { o["positions"] = .array(positions.map { .int($0) }) }
        if let count { o["count"] = .int(count) }
        if let until { o["until"] = .string(RecurrenceRule.isoText(until)) }
        if weekStart != .mon { o["week_start"] = .string(weekStart.rawValue) }
        if kind != .skipMissed { o["kind"] = .string(kind.rawValue) }
        if let verbatim { o["rrule"] = .string(verbatim) }
        return .object(o)
    }

    /// Reads the wire form; nil when it is not a valid rule (a value of the wrong type or out of range).
    /// Members it does not know are ignored (the tools' schema refuses them before this).
    public init?(json: JSONValue) {
        guard let members = json.objectValue else { return nil }
        func present(_ key: String) -> JSONValue? { members[key].flatMap { $0.isNull ? nil : $0 } }
        var kind = Kind.skipMissed
        if let k = present("kind") {
            guard let s = k.stringValue, let parsed = Kind(rawValue: s.lowercased()) else { return nil }
            kind = parsed
        }
        if let text = present("rrule") {
            guard let s = text.stringValue, let rule = RecurrenceRule(rrule: s, kind: kind) else { return nil }
            self = rule
            return
        }
        guard let f = present("frequency")?.stringValue, let frequency = Frequency(rawValue: f.lowercased()) else { return nil }
        func integers(_ key: String, _ range: ClosedRange<Int>) -> [Int]?? {
            guard let v = present(key) else { return .some(nil) }
            guard let list = v.arrayValue?.map(\.intValue), list.allSatisfy({ $0.map { $0 != 0 && range.contains($0) } ?? false }) else { return nil }
            return .some(list.compactMap { $0 })
        }
        var interval = 1
        if let i = present("interval") {
            guard let n = i.intValue, n >= 1 else { return nil }
            interval = n
        }
        var days: [Day] = []
        if let w = present("weekdays") {
            guard let list = w.arrayValue else { return nil }
            for item in list {
                guard let s = item.stringValue, let day = RecurrenceRule.day(s) else { return nil }
                days.append(day)
            }
        }
        guard let monthDays = integers("month_days", -31...31), let months = integers("months", 1...12),
              let positions = integers("positions", -366...366) else { return nil }
        var count: Int?
        if let c = present("count") {
            guard let n = c.intValue, n >= 1 else { return nil }
            count = n
        }
        var until: Until?
        if let u = present("until") {
            guard let s = u.stringValue, let parsed = RecurrenceRule.until(iso: s) else { return nil }
            until = parsed
        }
        var weekStart = Weekday.mon
        if let w = present("week_start") {
            guard let s = w.stringValue, let day = Weekday(rawValue: s.lowercased()) else { return nil }
            weekStart = day
        }
        self.init(frequency: frequency, interval: interval, days: days, monthDays: monthDays ?? [], months: months ?? [],
                  positions: positions ?? [], count: count, until: until, weekStart: weekStart, kind: kind)
    }

    /// `fri`, `2fri`, `-1fri` (also `+2fri`; any case).
    static func day(_ text: String) -> Day? {
        let lower = text.lowercased()
        guard lower.count >= 3, let weekday = Weekday(rawValue: String(lower.suffix(3))) else { return nil }
        let number = lower.dropLast(3)
        if number.isEmpty { return Day(weekday) }
        guard let n = Int(number.hasPrefix("+") ? String(number.dropFirst()) : String(number)), n != 0, (-53...53).contains(n) else { return nil }
        return Day(weekday, n)
    }

    /// `2027-03-01`, `2027-03-01T09:00:00Z` or `2027-03-01T09:00:00`.
    static func isoText(_ until: Until) -> String {
        switch until {
        case .day(let d): return d.description
        case .instant(let i): return LocalDateTime(i, in: TimeZone(secondsFromGMT: 0) ?? .current).description + "Z"
        case .wallTime(let w): return w.description
        }
    }

    /// Reads what `isoText` writes (seconds optional).
    static func until(iso text: String) -> Until? {
        if text.count == 10 { return LocalDate(iso: text).map { .day($0) } }
        var body = text
        let utc = body.hasSuffix("Z") || body.hasSuffix("z")
        if utc { body.removeLast() }
        guard body.count == 16 || body.count == 19, let date = LocalDate(iso: String(body.prefix(10))) else { return nil }
        let time = body.dropFirst(10)
        guard time.first == "T" || time.first == " " else { return nil }
        let parts = time.dropFirst().split(separator: ":").map { Int($0) }
        guard parts.count >= 2, parts.allSatisfy({ $0 != nil }), let h = parts[0], let m = parts[1], h < 24, m < 60 else { return nil }
        let s = parts.count > 2 ? (parts[2] ?? 0) : 0
        guard s < 60 else { return nil }
        let wall = LocalDateTime(date: date, hour: h, minute: m, second: s)
        return utc ? .instant(wall.instant(in: TimeZone(secondsFromGMT: 0) ?? .current)) : .wallTime(wall)
    }
}
