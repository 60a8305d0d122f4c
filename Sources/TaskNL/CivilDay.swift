import TaskCore

/// A calendar day as a count of days since 1970-01-01, so date arithmetic is integer arithmetic
/// (the conversions are `LocalDate`'s).
///
/// The parser's hot path never touches `Calendar`: it moves between days, weekdays and months here
/// and turns a day and a wall time into an instant once, at the end (`ZoneClock`).
struct CivilDay: Sendable, Hashable, Comparable {
    /// Days since 1970-01-01 (negative before it).
    var number: Int

    init(number: Int) { self.number = number }

    /// The day with this year, month and day (which must be a real calendar day).
    init(year: Int, month: Int, day: Int) {
        number = LocalDate(year: year, month: month, day: day).daysSinceEpoch
    }

    init(_ date: LocalDate) { number = date.daysSinceEpoch }

    /// Year, month and day.
    var components: (year: Int, month: Int, day: Int) {
        let date = localDate
        return (date.year, date.month, date.day)
    }

    var localDate: LocalDate { LocalDate(daysSinceEpoch: number) }

    /// 1 for Monday up to 7 for Sunday.
    var isoWeekday: Int {
        let r = (number + 3) % 7  // 1970-01-01 was a Thursday
        return (r < 0 ? r + 7 : r) + 1
    }

    var weekday: Weekday { Weekday.allCases[isoWeekday - 1] }

    func adding(days: Int) -> CivilDay { CivilDay(number: number + days) }

    /// The same day `months` later, clamped to the target month's last day (31 Jan + 1 month = 28/29 Feb).
    func adding(months: Int) -> CivilDay {
        let c = components
        let total = c.year * 12 + (c.month - 1) + months
        let year = total >= 0 ? total / 12 : (total - 11) / 12
        let month = total - year * 12 + 1
        return CivilDay(year: year, month: month, day: min(c.day, LocalDate.daysIn(month: month, year: year)))
    }

    /// Monday of this day's week (weeks start on Monday).
    var mondayOfWeek: CivilDay { adding(days: 1 - isoWeekday) }

    /// The first day on or after this one that falls on `weekday`.
    func onOrAfter(_ weekday: Weekday) -> CivilDay {
        adding(days: (weekday.isoNumber - isoWeekday + 7) % 7)
    }

    static func < (a: CivilDay, b: CivilDay) -> Bool { a.number < b.number }
}
