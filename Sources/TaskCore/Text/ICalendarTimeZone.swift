import Foundation

/// A zone of the system tz database as an iCalendar VTIMEZONE (RFC 5545 §3.6.5), and wall-clock
/// DATE-TIME values in it: what a `DUE;TZID=Europe/Berlin:20261206T180000` needs beside it so every
/// client expands a series at the same local time across DST.
///
/// The zone's offset changes are read from Foundation (the tz database) from the start of the year
/// before `fromYear`, for `years` years. When they follow two yearly rules — a DAYLIGHT and a STANDARD change on the
/// nth (or last) weekday of a month at one local time, as in the EU, the US or Australia — the
/// VTIMEZONE is those two components with `RRULE:FREQ=YEARLY;BYMONTH=…;BYDAY=…` (valid past the
/// window too); otherwise each change is its own component with its DTSTART. A zone without changes
/// is one STANDARD component. Each DTSTART is the local time before the change (RFC 5545).
public enum ICalendarTimeZone {
    /// `20261206T180000`: `date`'s wall-clock time in `zone`, the value of a DATE-TIME with a TZID.
    public static func local(_ date: Date, in zone: TimeZone) -> String {
        stamp(LocalDateTime(date, in: zone))
    }

    /// The `BEGIN:VTIMEZONE` … `END:VTIMEZONE` content lines for `zone`, right for every instant from
    /// the start of `fromYear`: its components start with the changes of the year before (a client
    /// reading a time before the first DTSTART guesses, and guesses wrong in the southern hemisphere).
    public static func lines(_ zone: TimeZone, fromYear year: Int, years: Int = 30) -> [String] {
        let utc = TimeZone(secondsFromGMT: 0) ?? zone
        let fromYear = year - 1
        let start = LocalDate(year: fromYear, month: 1, day: 1).startOfDay(in: utc)
        let end = LocalDate(year: fromYear + years, month: 1, day: 1).startOfDay(in: utc)
        var changes: [Change] = []
        var cursor = start
        while let next = zone.nextDaylightSavingTimeTransition(after: cursor), next < end, changes.count < 4 * years {
            let from = zone.secondsFromGMT(for: next.addingTimeInterval(-1)), to = zone.secondsFromGMT(for: next)
            if from != to {
                changes.append(Change(from: from, to: to, daylight: zone.isDaylightSavingTime(for: next),
                                      wall: LocalDateTime(next.addingTimeInterval(Double(from)), in: utc)))
            }
            cursor = next
        }
        var out = ["BEGIN:VTIMEZONE", "TZID:" + zone.identifier]
        if changes.isEmpty {
            let offset = offsetText(zone.secondsFromGMT(for: start))
            out += ["BEGIN:STANDARD", "DTSTART:\(fromYear)0101T000000", "TZOFFSETFROM:" + offset, "TZOFFSETTO:" + offset, "END:STANDARD"]
        } else if let rules = yearlyRules(changes, fromYear: fromYear, years: years) {
            for (change, rule) in rules { out += component(change, rule: rule) }
        } else {
            for change in changes { out += component(change, rule: nil) }
        }
        return out + ["END:VTIMEZONE"]
    }

    /// One change of offset: from and to (seconds east of UTC), whether it starts daylight time, and
    /// the wall-clock time it happens at in the offset before it.
    struct Change {
        var from: Int
        var to: Int
        var daylight: Bool
        var wall: LocalDateTime

        /// The yearly rule this change follows: its month, its weekday and which one in the month (-1 the last).
        var rule: (month: Int, weekday: Weekday, ordinal: Int) {
            let d = wall.date
            let ordinal = d.day + 7 > LocalDate.daysIn(month: d.month, year: d.year) ? -1 : (d.day - 1) / 7 + 1
            return (d.month, d.weekday, ordinal)
        }
    }

    /// The first change of each kind with its RRULE value, when every change in the window is one of
    /// two kinds (daylight on, daylight off), once a year each, each on its kind's weekday rule at its
    /// kind's local time and offsets; nil otherwise.
    static func yearlyRules(_ changes: [Change], fromYear: Int, years: Int) -> [(Change, String)]? {
        let kinds = Dictionary(grouping: changes, by: \.daylight)
        guard kinds.count == 2 else { return nil }
        var out: [(Change, String)] = []
        for daylight in [true, false] {
            guard let list = kinds[daylight], let first = list.first else { return nil }
            let rule = first.rule
            // Once a year, every year from the first, each on the rule's day at the same time and offsets.
            guard list.count == years - (first.wall.date.year - fromYear) else { return nil }
            for (i, c) in list.enumerated() {
                guard c.wall.date.year == first.wall.date.year + i, c.from == first.from, c.to == first.to,
                      c.wall.secondsIntoDay == first.wall.secondsIntoDay,
                      c.wall.date == day(rule.ordinal, rule.weekday, month: rule.month, year: c.wall.date.year) else { return nil }
            }
            let code = String(rule.weekday.rawValue.prefix(2)).uppercased()
            out.append((first, "FREQ=YEARLY;BYMONTH=\(rule.month);BYDAY=\(rule.ordinal)\(code)"))
        }
        return out
    }

    /// The `ordinal`th `weekday` of a month (-1: the last).
    static func day(_ ordinal: Int, _ weekday: Weekday, month: Int, year: Int) -> LocalDate {
        if ordinal < 0 {
            let last = LocalDate(year: year, month: month, day: LocalDate.daysIn(month: month, year: year))
            return last.adding(days: -((last.weekday.isoNumber - weekday.isoNumber + 7) % 7))
        }
        return LocalDate(year: year, month: month, day: 1).onOrAfter(weekday).adding(days: 7 * (ordinal - 1))
    }

    private static func component(_ c: Change, rule: String?) -> [String] {
        let kind = c.daylight ? "DAYLIGHT" : "STANDARD"
        var lines = ["BEGIN:" + kind, "DTSTART:" + stamp(c.wall), "TZOFFSETFROM:" + offsetText(c.from), "TZOFFSETTO:" + offsetText(c.to)]
        if let rule { lines.append("RRULE:" + rule) }
        return lines + ["END:" + kind]
    }

    /// `+0100`, `-0330`, `+054500` (seconds only when there are some).
    static func offsetText(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+", s = abs(seconds)
        return sign + pad(s / 3600) + pad(s % 3600 / 60) + (s % 60 == 0 ? "" : pad(s % 60))
    }

    private static func stamp(_ wall: LocalDateTime) -> String {
        let d = wall.date
        return pad(d.year, 4) + pad(d.month) + pad(d.day) + "T" + pad(wall.hour) + pad(wall.minute) + pad(wall.second)
    }

    private static func pad(_ n: Int, _ width: Int = 2) -> String {
        String(repeating: "0", count: max(0, width - String(n).count)) + String(n)
    }
}
