import Foundation

/// A rule in English, the one place it is said: the capture chips (TaskNL `ChipText`), list lines and
/// messages all use `text`.
///
/// `Every day`, `Every weekday`, `Every 2 weeks on Sunday`, `Every Mon, Thu`, `Every 2nd and 4th Fri`,
/// `Monthly on the last Fri`, `Monthly on the 15th`, `Monthly on the last weekday`, `Every year on 15 Mar`,
/// then `, 10 times` or `, until 1 Mar 2027`, then the kind when it is not the default:
/// `, on schedule` or ` after done`.
extension RecurrenceRule {
    public var text: String {
        var s = ruleText
        if let count { s += count == 1 ? ", once" : ", \(count) times" }
        if let until { s += ", until " + RecurrenceRule.untilText(until) }
        switch kind {
        case .skipMissed: break
        case .onSchedule: s += ", on schedule"
        case .afterCompletion: s += " after done"
        }
        return s
    }

    static let weekdayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    static let weekdayAbbreviations = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    static let monthAbbreviations = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    private var ruleText: String {
        let n = interval
        func every(_ one: String, _ many: String) -> String { n == 1 ? "Every \(one)" : "Every \(n) \(many)" }
        let plain = weekdays
        let ordinals = days.filter { $0.ordinal != 0 }
        switch frequency {
        case .daily, .weekly:
            let unit = frequency == .daily ? ("day", "days") : ("week", "weeks")
            var s: String
            if plain.isEmpty {
                s = every(unit.0, unit.1)
            } else if n == 1 {
                if plain == [.mon, .tue, .wed, .thu, .fri] {
                    s = "Every weekday"
                } else if plain == [.sat, .sun] {
                    s = "Every weekend"
                } else {
                    s = "Every " + RecurrenceRule.weekdayList(plain)
                }
            } else {
                s = "Every \(n) \(unit.1) on " + RecurrenceRule.weekdayList(plain)
            }
            if !months.isEmpty { s += " in " + monthList }
            if !monthDays.isEmpty { s += " on the " + monthDayList }
            if !positions.isEmpty { s += " (" + RecurrenceRule.ordinalList(positions) + " of each)" }
            return s
        case .monthly:
            if let d = monthEndDay {
                return (n == 1 ? "Monthly" : "Every \(n) months") + " on the " + RecurrenceRule.ordinalWord(d) + " or the last day"
            }
            let selector = daySelector
            var s: String
            if selector.isEmpty {
                s = every("month", "months")
            } else if n == 1, ordinals.count >= 2, plain.isEmpty, monthDays.isEmpty, positions.isEmpty,
                      Set(ordinals.map(\.weekday)).count == 1 {
                s = "Every " + RecurrenceRule.ordinalList(ordinals.map(\.ordinal)) + " " + RecurrenceRule.weekdayAbbreviations[ordinals[0].weekday.isoNumber - 1]
            } else {
                s = (n == 1 ? "Monthly" : "Every \(n) months") + " on " + selector
            }
            if !months.isEmpty { s += " in " + monthList }
            return s
        case .yearly:
            if monthEndDay != nil { return every("year", "years") + " on 29 Feb or the last day of Feb" }
            if months.count == 1, monthDays.count == 1, monthDays[0] > 0, days.isEmpty, positions.isEmpty {
                return every("year", "years") + " on \(monthDays[0]) " + monthList
            }
            var s = every("year", "years")
            let selector = daySelector
            if !selector.isEmpty { s += " on " + selector }
            if !months.isEmpty { s += (selector.isEmpty ? " in " : " of ") + monthList }
            return s
        }
    }

    /// `the last Fri`, `the 2nd and 4th Fri`, `the 15th`, `the last day`, `the last weekday`; "" when the rule names no day.
    private var daySelector: String {
        var parts: [String] = []
        let plain = weekdays
        let ordinals = days.filter { $0.ordinal != 0 }
        var positionsSaid = false
        if !plain.isEmpty {
            if !positions.isEmpty && ordinals.isEmpty && monthDays.isEmpty {
                let what = plain == [.mon, .tue, .wed, .thu, .fri] ? "weekday" : plain == [.sat, .sun] ? "weekend day"
                    : plain.map { RecurrenceRule.weekdayAbbreviations[$0.isoNumber - 1] }.joined(separator: " or ")
                parts.append("the " + RecurrenceRule.ordinalList(positions) + " " + what)
                positionsSaid = true
            } else {
                parts.append("every " + RecurrenceRule.weekdayList(plain))
            }
        }
        if !ordinals.isEmpty {
            if Set(ordinals.map(\.weekday)).count == 1 {
                parts.append("the " + RecurrenceRule.ordinalList(ordinals.map(\.ordinal)) + " " + RecurrenceRule.weekdayAbbreviations[ordinals[0].weekday.isoNumber - 1])
            } else {
                parts.append("the " + RecurrenceRule.joined(ordinals.map { RecurrenceRule.ordinalWord($0.ordinal) + " " + RecurrenceRule.weekdayAbbreviations[$0.weekday.isoNumber - 1] }))
            }
        }
        if !monthDays.isEmpty { parts.append("the " + monthDayList) }
        if !positions.isEmpty && !positionsSaid { parts.append("(" + RecurrenceRule.ordinalList(positions) + " of them)") }
        return parts.joined(separator: " ")
    }

    /// `15th`, `1st and 15th`, `last day`, `2nd to last day`.
    private var monthDayList: String {
        RecurrenceRule.ordinalList(monthDays) + (monthDays.contains { $0 < 0 } ? " day" : "")
    }

    private var monthList: String {
        RecurrenceRule.joined(months.map { RecurrenceRule.monthAbbreviations[$0 - 1] })
    }

    /// `Monday` for one day, `Mon, Thu` for several.
    static func weekdayList(_ days: [Weekday]) -> String {
        days.count == 1 ? weekdayNames[days[0].isoNumber - 1] : days.map { weekdayAbbreviations[$0.isoNumber - 1] }.joined(separator: ", ")
    }

    /// `1st`, `2nd`, `23rd`, `last`, `2nd to last`.
    static func ordinalWord(_ n: Int) -> String {
        if n == -1 { return "last" }
        if n < 0 { return ordinalWord(-n) + " to last" }
        let suffix = (11...13).contains(n % 100) ? "th" : n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th"
        return "\(n)\(suffix)"
    }

    /// `2nd and 4th`, `1st, 3rd and last`.
    static func ordinalList(_ numbers: [Int]) -> String {
        joined(numbers.sorted { ($0 < 0 ? 1000 - $0 : $0) < ($1 < 0 ? 1000 - $1 : $1) }.map(ordinalWord))
    }

    static func joined(_ words: [String]) -> String {
        words.count <= 1 ? words.joined() : words.dropLast().joined(separator: ", ") + " and " + (words.last ?? "")
    }

    /// `1 Mar 2027`, `1 Mar 2027 09:00`, `1 Mar 2027 09:00 UTC`.
    static func untilText(_ until: Until) -> String {
        func day(_ d: LocalDate) -> String { "\(d.day) \(monthAbbreviations[d.month - 1]) \(d.year)" }
        func time(_ w: LocalDateTime) -> String { (w.hour < 10 ? "0" : "") + "\(w.hour):" + (w.minute < 10 ? "0" : "") + "\(w.minute)" }
        switch until {
        case .day(let d): return day(d)
        case .instant(let i):
            let w = LocalDateTime(i, in: TimeZone(secondsFromGMT: 0) ?? .current)
            return day(w.date) + " " + time(w) + " UTC"
        case .wallTime(let w): return day(w.date) + " " + time(w)
        }
    }
}
