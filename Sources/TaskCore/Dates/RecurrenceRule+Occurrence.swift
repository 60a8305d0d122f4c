import Foundation

extension RecurrenceRule {
    /// The next due date after `due` by this rule, keeping `due`'s wall-clock time in `timeZone`
    /// (so 9:00 stays 9:00 across a DST change), and stepping on until it is later than `notBefore`.
    ///
    /// - daily: every `interval` days; with weekdays, only on those days.
    /// - weekly: every `interval` weeks; with weekdays, the next listed weekday after `due`'s day in
    ///   the same week, else the first listed weekday `interval` weeks on (weeks start on Monday).
    /// - monthly: day `anchorDay` `interval` months on, clamped to the month's last day.
    /// - yearly: day `anchorDay` of `due`'s month `interval` years on, clamped likewise.
    ///
    /// `anchorDay` is the day of month the series was set up on (31 for "Jan 31, monthly"): it keeps
    /// a clamped occurrence from becoming the new anchor, so Feb 28 is followed by Mar 31, and a
    /// Feb 28 that stands for Feb 29 returns to Feb 29 in leap years. Nil uses `due`'s own day.
    /// Daily and weekly rules ignore it.
    public func nextOccurrence(after due: Date, in timeZone: TimeZone, notBefore: Date, anchorDay: Int? = nil) -> Date {
        var wall = LocalDateTime(due, in: timeZone)
        let anchor = wall.date
        let dayOfMonth = anchorDay.map { min(max($0, 1), 31) } ?? anchor.day
        var step = 0
        // Bounded so a bad rule can never loop forever; 100,000 steps covers centuries of days.
        while step < 100_000 {
            step += 1
            wall.date = nextDay(after: wall.date, anchor: anchor, anchorDay: dayOfMonth, step: step)
            let candidate = wall.instant(in: timeZone)
            if candidate > notBefore { return candidate }
        }
        return wall.instant(in: timeZone)
    }

    /// The first day on or after `day` that this rule allows: `day` itself, or with weekdays the
    /// nearest listed one (`every mon and thu` read on a Tuesday starts on Thursday).
    public func firstDay(onOrAfter day: LocalDate) -> LocalDate {
        weekdays.map { day.onOrAfter($0) }.min() ?? day
    }

    /// The occurrence after `day`, which is itself an occurrence and the series' anchor.
    public func nextDay(after day: LocalDate) -> LocalDate {
        nextDay(after: day, anchor: day, anchorDay: day.day, step: 1)
    }

    /// The day of occurrence number `step` (1-based) after `anchor`; `day` is occurrence `step - 1`.
    /// Monthly and yearly rules count months or years from `anchor` and land on `anchorDay`, clamped.
    func nextDay(after day: LocalDate, anchor: LocalDate, anchorDay: Int, step: Int) -> LocalDate {
        switch frequency {
        case .daily:
            guard !weekdays.isEmpty else { return day.adding(days: interval) }
            var next = day.adding(days: interval)
            var guardCount = 0
            while !weekdays.contains(next.weekday) && guardCount < 7 * 7 {
                next = next.adding(days: interval)
                guardCount += 1
            }
            return next
        case .weekly:
            guard !weekdays.isEmpty else { return day.adding(days: 7 * interval) }
            let current = day.weekday.isoNumber
            if let later = weekdays.first(where: { $0.isoNumber > current }) {
                return day.adding(days: later.isoNumber - current)
            }
            let monday = day.adding(days: 1 - current)
            return monday.adding(days: 7 * interval + (weekdays[0].isoNumber - 1))
        case .monthly:
            return anchor.adding(months: step * interval, onDay: anchorDay)
        case .yearly:
            return anchor.adding(months: 12 * step * interval, onDay: anchorDay)
        }
    }
}
