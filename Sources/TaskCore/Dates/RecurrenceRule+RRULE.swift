import Foundation

/// The RRULE text of a rule (RFC 5545 §3.3.10), both ways, with no `Calendar` and no zone.
///
/// `rrule` writes the parts in one canonical order (FREQ, INTERVAL when not 1, COUNT, UNTIL, BYMONTH,
/// BYMONTHDAY, BYDAY, BYSETPOS, WKST when not MO), so `RecurrenceRule(rrule: r.rrule) == r` for every
/// rule Tasker builds. The kind is not part of an RRULE (it travels beside it, `X-TASKER-REPEAT`).
extension RecurrenceRule {
    /// `FREQ=MONTHLY;BYDAY=2FR,4FR`; a rule read from text Tasker could not fully represent gives that text back.
    public var rrule: String {
        if let verbatim { return verbatim }
        var parts = ["FREQ=\(frequency.rawValue.uppercased())"]
        if interval != 1 { parts.append("INTERVAL=\(interval)") }
        if let count { parts.append("COUNT=\(count)") }
        if let until { parts.append("UNTIL=" + RecurrenceRule.basic(until)) }
        if !months.isEmpty { parts.append("BYMONTH=" + months.map(String.init).joined(separator: ",")) }
        if !monthDays.isEmpty { parts.append("BYMONTHDAY=" + monthDays.map(String.init).joined(separator: ",")) }
        if !days.isEmpty {
            parts.append("BYDAY=" + days.map { ($0.ordinal == 0 ? "" : String($0.ordinal)) + $0.weekday.icsCode }.joined(separator: ","))
        }
        if !positions.isEmpty { parts.append("BYSETPOS=" + positions.map(String.init).joined(separator: ",")) }
        if weekStart != .mon { parts.append("WKST=" + weekStart.icsCode) }
        return parts.joined(separator: ";")
    }

    /// Reads an RRULE value (with or without the `RRULE:` name; parts in any order and case).
    ///
    /// Nil when it has no FREQ or a part's value is malformed. Parts Tasker has no field for (BYHOUR,
    /// BYMINUTE, BYSECOND, BYYEARDAY, BYWEEKNO, RSCALE, SKIP, X- parts, FREQ=HOURLY and finer, ordinals
    /// in a daily or weekly BYDAY) are left out of the fields, which then follow the rest of the rule
    /// (a finer FREQ reads as daily), and the text is kept whole in `verbatim`.
    public init?(rrule text: String, kind: Kind = .skipMissed) {
        var body = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if body.uppercased().hasPrefix("RRULE:") { body = String(body.dropFirst(6)) }
        var exact = true
        var seen: Set<String> = []
        var frequency: Frequency?
        var interval = 1, count: Int?, until: Until?, weekStart = Weekday.mon
        var days: [Day] = [], monthDays: [Int] = [], months: [Int] = [], positions: [Int] = []
        for part in body.split(separator: ";", omittingEmptySubsequences: true) {
            let kv = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard kv.count == 2 else { return nil }
            let name = kv[0].trimmingCharacters(in: .whitespaces).uppercased()
            let value = kv[1].trimmingCharacters(in: .whitespaces).uppercased()
            if !seen.insert(name).inserted { exact = false; continue }
            func ints(_ range: ClosedRange<Int>) -> [Int]? {
                let list = value.split(separator: ",", omittingEmptySubsequences: false).map { Int($0.hasPrefix("+") ? String($0.dropFirst()) : String($0)) }
                guard list.allSatisfy({ $0.map { $0 != 0 && range.contains($0) } ?? false }) else { return nil }
                return list.compactMap { $0 }
            }
            switch name {
            case "FREQ":
                if let f = Frequency(rawValue: value.lowercased()) {
                    frequency = f
                } else if ["HOURLY", "MINUTELY", "SECONDLY"].contains(value) {
                    frequency = .daily
                    exact = false
                } else {
                    return nil
                }
            case "INTERVAL":
                guard let n = Int(value), n >= 1 else { return nil }
                interval = n
            case "COUNT":
                guard let n = Int(value), n >= 1 else { return nil }
                count = n
            case "UNTIL":
                guard let u = RecurrenceRule.until(value) else { return nil }
                until = u
            case "BYMONTH":
                guard let list = ints(1...12) else { return nil }
                months = list
            case "BYMONTHDAY":
                guard let list = ints(-31...31) else { return nil }
                monthDays = list
            case "BYSETPOS":
                guard let list = ints(-366...366) else { return nil }
                positions = list
            case "WKST":
                guard let day = Weekday(icsCode: value) else { return nil }
                weekStart = day
            case "BYDAY":
                for item in value.split(separator: ",", omittingEmptySubsequences: false) {
                    guard item.count >= 2, let day = Weekday(icsCode: item.suffix(2)) else { return nil }
                    let number = item.dropLast(2)
                    var ordinal = 0
                    if !number.isEmpty {
                        guard let n = Int(number.hasPrefix("+") ? String(number.dropFirst()) : String(number)), n != 0, (-53...53).contains(n) else { return nil }
                        ordinal = n
                    }
                    days.append(Day(day, ordinal))
                }
            default:
                exact = false
            }
        }
        guard let frequency else { return nil }
        if frequency == .daily || frequency == .weekly, days.contains(where: { $0.ordinal != 0 }) {
            // RFC 5545 allows ordinals only in monthly and yearly rules; as python-dateutil does, the weekday counts.
            days = days.map { Day($0.weekday) }
            exact = false
        }
        self.init(frequency: frequency, interval: interval, days: days, monthDays: monthDays, months: months,
                  positions: positions, count: count, until: until, weekStart: weekStart, kind: kind)
        // Kept verbatim only when something was left out; text that orders the parts differently is rewritten.
        if !exact { verbatim = body }
    }

    /// `20270301`, `20270301T090000Z` or `20270301T090000`.
    static func basic(_ until: Until) -> String {
        func pad(_ n: Int, _ width: Int = 2) -> String { String(repeating: "0", count: max(0, width - String(n).count)) + String(n) }
        func day(_ d: LocalDate) -> String { pad(d.year, 4) + pad(d.month) + pad(d.day) }
        func wall(_ w: LocalDateTime) -> String { day(w.date) + "T" + pad(w.hour) + pad(w.minute) + pad(w.second) }
        switch until {
        case .day(let d): return day(d)
        case .instant(let i): return wall(LocalDateTime(i, in: TimeZone(secondsFromGMT: 0) ?? .current)) + "Z"
        case .wallTime(let w): return wall(w)
        }
    }

    /// Reads `20270301`, `20270301T090000Z` or `20270301T090000`; nil for anything else.
    static func until(_ value: String) -> Until? {
        let chars = Array(value)
        func number(_ from: Int, _ length: Int) -> Int? {
            guard chars.count >= from + length else { return nil }
            let slice = chars[from..<(from + length)]
            guard slice.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int(String(slice))
        }
        guard let y = number(0, 4), let m = number(4, 2), let d = number(6, 2), (1...12).contains(m),
              d >= 1, d <= LocalDate.daysIn(month: m, year: y) else { return nil }
        let date = LocalDate(year: y, month: m, day: d)
        if chars.count == 8 { return .day(date) }
        guard chars.count == 15 || chars.count == 16, chars[8] == "T", let h = number(9, 2), let mi = number(11, 2), let s = number(13, 2),
              h < 24, mi < 60, s < 61 else { return nil }
        let wall = LocalDateTime(date: date, hour: h, minute: mi, second: min(s, 59))
        if chars.count == 16 {
            guard chars[15] == "Z" else { return nil }
            return .instant(wall.instant(in: TimeZone(secondsFromGMT: 0) ?? .current))
        }
        return .wallTime(wall)
    }
}
