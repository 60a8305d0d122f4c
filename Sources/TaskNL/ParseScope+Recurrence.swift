import TaskCore

/// A repeat rule read from the input, with the day part said with it (`every tuesday evening`).
struct RecurrenceMatch: Sendable {
    var rule: RecurrenceRule
    var dayPart: DayPart?
    var end: Int
    /// Said as plural days alone (`on sundays`): after an open weekly rule (`fortnightly … on sundays`) it gives its days.
    var plural = false
}

/// Which days of a month a phrase names: `the 1st`, `the 1st and 15th`, `the last day`, `the last
/// weekday`, `the first monday`, `the 2nd and 4th friday`.
struct MonthDaySpec: Sendable {
    var days: [RecurrenceRule.Day] = []
    var monthDays: [Int] = []
    var positions: [Int] = []
    var end: Int
    /// Whether it names weekdays (`2nd and 4th friday`), which need no `of the month` after `every`.
    var namesWeekday: Bool { !days.isEmpty && positions.isEmpty }
}

extension ParseScope {
    /// `daily` `weekly` `monthly` `yearly`, `every day|weekday|week|month|year|weekend`, `every 3 days`,
    /// `every other week`, `every monday`, `every mon and thu`, optionally followed by a day part.
    /// Connectors directly before an `every …` rule leave with it (`standup on every monday`, `due by
    /// every friday`); before the one-word forms (`daily`, `weekly`) they stay, since those words are
    /// often adjectives (`report on weekly sales`).
    ///
    /// Days of the month (issue 40): `on the 1st of every month`, `on the last friday of each month`,
    /// `every first tuesday of the month`, `every 2nd and 4th friday`, `every last weekday of the
    /// month`, `every 10th of the month`, `monthly on the last day`, `quarterly on the 15th`,
    /// `fortnightly on sundays`, `every other wednesday`.
    func readRecurrence(at i: Int) -> RecurrenceMatch? {
        var k = i
        while k < count, lexeme(k).isConnector { k += 1 }
        var found: RecurrenceMatch?
        let onlyOn = (i..<k).allSatisfy { word($0) == "on" }
        let specAt = word(k) == "the" ? k + 1 : k
        // Not the tail of a phrase the grammar did not read: `2nd to the last friday of each month`.
        let before = word(i - 1)
        func isTail(_ w: Int) -> Bool { ["to", "and", "&", ","].contains(word(w)) || ordinal(w) != nil }
        let tail = isTail(i - 1) || (before == "the" && isTail(i - 2))
        // No reader starts at `the` (`mayStartReading`); `the 4th of every month` is read from `4th`.
        if onlyOn, !tail, specAt == k + 1 ? k > i : true, let spec = readMonthDaySpec(at: specAt), let of = ofEveryMonthEnd(at: spec.end, every: false) {
            // `on the 1st of every month`, `first friday of every other month`
            found = RecurrenceMatch(rule: RecurrenceRule(frequency: .monthly, interval: of.interval, days: spec.days, monthDays: spec.monthDays, positions: spec.positions), end: of.end)
        } else if let days = readPluralDays(at: k) {
            // `on tuesdays`, `weekdays`, `mondays and thursdays`
            found = RecurrenceMatch(rule: RecurrenceRule(frequency: .weekly, weekdays: days.days), end: days.end, plural: true)
        } else {
            if k > i, word(k) != "every" { return nil }
            found = readRule(at: k)
        }
        guard var match = found else { return nil }
        match = readRuleDays(after: match)
        // Then, in any order: a day part, an end (`until march`, `for 10 times`) and the kind (`after I do it`).
        while true {
            if match.dayPart == nil, let part = lexeme(match.end).dayPart {
                match.dayPart = part
                match.end += 1
            } else if match.dayPart == nil, word(match.end) == "night" {
                match.dayPart = .evening
                match.end += 1
            } else if match.rule.count == nil, match.rule.until == nil, let end = readRuleEnd(at: match.end, into: &match.rule) {
                match.end = end
            } else if match.rule.kind != .afterCompletion, let end = afterCompletionEnd(at: match.end) {
                match.rule.kind = .afterCompletion
                match.end = end
            } else if match.rule.frequency == .daily, match.rule.interval == 1, word(match.end) == "except",
                let end = weekendsEnd(at: match.end + 1)
            {
                // `daily except weekends`: every weekday
                match.rule = RecurrenceRule(frequency: .weekly, weekdays: [.mon, .tue, .wed, .thu, .fri]).with(kind: match.rule.kind)
                match.end = end
            } else {
                break
            }
        }
        return match
    }

    /// `weekends`, `on weekends`, `for weekends`, `the weekend` at `i`: its end.
    private func weekendsEnd(at i: Int) -> Int? {
        let j = word(i) == "on" || word(i) == "for" ? i + 1 : i
        if word(j) == "weekends" { return j + 1 }
        if word(j) == "the", word(j + 1) == "weekend" { return j + 2 }
        return nil
    }

    /// `after I do it`, `after I've done it`, `after completion`, `from completion`, `after done`,
    /// `after I finish it`, `after completing it` at `i`: its end.
    private func afterCompletionEnd(at i: Int) -> Int? {
        guard word(i) == "after" || word(i) == "from" else { return nil }
        if word(i + 1) == "completion" || (word(i) == "after" && (word(i + 1) == "done" || word(i + 1) == "completing")) {
            return word(i + 1) == "completing" && word(i + 2) == "it" ? i + 3 : i + 2
        }
        guard word(i) == "after", word(i + 1) == "i" || word(i + 1) == "i've" || word(i + 1) == "it's" else { return nil }
        var j = i + 2
        if word(i + 1) == "i" && word(j) == "have" { j += 1 }
        guard ["do", "did", "done", "finish", "finished", "complete", "completed"].contains(word(j)) else { return nil }
        if word(i + 1) == "it's" { return j + 1 }
        return word(j + 1) == "it" ? j + 2 : j + 1
    }

    /// A series' end at `i`: `for 10 times`, `10 times`, `for 5 occurrences`, `10x`, `twice`, `up to 7x`
    /// (COUNT), `until march`, `until jun 1` (UNTIL, the day itself included). Its end, with `rule` set.
    private func readRuleEnd(at i: Int, into rule: inout RecurrenceRule) -> Int? {
        var j = i
        if word(j) == "twice" { rule.count = 2; return j + 1 }
        if word(j) == "until" || word(j) == "till" || word(j) == "through" {
            if let d = readDay(at: j + 1, afterConnector: true), !d.unsure, d.dayPart == nil, d.day >= today {
                rule.until = .day(d.day)
                return d.end
            }
            if let m = Vocabulary.months[word(j + 1)], dayNumber(j + 2) == nil {
                // `until march`: until the month starts, as the sources read it
                let year = m > today.month ? today.year : today.year + 1
                rule.until = .day(LocalDate(year: year, month: m, day: 1))
                return j + 2
            }
            return nil
        }
        if word(j) == "for" { j += 1 } else if word(j) == "up", word(j + 1) == "to" { j += 2 }
        // `10x`
        let w = word(j)
        if w.hasSuffix("x"), let n = Int(w.dropLast()), n >= 1, n <= 1_000 {
            rule.count = n
            return j + 1
        }
        guard let n = count(j), n >= 1, n <= 1_000, ["times", "occurrences", "x"].contains(word(j + 1)) else { return nil }
        rule.count = n
        return j + 2
    }

    /// `of every month`, `of each month`, `of every other month`, `of every 3 months`, `of the month`
    /// (only when `every` was said before: `pay rent on the 1st of the month` is one day) at `i`: its
    /// end and the interval in months.
    private func ofEveryMonthEnd(at i: Int, every: Bool) -> (end: Int, interval: Int)? {
        guard word(i) == "of" else { return nil }
        switch word(i + 1) {
        case "every", "each":
            if word(i + 2) == "month" { return (i + 3, 1) }
            if word(i + 1) == "every", word(i + 2) == "other", word(i + 3) == "month" { return (i + 4, 2) }
            if word(i + 1) == "every", let n = number(i + 2), n >= 2, n <= 12, word(i + 3) == "months" { return (i + 4, n) }
            return nil
        case "the": return every && word(i + 2) == "month" ? (i + 3, 1) : nil
        default: return nil
        }
    }

    /// A day of a year at `i`: `march 3`, `march 3rd`, `dec 21st and 31st`, `3 march`, `the 4th of july`:
    /// the month, the days and the end. Nil when a year follows (one date, not a yearly day).
    func readMonthAndDay(at i: Int) -> (month: Int, days: [Int], end: Int)? {
        func valid(_ m: Int, _ days: [Int]) -> Bool { days.allSatisfy { $0 <= [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1] } }
        if let m = Vocabulary.months[word(i)], let d = dayNumber(i + 1) {
            var days = [d]
            var j = i + 2
            while ["and", "&", ","].contains(word(j)), let e = dayNumber(j + 1), number(j + 1) == nil {
                days.append(e)
                j += 2
            }
            guard valid(m, days), number(j) == nil else { return nil }
            return (m, days, j)
        }
        let k = word(i) == "the" ? i + 1 : i
        if let d = dayNumber(k) {
            let of = word(k + 1) == "of" ? k + 2 : k + 1
            guard let m = Vocabulary.months[word(of)], valid(m, [d]), number(of + 1) == nil else { return nil }
            return (m, [d], of + 1)
        }
        return nil
    }

    /// `in november`, `of november` after an ordinal weekday: the month and the end.
    private func inMonth(at i: Int) -> (month: Int, end: Int)? {
        guard word(i) == "in" || word(i) == "of", let m = Vocabulary.months[word(i + 1)] else { return nil }
        return (m, i + 2)
    }

    /// An ordinal at `i`: `first`…`fifth`, `1st`…`5th` (any day number with a suffix when `upTo` is 31), `last`.
    private func ordinal(_ i: Int, upTo limit: Int = 5) -> Int? {
        switch word(i) {
        case "first": return 1
        case "second": return 2
        case "third": return 3
        case "fourth": return 4
        case "fifth": return 5
        case "last": return -1
        default:
            guard i >= 0, number(i) == nil, let n = dayNumber(i), n <= limit else { return nil }
            return n
        }
    }

    /// The days of a month a phrase names at `i` (after `the` or `every`); see `MonthDaySpec`.
    func readMonthDaySpec(at i: Int) -> MonthDaySpec? {
        if word(i) == "last" {
            if word(i + 1) == "day" { return MonthDaySpec(monthDays: [-1], end: i + 2) }
            if word(i + 1) == "weekday" || (word(i + 1) == "working" && word(i + 2) == "day") {
                return MonthDaySpec(days: [.mon, .tue, .wed, .thu, .fri].map { RecurrenceRule.Day($0) }, positions: [-1], end: word(i + 1) == "weekday" ? i + 2 : i + 3)
            }
        }
        // `2nd and 4th friday`, `first monday`, `last friday`
        var ordinals: [Int] = []
        var j = i
        while let n = ordinal(j) {
            ordinals.append(n)
            j += 1
            if ["and", "&", ","].contains(word(j)), ordinal(j + 1) != nil { j += 1 }
        }
        if !ordinals.isEmpty, let day = weekday(at: j) {
            return MonthDaySpec(days: ordinals.map { RecurrenceRule.Day(day, $0) }, end: j + 1)
        }
        // `1st`, `15th`, `1st and 15th`
        var numbers: [Int] = []
        j = i
        while number(j) == nil, let n = dayNumber(j) {
            numbers.append(n)
            j += 1
            if ["and", "&", ","].contains(word(j)), number(j + 1) == nil, dayNumber(j + 1) != nil { j += 1 }
        }
        if !numbers.isEmpty, weekday(at: j) == nil, Vocabulary.months[word(j)] == nil {
            return MonthDaySpec(monthDays: numbers, end: j)
        }
        return nil
    }

    /// `tuesdays`, `weekdays`, `weekends`, `mondays and thursdays`: plural days, every such day.
    private func readPluralDays(at i: Int) -> (days: [Weekday], end: Int)? {
        func plural(_ j: Int) -> [Weekday]? {
            switch word(j) {
            case "weekdays": return [.mon, .tue, .wed, .thu, .fri]
            case "weekends": return [.sat, .sun]
            default:
                let w = word(j)
                guard w.hasSuffix("s"), let d = Vocabulary.fullWeekdays[String(w.dropLast())] else { return nil }
                return [d]
            }
        }
        var days: [Weekday] = []
        var j = i
        while let d = plural(j) {
            days += d
            j += 1
            if ["and", "&", ","].contains(word(j)), plural(j + 1) != nil { j += 1 }
        }
        return days.isEmpty ? nil : (days, j)
    }

    /// A weekday or its plural (`sunday`, `sundays`) at `i`.
    private func weekdayOrPlural(at i: Int) -> Weekday? {
        if let d = weekday(at: i) { return d }
        let w = word(i)
        guard w.hasSuffix("s"), let d = Vocabulary.fullWeekdays[String(w.dropLast())] else { return nil }
        return d
    }

    /// Days said after a rule with none: `monthly on the last day`, `quarterly on the 15th`,
    /// `fortnightly on sundays`, `every 2 weeks on monday and thursday`.
    private func readRuleDays(after match: RecurrenceMatch) -> RecurrenceMatch {
        var m = match
        let r = m.rule
        guard r.days.isEmpty, r.monthDays.isEmpty, word(m.end) == "on" else { return m }
        switch r.frequency {
        case .monthly:
            guard word(m.end + 1) == "the", let spec = readMonthDaySpec(at: m.end + 2) else { return m }
            m.rule.days = spec.days
            m.rule.monthDays = spec.monthDays
            m.rule.positions = spec.positions
            m.end = ofEveryMonthEnd(at: spec.end, every: true)?.end ?? spec.end
        case .yearly:
            if let date = readMonthAndDay(at: m.end + 1) {
                // `every year on march 3`, `annually on the 4th of july`
                m.rule.months = [date.month]
                m.rule.monthDays = date.days
                m.end = date.end
                return m
            }
            // `every year on the fourth thursday in november`
            guard word(m.end + 1) == "the", let spec = readMonthDaySpec(at: m.end + 2), spec.namesWeekday, let month = inMonth(at: spec.end) else { return m }
            m.rule.days = spec.days
            m.rule.months = [month.month]
            m.end = month.end
        case .weekly:
            var days: [Weekday] = []
            var j = m.end + 1
            while let day = weekdayOrPlural(at: j) {
                days.append(day)
                j += 1
                if ["and", "&", ","].contains(word(j)), weekdayOrPlural(at: j + 1) != nil { j += 1 }
            }
            if days.isEmpty, word(j) == "weekend" || word(j) == "weekends" {
                days = [.sat, .sun]
                j += 1
            }
            guard !days.isEmpty else { return m }
            m.rule.weekdays = days
            m.end = j
        default: break
        }
        return m
    }

    private func readRule(at i: Int) -> RecurrenceMatch? {
        func rule(_ f: RecurrenceRule.Frequency, _ n: Int = 1, _ days: [Weekday] = [], end: Int) -> RecurrenceMatch {
            RecurrenceMatch(rule: RecurrenceRule(frequency: f, interval: n, weekdays: days), end: end)
        }
        switch word(i) {
        case "daily", "everyday": return rule(.daily, end: i + 1)
        case "weekly": return rule(.weekly, end: i + 1)
        case "fortnightly", "biweekly": return rule(.weekly, 2, end: i + 1)
        case "monthly": return rule(.monthly, end: i + 1)
        case "quarterly": return rule(.monthly, 3, end: i + 1)
        case "semiannually", "biannually": return rule(.monthly, 6, end: i + 1)
        case "yearly", "annually": return rule(.yearly, end: i + 1)
        case "every", "each": break
        default: return nil
        }
        let w = word(i + 1)
        // `every first tuesday of the month`, `every 2nd and 4th friday`, `every 10th of the month`
        if let spec = readMonthDaySpec(at: i + 1) {
            if let of = ofEveryMonthEnd(at: spec.end, every: true) {
                return RecurrenceMatch(rule: RecurrenceRule(frequency: .monthly, interval: of.interval, days: spec.days, monthDays: spec.monthDays, positions: spec.positions), end: of.end)
            }
            if spec.namesWeekday, let month = inMonth(at: spec.end) {
                // `every fourth thursday in november`
                return RecurrenceMatch(rule: RecurrenceRule(frequency: .yearly, days: spec.days, months: [month.month]), end: month.end)
            }
            // `every 2nd and 4th friday`; `every 5th fri` could be every five weeks, so stays in the title
            if spec.namesWeekday, spec.days.allSatisfy({ (1...4).contains($0.ordinal) || $0.ordinal == -1 }) {
                return RecurrenceMatch(rule: RecurrenceRule(frequency: .monthly, days: spec.days), end: spec.end)
            }
            return nil
        }
        if word(i) == "every", let date = readMonthAndDay(at: i + 1), Vocabulary.months[w] != nil {
            // `every march 3`
            return RecurrenceMatch(rule: RecurrenceRule(frequency: .yearly, monthDays: date.days, months: [date.month]), end: date.end)
        }
        if word(i) == "each", w != "day" { return nil }
        switch w {
        case "day": return rule(.daily, end: i + 2)
        case "single" where word(i + 2) == "day": return rule(.daily, end: i + 3)
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
            case "weekends" where interval > 1, "weekend" where w == "other": return rule(.weekly, interval, [.sat, .sun], end: i + 3)
            default:
                // `every other wednesday`
                guard w == "other", let day = weekday(at: i + 2) else { return nil }
                return rule(.weekly, 2, [day], end: i + 3)
            }
        }
        var days: [Weekday] = []
        var j = i + 1
        while let day = weekday(at: j) {
            days.append(day)
            j += 1
            if word(j) == "and" || word(j) == "&" || word(j) == ",", weekday(at: j + 1) != nil { j += 1 }
            else if word(j) == ",", word(j + 1) == "and", weekday(at: j + 2) != nil { j += 2 }
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
