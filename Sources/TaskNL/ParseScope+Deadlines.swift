import Foundation

/// Deadlines said the way people say them (issue 42): `before 6`, `by 5`, `by end of day`.
extension ParseScope {
    /// Whether the bare number at `j` is an hour because `by` or `before` comes right before it and
    /// nothing but the end, punctuation or another reading follows (`pick up the dry cleaning before
    /// 6`; not `grow sales by 5 percent`). It then takes the bare-hour rule as `at 6` does (1–7 PM,
    /// 8–11 AM), and a time that has passed today is tomorrow's.
    func isDeadlineHour(at j: Int, _ clock: ClockText) -> Bool {
        guard j > 0, word(j - 1) == "by" || word(j - 1) == "before", clock.hour >= 1, clock.hour <= 12 else { return false }
        return j + 1 >= count || mayStartReading(at: j + 1) || word(j + 1).allSatisfy { $0.isPunctuation }
    }

    /// `eod`, `end of day`, `end of the day` at `j` (`the end of the day` after a connector): 5 PM, the end of a working day; said after 5 PM,
    /// 11:59 PM, the end of the day itself, so that a deadline said in the evening is never moved to
    /// the next day. Nil otherwise.
    func endOfDay(at j: Int) -> TimeMatch? {
        let end: Int
        switch word(j) {
        case "the" where word(j + 1) == "end": return endOfDay(at: j + 1)  // `by the end of the day`, after its connector
        case "eod": end = j + 1
        case "end" where word(j + 1) == "of" && word(j + 2) == "day": end = j + 3
        case "end" where word(j + 1) == "of" && word(j + 2) == "the" && word(j + 3) == "day": end = j + 4
        default: return nil
        }
        return now >= today.instant(hour: 17, minute: 0, in: timeZone) ? TimeMatch(hour: 23, minute: 59, bare: false, end: end) : TimeMatch(hour: 17, minute: 0, bare: false, end: end)
    }
}
