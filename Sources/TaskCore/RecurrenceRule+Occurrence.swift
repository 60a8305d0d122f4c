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
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: due)
        let anchor = LocalDate(year: c.year ?? 1970, month: c.month ?? 1, day: c.day ?? 1)
        let dayOfMonth = anchorDay.map { min(max($0, 1), 31) } ?? anchor.day
        let (hour, minute, second) = (c.hour ?? 0, c.minute ?? 0, c.second ?? 0)
        var day = anchor
        var step = 0
        // Bounded so a bad rule can never loop forever; 100,000 steps covers centuries of days.
        while step < 100_000 {
            step += 1
            day = nextDay(after: day, anchor: anchor, anchorDay: dayOfMonth, step: step)
            let candidate = ISODate.wallClock(day, hour: hour, minute: minute, second: second, in: timeZone)
            if candidate > notBefore { return candidate }
        }
        return ISODate.wallClock(day, hour: hour, minute: minute, second: second, in: timeZone)
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
            let months = anchor.year * 12 + (anchor.month - 1) + step * interval
            let year = months / 12, month = months % 12 + 1
            return LocalDate(year: year, month: month, day: min(anchorDay, LocalDate.daysIn(month: month, year: year)))
        case .yearly:
            let year = anchor.year + step * interval
            return LocalDate(year: year, month: anchor.month, day: min(anchorDay, LocalDate.daysIn(month: anchor.month, year: year)))
        }
    }
}
