/// Moving between calendar days: by days, by months (clamped to the month's end), to a weekday.
extension LocalDate {
    /// The day `days` later (earlier when negative).
    public func adding(days: Int) -> LocalDate {
        LocalDate(daysSinceEpoch: daysSinceEpoch + days)
    }

    /// The day `months` later (earlier when negative) on day `dayOfMonth` (this day's own when nil),
    /// clamped to that month's last day: 31 Jan + 1 month is 28 Feb, or 29 Feb in a leap year.
    public func adding(months: Int, onDay dayOfMonth: Int? = nil) -> LocalDate {
        let total = year * 12 + (month - 1) + months
        let y = LocalDate.floorDiv(total, 12)
        let m = total - y * 12 + 1
        return LocalDate(year: y, month: m, day: min(dayOfMonth ?? day, LocalDate.daysIn(month: m, year: y)))
    }

    /// The weekday of this day (1970-01-01 was a Thursday).
    public var weekday: Weekday {
        Weekday.allCases[((daysSinceEpoch + 3) % 7 + 7) % 7]
    }

    /// Monday of this day's week (weeks start on Monday).
    public var mondayOfWeek: LocalDate { adding(days: 1 - weekday.isoNumber) }

    /// The first day on or after this one that falls on `weekday`.
    public func onOrAfter(_ weekday: Weekday) -> LocalDate {
        adding(days: (weekday.isoNumber - self.weekday.isoNumber + 7) % 7)
    }
}
