import TaskCore

/// A calendar day as a count of days since 1970-01-01, so date arithmetic is integer arithmetic.
///
/// The parser's hot path never touches `Calendar`: it moves between days, weekdays and months here
/// and turns a day and a wall time into an instant once, at the end (`ZoneClock`).
struct CivilDay: Sendable, Hashable, Comparable {
    /// Days since 1970-01-01 (negative before it).
    var number: Int

    init(number: Int) { self.number = number }

    /// The day with this year, month and day (which must be a real calendar day).
    init(year: Int, month: Int, day: Int) {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        number = era * 146_097 + doe - 719_468
    }

    init(_ date: LocalDate) { self.init(year: date.year, month: date.month, day: date.day) }

    /// Year, month and day (Hinnant's civil_from_days).
    var components: (year: Int, month: Int, day: Int) {
        let z = number + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    var localDate: LocalDate {
        let c = components
        return LocalDate(year: c.year, month: c.month, day: c.day)
    }

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
