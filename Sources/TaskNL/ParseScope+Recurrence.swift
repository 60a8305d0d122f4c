import TaskCore

/// A repeat rule read from the input, with the day part said with it (`every tuesday evening`).
struct RecurrenceMatch: Sendable {
    var rule: RecurrenceRule
    var dayPart: DayPart?
    var end: Int
}

extension ParseScope {
    /// `daily` `weekly` `monthly` `yearly`, `every day|weekday|week|month|year|weekend`, `every 3 days`,
    /// `every other week`, `every monday`, `every mon and thu`, optionally followed by a day part.
    /// Connectors directly before an `every …` rule leave with it (`standup on every monday`, `due by
    /// every friday`); before the one-word forms (`daily`, `weekly`) they stay, since those words are
    /// often adjectives (`report on weekly sales`).
    func readRecurrence(at i: Int) -> RecurrenceMatch? {
        var k = i
        while k < count, lexeme(k).isConnector { k += 1 }
        if k > i, word(k) != "every" { return nil }
        guard var match = readRule(at: k) else { return nil }
        if let part = lexeme(match.end).dayPart {
            match.dayPart = part
            match.end += 1
        }
        return match
    }

    private func readRule(at i: Int) -> RecurrenceMatch? {
        func rule(_ f: RecurrenceRule.Frequency, _ n: Int = 1, _ days: [Weekday] = [], end: Int) -> RecurrenceMatch {
            RecurrenceMatch(rule: RecurrenceRule(frequency: f, interval: n, weekdays: days), end: end)
        }
        switch word(i) {
        case "daily": return rule(.daily, end: i + 1)
        case "weekly": return rule(.weekly, end: i + 1)
        case "fortnightly": return rule(.weekly, 2, end: i + 1)
        case "monthly": return rule(.monthly, end: i + 1)
        case "yearly", "annually": return rule(.yearly, end: i + 1)
        case "every": break
        default: return nil
        }
        let w = word(i + 1)
        switch w {
        case "day": return rule(.daily, end: i + 2)
        case "weekday": return rule(.weekly, 1, [.mon, .tue, .wed, .thu, .fri], end: i + 2)
        case "weekend": return rule(.weekly, 1, [.sat, .sun], end: i + 2)
        case "week": return rule(.weekly, end: i + 2)
        case "month": return rule(.monthly, end: i + 2)
        case "year": return rule(.yearly, end: i + 2)
        default: break
        }
        var interval: Int?
        if w == "other" { interval = 2 } else if let n = number(i + 1), n >= 1, n <= 1_000 { interval = n }
        if let interval {
            switch word(i + 2) {
            case "day", "days": return rule(.daily, interval, end: i + 3)
            case "week", "weeks": return rule(.weekly, interval, end: i + 3)
            case "month", "months": return rule(.monthly, interval, end: i + 3)
            case "year", "years": return rule(.yearly, interval, end: i + 3)
            default: return nil
            }
        }
        var days: [Weekday] = []
        var j = i + 1
        while let day = weekday(at: j) {
            days.append(day)
            j += 1
            if word(j) == "and" || word(j) == "&", weekday(at: j + 1) != nil { j += 1 }
        }
        return days.isEmpty ? nil : rule(.weekly, 1, days, end: j)
    }

    /// `defer to friday`, `defer until jun 1`, `starting next week`, `start monday`: the day and the end.
    func readDefer(at i: Int) -> (day: LocalDate, end: Int)? {
        var j = i + 1
        switch word(i) {
        case "defer":
            if ["to", "until", "till"].contains(word(j)) { j += 1 }
        case "starting", "start", "starts":
            if ["on", "from"].contains(word(j)) { j += 1 }
        default:
            return nil
        }
        guard let d = readDay(at: j, afterConnector: j > i + 1), d.dayPart == nil else { return nil }
        return (d.day, d.end)
    }
}
