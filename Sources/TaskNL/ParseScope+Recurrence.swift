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
        guard namesRepeat else { return nil }
        var k = i
        while k < count, lexeme(k).isConnector { k += 1 }
        // Told apart by the bytes first: a repeat starts with a repeat word (`every`, `daily`,
        // `mondays`) or a day of the month before `of every month` (`the`, `1st`, `first`, `last`,
        // `second`, `start`, `beginning`, `end`), which needs `of every` or `of each` further on.
        if !lexeme(k).opensRepeat {
            guard k < count, let b = tokens[k].word.utf8.first,
                b == 116 || b == 102 || b == 108 || b == 115 || b == 98 || b == 101 || (b >= 48 && b <= 57),
                ((k + 1)..<count).contains(where: { lexeme($0).opensRepeat && word($0 - 1) == "of" })
            else { return nil }
        }
        // `twice weekly`, `3 times a week`: no rule here says how often within a period; the words stay.
        if ["twice", "thrice", "times"].contains(word(i - 1)) { return nil }
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
        } else if !tail, number(i - 1) == nil, !["every", "other", "each"].contains(word(i - 1)), let days = readPluralDays(at: k),
            word(days.end) != "of"
        {
            // `on tuesdays`, `weekdays`, `mondays and thursdays`
            found = RecurrenceMatch(rule: RecurrenceRule(frequency: .weekly, weekdays: days.days), end: days.end, plural: true)
        } else {
            if k > i, word(k) != "every" { return nil }
            found = readRule(at: k)
        }
        guard var match = found, readRuleDays(into: &match) else { return nil }
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

    /// `2 months`, `the next three weeks`, `the next year` at `i`: the day that long from today, and the end.
    private func readSpan(at i: Int) -> (until: LocalDate, end: Int)? {
        var j = i
        var n = 1
        if word(j) == "the", word(j + 1) == "next" {
            j += 2
            if let m = count(j) { n = m; j += 1 }
        } else if let m = count(j) {
            n = m
            j += 1
        } else {
            return nil
        }
        guard n >= 1, n <= 100 else { return nil }
        let plural = n > 1 || word(i) != "the"
        switch word(j) {
        case "day" where !plural || n == 1, "days" where plural: return (today.adding(days: n), j + 1)
        case "week" where !plural || n == 1, "weeks" where plural: return (today.adding(days: 7 * n), j + 1)
        case "month" where !plural || n == 1, "months" where plural: return (today.adding(months: n), j + 1)
        case "year" where !plural || n == 1, "years" where plural: return (today.adding(months: 12 * n), j + 1)
        default: return nil
        }
    }

    /// False when no end of a series (`readRuleEnd`) starts at `i`, told from the word's first byte
    /// and number: asked at every word after a repeat, before the repeat is copied to read one.
    func mayEndRule(at i: Int) -> Bool {
        guard i >= 0, i < count, let b = tokens[i].word.utf8.first else { return false }
        return b == 116 || b == 117 || b == 102 || (b >= 48 && b <= 57) || tokens[i].lexeme.numberWord != nil  // twice, until, till, through, for, up, 10x, ten
    }

    /// An end said apart from its rule (`daily starting march 3rd for 8 times`): `for 8 times`,
    /// `until april 5th`, `10x`. The rule with it, and the end.
    func readLateRuleEnd(at i: Int, rule: RecurrenceRule) -> (rule: RecurrenceRule, end: Int)? {
        guard rule.count == nil, rule.until == nil, rule.verbatim == nil else { return nil }
        var r = rule
        guard let end = readRuleEnd(at: i, into: &r) else { return nil }
        return (r, end)
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
            if let d = nextMonthAndDay(at: j + 1) {
                // `daily starting march 3rd until april 5th`: a range's end to the date reader, a series' end here
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
        if word(j) == "for" { j += 1 }
        if word(j) == "up", word(j + 1) == "to" { j += 2 }
        if word(i) == "for", let span = readSpan(at: j) {
            // `for 2 months`, `for the next three weeks`: until that long from today
            rule.until = .day(span.until)
            return span.end
        }
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

    /// `april 5th`, `5 april` at `i` (one day, no year): its next date on or after today, and the end.
    private func nextMonthAndDay(at i: Int) -> (day: LocalDate, end: Int)? {
        guard let md = readMonthAndDay(at: i), md.days.count == 1, !(md.month == 2 && md.days[0] == 29) else { return nil }
        let day = LocalDate(year: today.year, month: md.month, day: md.days[0])
        return (day >= today ? day : LocalDate(year: today.year + 1, month: md.month, day: md.days[0]), md.end)
    }

    /// The first of month `m` said alone (`in april`): this year's or next year's, whichever is still
    /// to come; nil for the month we are in, whose first has passed (`starting in december` on 5 Dec).
    func firstOfMonth(_ m: Int) -> LocalDate? {
        if m == today.month { return today.day == 1 ? today : nil }
        return LocalDate(year: m > today.month ? today.year : today.year + 1, month: m, day: 1)
    }

    /// A series' span said after its rule (`every 3 fridays from november`, `mondays and thursdays from
    /// jan 1 to march 25th`): the first day, the end of the start's words, the last day said with `to`
    /// (nil when none), and the end. Only a month (with or without its day) starts it.
    func readRuleSpan(at i: Int, rule: RecurrenceRule) -> (start: LocalDate, startEnd: Int, until: LocalDate?, end: Int)? {
        guard word(i) == "from", let m = Vocabulary.months[word(i + 1)] else { return nil }
        let start: LocalDate, j: Int
        if let d = readDay(at: i + 1, afterConnector: true), !d.unsure, d.dayPart == nil {
            (start, j) = (d.day, d.end)
        } else if dayNumber(i + 2) == nil, number(i + 2) == nil, let first = firstOfMonth(m) {
            (start, j) = (first, i + 2)
        } else {
            return nil
        }
        guard word(j) == "to" || word(j) == "through" || word(j) == "thru" else { return (start, j, nil, j) }
        // `from jan 1 to march 25th`: the last day, after the first
        guard rule.count == nil, rule.until == nil, rule.verbatim == nil, let last = nextMonthAndDay(at: j + 1) else { return nil }
        var until = last.day
        while until < start { until = until.adding(months: 12) }
        return (start, j, until, last.end)
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
            if word(i + 1) == "every", number(i + 2) == nil, let n = dayNumber(i + 2), n >= 2, n <= 12, word(i + 3) == "month" { return (i + 4, n) }
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
            while ["and", "&", ","].contains(word(j)), let e = dayNumber(j + 1) {
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

    /// An ordinal at `i`: `first`…`fifth`, `1st`…`5th` (any number with a suffix up to `limit`), `last`.
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
    func readMonthDaySpec(at i: Int, ordinalLimit: Int = 5) -> MonthDaySpec? {
        // `first day`, `first of`, `start of`, `beginning of`, `last of`, `end of` (each month)
        if word(i) == "first", word(i + 1) == "day" { return MonthDaySpec(monthDays: [1], end: i + 2) }
        if word(i + 1) == "of" {
            switch word(i) {
            case "first", "start", "beginning", "begin": return MonthDaySpec(monthDays: [1], end: i + 1)
            case "last", "end": return MonthDaySpec(monthDays: [-1], end: i + 1)
            default: break
            }
        }
        if word(i) == "last" {
            if word(i + 1) == "day" { return MonthDaySpec(monthDays: [-1], end: i + 2) }
            if word(i + 1) == "weekday" || (word(i + 1) == "working" && word(i + 2) == "day") {
                return MonthDaySpec(days: [.mon, .tue, .wed, .thu, .fri].map { RecurrenceRule.Day($0) }, positions: [-1], end: word(i + 1) == "weekday" ? i + 2 : i + 3)
            }
        }
        /// `2nd`, `last`, `2nd last`, `2nd to last`, `2nd to the last`: the ordinal (negative from the end) and its end.
        func counted(_ j: Int, limit: Int) -> (n: Int, end: Int)? {
            guard let n = ordinal(j, upTo: limit) else { return nil }
            guard n > 0 else { return (n, j + 1) }
            if word(j + 1) == "last" { return (-n, j + 2) }
            if word(j + 1) == "to", word(j + 2) == "last" { return (-n, j + 3) }
            if word(j + 1) == "to", word(j + 2) == "the", word(j + 3) == "last" { return (-n, j + 4) }
            return (n, j + 1)
        }
        func separated(_ j: Int) -> Bool { ["and", "&", ","].contains(word(j)) }
        /// `first and third`, `first, second, and third` (the comma typed on the word) at `j`: the ordinals and their end.
        func ordinalList(at start: Int) -> (ordinals: [Int], end: Int) {
            var ordinals: [Int] = []
            var j = start
            while let o = counted(j, limit: ordinalLimit) {
                ordinals.append(o.n)
                j = o.end
                if word(j) == ",", word(j + 1) == "and" { j += 1 }
                if tokens[j - 1].raw.utf8.last == 44, word(j) == "and" || counted(j, limit: ordinalLimit) != nil {
                    if word(j) == "and" { j += 1 }  // `first, second, and third friday`
                    continue
                }
                guard separated(j), counted(j + 1, limit: ordinalLimit) != nil else { break }
                j += 1
            }
            return (ordinals, j)
        }
        // `2nd and 4th friday`, `first monday`, `last friday`, `2nd and last fridays`, `3rd last tuesday`,
        // `first and third friday and second tuesday`
        let (ordinals, firstEnd) = ordinalList(at: i)
        var j = firstEnd
        if !ordinals.isEmpty, ["instance", "instances", "occurrence", "occurrences"].contains(word(j)), word(j + 1) == "of" {
            // `first and last instance of tue and fri`: those of the days, counted together
            var days: [Weekday] = []
            var k = j + 2
            while let d = weekday(at: k) {
                days.append(d)
                k += 1
                if separated(k), weekday(at: k + 1) != nil { k += 1 }
            }
            return days.isEmpty ? nil : MonthDaySpec(days: days.map { RecurrenceRule.Day($0) }, positions: ordinals, end: k)
        }
        if !ordinals.isEmpty, let day = weekdayOrPlural(at: j) {
            var days = ordinals.map { RecurrenceRule.Day(day, $0) }
            j += 1
            while separated(j) {
                let more = ordinalList(at: j + 1)
                guard !more.ordinals.isEmpty, let next = weekdayOrPlural(at: more.end) else { break }
                days += more.ordinals.map { RecurrenceRule.Day(next, $0) }
                j = more.end + 1
            }
            return MonthDaySpec(days: days, end: j)
        }
        // `1st`, `15th`, `1st and 15th`, `4th last` (`day` after it is part of it)
        var numbers: [Int] = []
        j = i
        while number(j) == nil, dayNumber(j) != nil, let o = counted(j, limit: 31) {
            numbers.append(o.n)
            j = o.end
            guard separated(j), number(j + 1) == nil, dayNumber(j + 1) != nil else { break }
            j += 1
        }
        if !numbers.isEmpty, weekdayOrPlural(at: j) == nil, Vocabulary.months[word(j)] == nil {
            return MonthDaySpec(monthDays: numbers, end: word(j) == "day" ? j + 1 : j)
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
        if let d = plural(i), d.count == 1, let range = dayRange(from: d[0], at: i + 1), plural(i + 2) != nil {
            return (range.days, range.end)  // `saturdays through tuesdays`
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

    /// `thru wed`, `through tuesdays`, `to friday` after the day `first`: every day from `first` to
    /// that one, round the week, and the end.
    func dayRange(from first: Weekday, at i: Int) -> (days: [Weekday], end: Int)? {
        guard ["through", "thru", "to", "-"].contains(word(i)), let last = weekdayOrPlural(at: i + 1), last != first else { return nil }
        return (Self.week(from: first, to: last), i + 2)
    }

    /// The days from `first` to `last`, round the week (`sat` to `tue`: sat sun mon tue).
    static func week(from first: Weekday, to last: Weekday) -> [Weekday] {
        let all = Weekday.allCases
        guard var k = all.firstIndex(of: first) else { return [first] }
        var days = [first]
        while all[k] != last {
            k = (k + 1) % all.count
            days.append(all[k])
        }
        return days
    }

    /// `tuesday-saturday`, `mon-wed`, `tuesday-tue` (one word): every day from the first to the last,
    /// round the week.
    func gluedDayRange(at i: Int) -> [Weekday]? {
        let w = word(i)
        guard w.utf8.contains(45) else { return nil }
        let ends = w.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        func day(_ name: String) -> Weekday? { Vocabulary.fullWeekdays[name] ?? Vocabulary.shortWeekdays[name] ?? Vocabulary.fullWeekdays[String(name.dropLast())] }
        guard ends.count == 2, let first = day(ends[0]), let last = day(ends[1]) else { return nil }
        return Self.week(from: first, to: last)
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
    /// False when the days said make the rule doubtful (`monthly on fri`: every Friday, or the first?).
    private func readRuleDays(into m: inout RecurrenceMatch) -> Bool {
        guard m.rule.days.isEmpty, m.rule.monthDays.isEmpty else { return true }
        let frequency = m.rule.frequency
        if frequency == .monthly, word(m.end) == "at", word(m.end + 1) == "the" {
            // `every month at the start`, `monthly at the end`
            switch word(m.end + 2) {
            case "beginning", "begin", "start": m.rule.monthDays = [1]
            case "end": m.rule.monthDays = [-1]
            default: return true
            }
            m.end += word(m.end + 3) == "of" && word(m.end + 4) == "the" && word(m.end + 5) == "month" ? 6 : 3
            return true
        }
        guard word(m.end) == "on" else { return true }
        switch frequency {
        case .monthly:
            if weekdayOrPlural(at: m.end + 1) != nil { return false }
            guard word(m.end + 1) == "the" else { return true }
            // `monthly on the first and last instance of tue and fri`: days the grammar cannot read make it doubtful
            guard let spec = readMonthDaySpec(at: m.end + 2) else { return ordinal(m.end + 2) == nil }
            m.rule.days = spec.days
            m.rule.monthDays = spec.monthDays
            m.rule.positions = spec.positions
            m.end = ofEveryMonthEnd(at: spec.end, every: true)?.end ?? spec.end
        case .yearly:
            if word(m.end + 1) == "the", let spec = readMonthDaySpec(at: m.end + 2, ordinalLimit: 31), spec.namesWeekday, inMonth(at: spec.end) == nil {
                // `every year on the 1st friday`
                m.rule.days = spec.days
                m.end = spec.end
                return true
            }
            if let date = readMonthAndDay(at: m.end + 1) {
                // `every year on march 3`, `annually on the 4th of july`
                m.rule.months = [date.month]
                m.rule.monthDays = date.days
                m.end = date.end
                return true
            }
            // `every year on the fourth thursday in november`
            guard word(m.end + 1) == "the", let spec = readMonthDaySpec(at: m.end + 2), spec.namesWeekday, let month = inMonth(at: spec.end) else { return true }
            m.rule.days = spec.days
            m.rule.months = [month.month]
            m.end = month.end
        case .weekly:
            if word(m.end + 1) == "the", dayNumber(m.end + 2) != nil { return false }  // `every week on the 4th day`
            var days: [Weekday] = []
            var j = m.end + 1
            if let glued = gluedDayRange(at: j) {
                // `each week on tuesday-saturday`
                m.rule.weekdays = glued
                m.end = j + 1
                return true
            }
            while let day = weekdayOrPlural(at: j) {
                if let range = dayRange(from: day, at: j + 1) {
                    // `every week on saturday thru tuesday`
                    days += range.days
                    j = range.end
                } else {
                    days.append(day)
                    j += 1
                }
                if ["and", "&", ","].contains(word(j)), weekdayOrPlural(at: j + 1) != nil { j += 1 }
            }
            // `on tuesday until saturday`: a range the grammar does not read would leave days out
            if !days.isEmpty, ["through", "thru", "to", "-", "till", "until"].contains(word(j)), weekdayOrPlural(at: j + 1) != nil { return false }
            if days.isEmpty, word(j) == "weekend" || word(j) == "weekends" {
                days = [.sat, .sun]
                j += 1
            }
            guard !days.isEmpty else { return true }
            m.rule.weekdays = days
            m.end = j
        default: break
        }
        return true
    }

    /// Words after which a one-word repeat (`weekly`, `quarterly`) is an adjective of the title.
    static let determiners: Set<String> = ["the", "a", "an", "my", "our", "your", "his", "her", "their", "this", "that"]

    private func readRule(at i: Int) -> RecurrenceMatch? {
        func rule(_ f: RecurrenceRule.Frequency, _ n: Int = 1, _ days: [Weekday] = [], end: Int) -> RecurrenceMatch {
            RecurrenceMatch(rule: RecurrenceRule(frequency: f, interval: n, weekdays: days), end: end)
        }
        // A one-word form right after a determiner is an adjective (`write the quarterly report`,
        // `my weekly review`): it stays in the title.
        if Self.determiners.contains(word(i - 1)), word(i) != "every", word(i) != "each" { return nil }
        switch word(i) {
        case "daily", "everyday": return rule(.daily, end: i + 1)
        case "weekly": return rule(.weekly, end: i + 1)
        case "fortnightly", "biweekly": return rule(.weekly, 2, end: i + 1)
        case "monthly": return rule(.monthly, end: i + 1)
        case "quarterly": return rule(.monthly, 3, end: i + 1)
        case "semiannually", "biannually": return rule(.monthly, 6, end: i + 1)
        case "yearly", "annually": return rule(.yearly, end: i + 1)
        case "once":
            // `once a week on sunday`, `once a year`
            guard word(i + 1) == "a" else { return nil }
            switch word(i + 2) {
            case "day": return rule(.daily, end: i + 3)
            case "week": return rule(.weekly, end: i + 3)
            case "month": return rule(.monthly, end: i + 3)
            case "year": return rule(.yearly, end: i + 3)
            default: return nil
            }
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
            if !spec.monthDays.isEmpty, spec.monthDays.allSatisfy({ $0 > 0 }), word(spec.end) == "of", let m = Vocabulary.months[word(spec.end + 1)],
                number(spec.end + 2) == nil
            {
                // `every 20th and 30th of aug`
                return RecurrenceMatch(rule: RecurrenceRule(frequency: .yearly, monthDays: spec.monthDays, months: [m]), end: spec.end + 2)
            }
            // `every 2nd and 4th friday`; `every 5th fri` could be every five weeks, so stays in the title
            if spec.namesWeekday, spec.days.allSatisfy({ (1...4).contains($0.ordinal) || $0.ordinal == -1 }) {
                return RecurrenceMatch(rule: RecurrenceRule(frequency: .monthly, days: spec.days), end: spec.end)
            }
            // `every 4th week`: read below
        }
        if word(i) == "every", let m = lexeme(i + 1).month, word(i + 2) == "on", word(i + 3) == "day" || word(i + 3) == "the" {
            // `every aug on day 20 and 30`, `every march on the 3rd`
            var days: [Int] = []
            var j = i + 4
            while let d = dayNumber(j), d <= LocalDate.daysIn(month: m, year: 2024) {
                days.append(d)
                j += 1
                if ["and", "&", ","].contains(word(j)), dayNumber(j + 1) != nil { j += 1 }
            }
            if !days.isEmpty, number(j) == nil {
                return RecurrenceMatch(rule: RecurrenceRule(frequency: .yearly, monthDays: days, months: [m]), end: j)
            }
        }
        if word(i) == "every", let date = readMonthAndDay(at: i + 1), Vocabulary.months[w] != nil {
            // `every march 3`
            return RecurrenceMatch(rule: RecurrenceRule(frequency: .yearly, monthDays: date.days, months: [date.month]), end: date.end)
        }
        if let part = w == "night" ? .evening : lexeme(i + 1).dayPart {
            // `every morning`, `each night`: every day at that part of it
            var m = rule(.daily, end: i + 2)
            m.dayPart = part
            return m
        }
        // `each day`, `each week on …`, `each thurs`; never the tail of `… of each month` left unread
        if word(i) == "each", word(i - 1) == "of" || !["day", "week", "month", "year"].contains(w) && weekday(at: i + 1) == nil { return nil }
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
        if w == "other" {
            interval = 2
        } else if let n = number(i + 1), n >= 1, n <= 1_000 {
            interval = n
        } else if let n = dayNumber(i + 1), n >= 2, ["day", "week", "month", "year"].contains(word(i + 2)) {
            interval = n  // `every 4th week`
        }
        if let interval {
            switch word(i + 2) {
            case "day", "days": return rule(.daily, interval, end: i + 3)
            case "week", "weeks": return rule(.weekly, interval, end: i + 3)
            case "month", "months": return rule(.monthly, interval, end: i + 3)
            case "year", "years": return rule(.yearly, interval, end: i + 3)
            case "weekends" where interval > 1, "weekend" where w == "other": return rule(.weekly, interval, [.sat, .sun], end: i + 3)
            default:
                // `every other wednesday`, `every 3 fridays`
                guard let day = w == "other" ? weekday(at: i + 2) ?? weekdayOrPlural(at: i + 2) : weekdayOrPlural(at: i + 2) else { return nil }
                if let range = dayRange(from: day, at: i + 3) { return rule(.weekly, interval, range.days, end: range.end) }
                return rule(.weekly, interval, [day], end: i + 3)
            }
        }
        if let glued = gluedDayRange(at: i + 1) { return rule(.weekly, 1, glued, end: i + 2) }  // `every mon-wed`
        if let first = weekday(at: i + 1), let range = dayRange(from: first, at: i + 2) {
            return rule(.weekly, 1, range.days, end: range.end)  // `every mon thru wed`
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
            // `starting in april`: the month's first day
            if word(j) == "in", let m = Vocabulary.months[word(j + 1)], dayNumber(j + 2) == nil, number(j + 2) == nil {
                return firstOfMonth(m).map { ($0, j + 2) }
            }
        default:
            return nil
        }
        guard let d = readDay(at: j, afterConnector: j > i + 1), d.dayPart == nil else { return nil }
        return (d.day, d.end)
    }
}
