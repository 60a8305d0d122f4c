import Foundation

/// Occurrences by RFC 5545 §3.3.10, with the first due as DTSTART, on wall-clock days in the task's zone.
///
/// Each period (a day, a week from `weekStart`, a month, a year; every `interval`th from the one holding
/// the start) gives the days that pass every BY part — BYMONTH, BYMONTHDAY, BYDAY (an ordinal counts
/// within the month, or within the year in a yearly rule without BYMONTH) — then BYSETPOS picks among
/// them. With none of BYDAY and BYMONTHDAY the start supplies them, as RFC 5545 and python-dateutil do:
/// a weekly rule falls on the start's weekday, a monthly one on its day of month (a series from the 31st
/// skips shorter months), a yearly one on its day and month. Days before the start never count.
/// Every occurrence has the start's wall-clock time (9:00 stays 9:00 across DST; a time a DST change skips
/// moves on by the gap, a repeated one is the first). Where RFC 5545 and python-dateutil differ — a BYDAY
/// mixing `MO` with `1TU` — this follows RFC 5545 (either matches).
extension RecurrenceRule {
    /// The occurrence days of the series starting on `start`, ascending; COUNT and UNTIL are not applied
    /// (they need the time: `occurrences`). Ends with the year `throughYear` (at most 1,000 years on).
    public func days(from start: LocalDate, throughYear: Int? = nil) -> DaySequence {
        DaySequence(rule: self, start: start, lastYear: min(throughYear ?? Int.max, start.year + 1_000))
    }

    /// The first `limit` occurrences of the series whose first due is `start`, in `timeZone`, COUNT and
    /// UNTIL applied. A `dateOnly` series compares UNTIL by day.
    public func occurrences(from start: Date, in timeZone: TimeZone, dateOnly: Bool = false, limit: Int) -> [Date] {
        var out: [Date] = []
        let maximum = min(limit, count ?? Int.max)
        let wall = LocalDateTime(start, in: timeZone)
        for day in days(from: wall.date) {
            guard out.count < maximum else { break }
            let time = LocalDateTime(date: day, hour: wall.hour, minute: wall.minute, second: wall.second)
            let instant = time.instant(in: timeZone)
            if ends(before: time, instant, in: timeZone, dateOnly: dateOnly) { break }
            out.append(instant)
        }
        return out
    }

    /// Whether UNTIL has passed by an occurrence at wall time `time` (`instant`).
    func ends(before time: LocalDateTime, _ instant: Date, in timeZone: TimeZone, dateOnly: Bool) -> Bool {
        switch until {
        case nil: return false
        case .day(let last): return time.date > last
        case .instant(let last): return dateOnly ? time.date > LocalDate(last, in: timeZone) : instant > last
        case .wallTime(let last): return dateOnly ? time.date > last.date : time > last
        }
    }

    /// What completing the occurrence due at `due` brings: the next due and the rule it carries (COUNT less
    /// the occurrences passed), or nil when the series has ended (COUNT used up, UNTIL passed, no day left).
    ///
    /// - on schedule: the rule's next occurrence after `due`, even if it is past.
    /// - skip missed: the first after `due` that is not missed at `completed` (later than it; a `dateOnly`
    ///   one on its day or later). The skipped occurrences count against COUNT.
    /// - after completion: one interval on from the day of `completed` at `due`'s wall time, then the
    ///   rule's first occurrence from there.
    ///
    /// `keeping` is the series' wall-clock time (seconds into the day) when a DST gap moved `due` off it
    /// (a 2:00 series is due at 3:00 on the day clocks go forward): the next occurrences are at it again.
    public func next(after due: Date, dateOnly: Bool, in timeZone: TimeZone, completed: Date,
                     keeping timeOfDay: Int? = nil) -> (due: Date, rule: RecurrenceRule)? {
        var rule = self
        var wall = LocalDateTime(due, in: timeZone)
        if let timeOfDay { wall.secondsIntoDay = timeOfDay }
        if kind == .afterCompletion {
            if let count, count <= 1 { return nil }
            let day = step(LocalDate(completed, in: timeZone))
            let start = LocalDateTime(date: day, hour: wall.hour, minute: wall.minute, second: wall.second).instant(in: timeZone)
            var open = self
            open.count = nil
            guard let first = open.occurrences(from: start, in: timeZone, dateOnly: dateOnly, limit: 1).first else { return nil }
            rule.count = count.map { $0 - 1 }
            return (first, rule)
        }
        let today = LocalDate(completed, in: timeZone)
        var passed = 0
        for day in days(from: wall.date).prefix(200_000) {
            let time = LocalDateTime(date: day, hour: wall.hour, minute: wall.minute, second: wall.second)
            let instant = time.instant(in: timeZone)
            guard instant > due else { continue }
            if ends(before: time, instant, in: timeZone, dateOnly: dateOnly) { return nil }
            passed += 1
            if let count, passed >= count { return nil }
            let missed = dateOnly ? day < today : instant <= completed
            if kind == .skipMissed && missed { continue }
            rule.count = count.map { $0 - passed }
            return (instant, rule)
        }
        return nil
    }

    /// `day` moved on by one interval of the rule's frequency (months clamped to the month's end).
    func step(_ day: LocalDate) -> LocalDate {
        switch frequency {
        case .daily: day.adding(days: interval)
        case .weekly: day.adding(days: 7 * interval)
        case .monthly: day.adding(months: interval)
        case .yearly: day.adding(months: 12 * interval)
        }
    }

    /// The first occurrence after `due` that is later than `notBefore`, keeping `due`'s wall-clock time in
    /// `timeZone`; COUNT and UNTIL are not applied (a series' end is `next(after:dateOnly:in:completed:)`'s
    /// business). `due` itself when the rule has no later day. `anchorDay` (29–31), for a plain monthly
    /// rule (or a yearly one on Feb 29), is the day the series keeps to when a month is shorter
    /// (`keepingMonthEnd`): after Feb 28 anchored on the 31st comes Mar 31.
    public func nextOccurrence(after due: Date, in timeZone: TimeZone, notBefore: Date, anchorDay: Int? = nil) -> Date {
        var open = self
        open.count = nil
        open.until = nil
        let wall = LocalDateTime(due, in: timeZone)
        if let anchorDay, anchorDay >= 29, anchorDay <= 31 {
            open = open.keepingMonthEnd(from: LocalDate(year: 2000, month: frequency == .yearly ? wall.date.month : 1, day: anchorDay))
        }
        for day in open.days(from: wall.date).prefix(200_000) {
            let instant = LocalDateTime(date: day, hour: wall.hour, minute: wall.minute, second: wall.second).instant(in: timeZone)
            if instant > due && instant > notBefore { return instant }
        }
        return due
    }

    /// The first day on or after `day` that this rule gives for a series starting there: `day` itself
    /// for a plain rule, the nearest listed weekday (`every mon and thu` read on a Tuesday starts on
    /// Thursday), the next 1st for `BYMONTHDAY=1`. `day` when the rule gives none. The interval counts
    /// from that day, not from `day`'s period: `every other wednesday` read on a Saturday starts on the
    /// coming Wednesday, not the one after (the series' start is its first due, so the rest follows).
    public func firstDay(onOrAfter day: LocalDate) -> LocalDate {
        // The common rules, without building a day sequence: none of BYDAY or BYMONTHDAY (the start
        // supplies them, so `day` itself), or plain weekdays in a daily or weekly rule (the nearest).
        if monthDays.isEmpty, months.isEmpty, positions.isEmpty {
            if days.isEmpty { return day }
            if frequency == .daily || frequency == .weekly, days.allSatisfy({ $0.ordinal == 0 }) {
                let start = day.weekday.isoNumber
                let ahead = days.map { ($0.weekday.isoNumber - start + 7) % 7 }.min() ?? 0
                return day.adding(days: ahead)
            }
        }
        var open = self
        open.interval = 1
        return open.days(from: day).first { _ in true } ?? day
    }

    /// The occurrence after `day`, which is itself an occurrence and the series' start, for the rule the
    /// series will store (`keepingMonthEnd(from: day)`): monthly from Jan 31 is Feb 28.
    public func nextDay(after day: LocalDate) -> LocalDate {
        keepingMonthEnd(from: day).days(from: day).first { $0 > day } ?? day
    }
}

extension RecurrenceRule {
    /// The occurrence days of a rule from a start day, lazily and in order (see `days(from:)`).
    public struct DaySequence: Sequence, IteratorProtocol, Sendable {
        let frequency: Frequency
        let interval: Int
        let plainDays: Set<Weekday>
        let ordinalDays: [Day]
        let monthDays: [Int]
        let months: [Int]
        let positions: [Int]
        let start: LocalDate
        var period: LocalDate
        var buffer: [LocalDate] = []
        var index = 0
        let lastYear: Int

        init(rule: RecurrenceRule, start: LocalDate, lastYear: Int) {
            var days = rule.days, monthDays = rule.monthDays, months = rule.months
            if days.isEmpty && monthDays.isEmpty {
                switch rule.frequency {
                case .yearly:
                    if months.isEmpty { months = [start.month] }
                    monthDays = [start.day]
                case .monthly: monthDays = [start.day]
                case .weekly: days = [Day(start.weekday)]
                case .daily: break
                }
            }
            let ordinalsCount = rule.frequency == .monthly || rule.frequency == .yearly
            frequency = rule.frequency
            interval = rule.interval
            plainDays = Set(days.filter { $0.ordinal == 0 || !ordinalsCount }.map(\.weekday))
            ordinalDays = ordinalsCount ? days.filter { $0.ordinal != 0 } : []
            self.monthDays = monthDays
            self.months = months
            positions = rule.positions
            self.start = start
            self.lastYear = lastYear
            switch rule.frequency {
            case .daily: period = start
            case .weekly: period = start.adding(days: -((start.weekday.isoNumber - rule.weekStart.isoNumber + 7) % 7))
            case .monthly: period = LocalDate(year: start.year, month: start.month, day: 1)
            case .yearly: period = LocalDate(year: start.year, month: 1, day: 1)
            }
        }

        public mutating func next() -> LocalDate? {
            while index >= buffer.count {
                guard period.year <= lastYear else { return nil }
                buffer = candidates(period).filter { $0 >= start }
                index = 0
                switch frequency {
                case .daily: period = period.adding(days: interval)
                case .weekly: period = period.adding(days: 7 * interval)
                case .monthly: period = period.adding(months: interval, onDay: 1)
                case .yearly: period = LocalDate(year: period.year + interval, month: 1, day: 1)
                }
            }
            defer { index += 1 }
            return buffer[index]
        }

        /// The days of the period starting on `first` that pass the BY parts, BYSETPOS applied.
        func candidates(_ first: LocalDate) -> [LocalDate] {
            let kept: [LocalDate]
            if (frequency == .monthly || frequency == .yearly) && plainDays.isEmpty && ordinalDays.isEmpty && !monthDays.isEmpty {
                // Only days of the month: named directly, not found by walking every day of the period.
                let inPeriod = frequency == .monthly ? [first.month] : (months.isEmpty ? Array(1...12) : months)
                var days: [LocalDate] = []
                for m in inPeriod where months.isEmpty || months.contains(m) {
                    let length = LocalDate.daysIn(month: m, year: first.year)
                    let named = Set(monthDays.map { $0 > 0 ? $0 : length + $0 + 1 }.filter { (1...length).contains($0) })
                    days += named.sorted().map { LocalDate(year: first.year, month: m, day: $0) }
                }
                kept = days
            } else {
                var all: [LocalDate] = []
                switch frequency {
                case .daily: all = [first]
                case .weekly: all = (0..<7).map { first.adding(days: $0) }
                case .monthly: all = monthDaysOf(first.year, first.month)
                case .yearly:
                    for m in (months.isEmpty ? Array(1...12) : months) { all += monthDaysOf(first.year, m) }
                }
                kept = all.filter(passes)
            }
            guard !positions.isEmpty else { return kept }
            var picked: Set<LocalDate> = []
            for p in positions {
                let i = p > 0 ? p - 1 : kept.count + p
                if kept.indices.contains(i) { picked.insert(kept[i]) }
            }
            return picked.sorted()
        }

        func monthDaysOf(_ year: Int, _ month: Int) -> [LocalDate] {
            (1...LocalDate.daysIn(month: month, year: year)).map { LocalDate(year: year, month: month, day: $0) }
        }

        func passes(_ d: LocalDate) -> Bool {
            if !months.isEmpty && !months.contains(d.month) { return false }
            if !monthDays.isEmpty {
                let length = LocalDate.daysIn(month: d.month, year: d.year)
                guard monthDays.contains(where: { $0 > 0 ? $0 == d.day : length + $0 + 1 == d.day }) else { return false }
            }
            if plainDays.isEmpty && ordinalDays.isEmpty { return true }
            let weekday = d.weekday
            if plainDays.contains(weekday) { return true }
            guard ordinalDays.contains(where: { $0.weekday == weekday }) else { return false }
            // The scope an ordinal counts in: the month, or the year in a yearly rule without BYMONTH.
            let inYear = frequency == .yearly && months.isEmpty
            let scopeFirst = inYear ? LocalDate(year: d.year, month: 1, day: 1) : LocalDate(year: d.year, month: d.month, day: 1)
            let scopeLast = inYear ? LocalDate(year: d.year, month: 12, day: 31)
                : LocalDate(year: d.year, month: d.month, day: LocalDate.daysIn(month: d.month, year: d.year))
            let fromStart = (d.daysSinceEpoch - scopeFirst.daysSinceEpoch) / 7 + 1
            let fromEnd = -((scopeLast.daysSinceEpoch - d.daysSinceEpoch) / 7 + 1)
            return ordinalDays.contains { $0.weekday == weekday && ($0.ordinal == fromStart || $0.ordinal == fromEnd) }
        }
    }
}
