import TaskCore

extension ParseScope {
    /// A numeric date at token `i`: `2012/8/10`, `2012-08-10`, `2012.8.10` (year first: one reading),
    /// `3/22/2024`, `05-25-2015`, `05.25.2015` (year last), `5/31` (slashes only, no year). With the
    /// year last or no year, month/day and day/month are both tried: every reading that is a real date
    /// is returned, so `6/10/2018` gives two (the caller leaves it unsure) and `3/22/2024` one.
    func numericDates(at i: Int) -> (days: [LocalDate], end: Int)? {
        guard i >= 0, i < count else { return nil }
        // The word's groups read from its bytes: up to three runs of digits (or a month name in the
        // middle, `2012/aug/10`) joined by one separator, `/`, `-` or `.`; quotes and brackets around
        // it and a leading `/` are passed over.
        var word = tokens[i].word
        struct Group { var value = 0, length = 0, letters = false, start = 0 }
        let parsed: (groups: [Group], separator: UInt8, text: [UInt8])? = word.withUTF8 { b in
            var lo = 0, hi = b.count
            while lo < hi, b[lo] == 39 || b[lo] == 34 || b[lo] == 40 { lo += 1 }
            while hi > lo, b[hi - 1] == 39 || b[hi - 1] == 34 || b[hi - 1] == 41 { hi -= 1 }
            if lo < hi, b[lo] == 47 { lo += 1 }
            guard lo < hi, b[lo] >= 48, b[lo] <= 57 else { return nil }
            var groups = [Group(start: lo)]
            var separator: UInt8 = 0
            for k in lo..<hi {
                let c = b[k]
                if c == 47 || c == 45 || c == 46 {
                    guard separator == 0 || separator == c, groups.count < 3, groups[groups.count - 1].length > 0 || groups[groups.count - 1].letters else { return nil }
                    separator = c
                    groups.append(Group(start: k + 1))
                } else if c >= 48 && c <= 57 {
                    guard !groups[groups.count - 1].letters, groups[groups.count - 1].length < 4 else { return nil }
                    groups[groups.count - 1].value = groups[groups.count - 1].value * 10 + Int(c - 48)
                    groups[groups.count - 1].length += 1
                } else if c >= 97 && c <= 122, groups.count == 2 {
                    guard groups[1].length == 0 || groups[1].letters else { return nil }
                    groups[1].letters = true
                } else {
                    return nil
                }
            }
            guard separator != 0, groups[groups.count - 1].length > 0 || groups[groups.count - 1].letters else { return nil }
            return (groups, separator, groups[1].letters ? Array(b[lo..<hi]) : [])
        }
        guard let (groups, separator, text) = parsed, groups.count >= 2 else { return nil }
        func valid(_ y: Int, _ m: Int, _ d: Int) -> LocalDate? {
            guard y >= 1900, y <= 2199, m >= 1, m <= 12, d >= 1, d <= LocalDate.daysIn(month: m, year: y) else { return nil }
            return LocalDate(year: y, month: m, day: d)
        }
        if groups[1].letters {  // `2012/aug/10`
            guard groups.count == 3, groups[0].length == 4, groups[2].length >= 1, groups[2].length <= 2 else { return nil }
            let end = text.firstIndex(of: separator).map { text[($0 + 1)...] }.flatMap { rest in rest.firstIndex(of: separator).map { rest[..<$0] } }
            guard let name = end, let month = Vocabulary.months[String(decoding: name, as: UTF8.self)] else { return nil }
            return valid(groups[0].value, month, groups[2].value).map { ([$0], i + 1) }
        }
        if groups.count == 3 {
            if groups[0].length == 4, groups[1].length <= 2, groups[2].length <= 2 {
                return valid(groups[0].value, groups[1].value, groups[2].value).map { ([$0], i + 1) }
            }
            guard groups[2].length == 4, groups[0].length <= 2, groups[1].length <= 2 else { return nil }
            let (a, b, y) = (groups[0].value, groups[1].value, groups[2].value)
            let readings = [valid(y, a, b), valid(y, b, a)].compactMap { $0 }
            return readings.isEmpty ? nil : (Self.distinct(readings), i + 1)
        }
        // Without a year only slashes: `5.30` is a time, `10-20` a range, `24/7` always.
        guard separator == 47, groups[0].length <= 2, groups[1].length <= 2, !(groups[0].value == 24 && groups[1].value == 7) else { return nil }
        let numbers = [groups[0].value, groups[1].value]
        func coming(_ m: Int, _ d: Int) -> LocalDate? {
            guard m >= 1, m <= 12, d >= 1 else { return nil }
            let year = (m, d) >= (today.month, today.day) ? today.year : today.year + 1
            return valid(year, m, d)
        }
        let readings = [coming(numbers[0], numbers[1]), coming(numbers[1], numbers[0])].compactMap { $0 }
        return readings.isEmpty ? nil : (Self.distinct(readings), i + 1)
    }

    /// One or two readings without a repeat, earliest first (as `Array(Set(readings)).sorted()`, with no set made).
    private static func distinct(_ readings: [LocalDate]) -> [LocalDate] {
        readings.count == 2 && readings[0] == readings[1] ? [readings[0]] : readings.sorted()
    }

    /// A date with a month name at `i`: `march 6`, `march 6, 2016`, `6th of march`, `15sep`, `2018
    /// march 18`; or a numeric one (`numericDates`). Unsure (`DayMatch.unsure`) when the numbers
    /// allow two readings or what follows makes the day doubtful: a range (`february 20 - 29`), a
    /// two-digit year (`3 aug 96`), an era (`2555 BE`), a year further on (`oct 26 11:00:09 2023`).
    func readCalendarDate(at i: Int) -> DayMatch? {
        // Most words start no date: only a digit, `/`, a quote or bracket, a month, an ordinal word, or
        // a word with `-` or `/` in it (`august-10`) may.
        guard i < count, let b = tokens[i].word.utf8.first else { return nil }
        let digit = (b >= 47 && b <= 57) || b == 39 || b == 34 || b == 40
        // A letter word shorter than `nov/2` that is no month or ordinal starts no date: no scan.
        if !digit, tokens[i].word.utf8.count < 5, tokens[i].lexeme.month == nil, !tokens[i].lexeme.startsReading { return nil }
        if tokens[i].shape.contains(.colon) { return nil }  // `8:15`, `3:30pm`: a time, never a date
        let separated = tokens[i].shape.contains(.separator)  // a `-`, `/` or `.` in the word
        if !digit, tokens[i].lexeme.month == nil, !separated, !(tokens[i].lexeme.startsReading && Self.isOrdinalWord(tokens[i].word)) {
            return nil
        }
        var found: DayMatch?
        if let nth = nthWeekdayOfMonth(at: i) {
            found = nth
        } else if let month = lexeme(i).month, let day = dayNumber(i + 1) {
            found = calendarDate(month: month, day: day, yearAt: i + 2)
        } else if digit, lexeme(i + 1).month != nil || word(i + 1) == "of", let day = dayNumber(i) {
            let m = word(i + 1) == "of" ? i + 2 : i + 1
            if let month = lexeme(m).month { found = calendarDate(month: month, day: day, yearAt: m + 1) }
        } else if let year = number(i), word(i).utf8.count == 4, year >= 1900, year <= 2199, let month = lexeme(i + 1).month,
            let day = dayNumber(i + 2), day <= LocalDate.daysIn(month: month, year: year)
        {
            found = DayMatch(day: LocalDate(year: year, month: month, day: day), end: i + 3)
        } else if separated, !digit, let glued = gluedMonthDay(word(i)) {
            // `august-10, 2012`, `august/10/2012`, `nov/2`
            if let year = glued.year {
                guard glued.day <= LocalDate.daysIn(month: glued.month, year: year) else { return nil }
                found = DayMatch(day: LocalDate(year: year, month: glued.month, day: glued.day), end: i + 1)
            } else {
                found = calendarDate(month: glued.month, day: glued.day, yearAt: i + 1)
            }
        } else if digit, !separated || tokens[i].word.utf8.count <= 9, let glued = gluedDayMonth(word(i)) {
            found = calendarDate(month: glued.month, day: glued.day, yearAt: i + 1)
        } else if separated, digit, let numeric = numericDates(at: i) {
            found = DayMatch(day: numeric.days[0], end: numeric.end)
            if numeric.days.count > 1 { found?.otherReading = numeric.days[1] }
        }
        // `22-23 feb`: a range of days in one word.
        if found == nil, lexeme(i + 1).month != nil, let dash = word(i).firstIndex(of: "-"),
            Int(word(i)[..<dash]) != nil, Int(word(i)[word(i).index(after: dash)...]) != nil
        {
            return DayMatch(day: today, unsure: true, end: i + 2)
        }
        guard var match = found else { return nil }
        if match.otherReading != nil { match.unsure = true }
        // `10 august - 12 september`: the end of a range of days.
        if i >= 2, Self.isRangeWord(word(i - 1)),
            number(i - 2) != nil || dayNumber(i - 2) != nil || lexeme(i - 2).month != nil || numericDates(at: i - 2) != nil
        {
            match.unsure = true
        }
        let next = word(match.end)
        let yearRead = match.end > i + 1 && number(match.end - 1).map { word(match.end - 1).utf8.count == 4 && $0 >= 1900 } == true
        if Self.isRangeWord(next), !(next == "to" || next == "till" || next == "until") || dayNumber(match.end + 1) != nil {
            match.unsure = true  // a range of days (`to`, `till`, `until` only before a day number)
        } else if next == "be", yearRead, let year = number(match.end - 1), year >= 2443, year <= 2742 {
            // decision: `2555 BE` is a year of the Buddhist era, 543 ahead (Thailand's calendar, Gregorian months): 2012.
            guard match.day.day <= LocalDate.daysIn(month: match.day.month, year: year - 543) else { return nil }
            match.day = LocalDate(year: year - 543, month: match.day.month, day: match.day.day)
            match.end += 1
        } else if !yearRead, match.otherReading == nil, tokens[min(match.end, count - 1)].shape.contains(.colon), let clock = ClockText(word(match.end)),
            clock.separator == .colon, clock.suffix == .none, clock.hour <= 23, let year = number(match.end + 1), word(match.end + 1).utf8.count == 4,
            year >= 1900, year <= 2199
        {
            // `Thu Oct 26 11:00:09 2023` (a log's date): the time, then the year
            guard match.day.day <= LocalDate.daysIn(month: match.day.month, year: year) else { return nil }
            match.day = LocalDate(year: year, month: match.day.month, day: match.day.day)
            match.minutesIntoDay = Int32(clock.hour * 60 + clock.minute)
            match.end += 2
        } else if Self.isEraWord(next) || Self.isEraWord(word(match.end - 1)) && yearRead {
            match.unsure = true  // another era
        } else if !yearRead, let n = number(match.end), word(match.end).utf8.count == 2, n > 31 || readTime(at: match.end) == nil {
            match.unsure = true  // `3 aug 96`: a two-digit year
        } else if !yearRead, (match.end..<min(match.end + 3, count)).contains(where: { tokens[$0].word.utf8.count == 4 && (number($0) ?? 0) >= 1900 }) {
            match.unsure = true  // `oct 26 11:00:09 2023`: the year comes later
        }
        return match
    }

    /// `-`, `–`, `—`, `to`, `until`, `till`, `through`, `thru`: told apart by their bytes (asked of
    /// the words around every date read).
    static func isRangeWord(_ w: String) -> Bool {
        guard let b = w.utf8.first, w.utf8.count <= 7 else { return false }
        switch b {
        case 45: return w.utf8.count == 1
        case 0xE2: return w == "–" || w == "—"
        case 116: return w == "to" || w == "till" || w == "through" || w == "thru"
        case 117: return w == "until"
        default: return false
        }
    }

    /// `be`, `ad`, `ce`, `bc`, `bce`: a year of another era follows or precedes.
    static func isEraWord(_ w: String) -> Bool {
        guard w.utf8.count == 2 || w.utf8.count == 3, let b = w.utf8.first, b == 97 || b == 98 || b == 99 else { return false }
        return w == "be" || w == "ad" || w == "ce" || w == "bc" || w == "bce"
    }

    /// `first` … `fifth`, `last`, told apart by length and first byte before the table is asked.
    static func isOrdinalWord(_ w: String) -> Bool {
        guard w.utf8.count >= 4, w.utf8.count <= 6, let b = w.utf8.first, b == 102 || b == 115 || b == 116 || b == 108 else { return false }
        return ordinalWords[w] != nil
    }

    static let ordinalWords = ["first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "last": -1]

    /// `2nd fri in feb`, `last fri in feb`, `3rd thursday of april 2027`: that weekday of that month,
    /// this year unless it has passed.
    func nthWeekdayOfMonth(at i: Int) -> DayMatch? {
        // `2nd to last fri in feb`: the weekday three words on, counted from the end.
        let fromEnd = word(i + 1) == "to" && word(i + 2) == "last"
        let w = fromEnd ? i + 3 : i + 1
        guard weekday(at: w) != nil else { return nil }
        let ordinals = Self.ordinalWords
        var n: Int
        if let k = ordinals[word(i)] { n = k } else if let k = dayNumber(i), number(i) == nil, k <= 5 { n = k } else { return nil }
        if fromEnd {
            guard n > 0 else { return nil }
            n = -n
        }
        guard let weekday = weekday(at: w), word(w + 1) == "in" || word(w + 1) == "of", let month = lexeme(w + 2).month else { return nil }
        // `2nd to the last fri in feb` is not read, so its `last fri in feb` is not either.
        if word(i - 1) == "to" || word(i - 1) == "the" && word(i - 2) == "to" { return nil }
        func day(in year: Int) -> LocalDate? {
            let first = LocalDate(year: year, month: month, day: 1)
            let last = LocalDate(year: year, month: month, day: LocalDate.daysIn(month: month, year: year))
            let d = n < 0 ? last.adding(days: -((last.weekday.isoNumber - weekday.isoNumber + 7) % 7) - 7 * (-n - 1))
                : first.adding(days: (weekday.isoNumber - first.weekday.isoNumber + 7) % 7 + 7 * (n - 1))
            return d.month == month ? d : nil
        }
        if let year = number(w + 3), word(w + 3).utf8.count == 4, year >= 1900, year <= 2199 {
            return day(in: year).map { DayMatch(day: $0, end: w + 4) }
        }
        guard let this = day(in: today.year) else { return nil }
        if this >= today { return DayMatch(day: this, end: w + 3) }
        return day(in: today.year + 1).map { DayMatch(day: $0, end: w + 3) }
    }

    /// `august-10`, `august/10/2012`, `nov/2`: a month name, `-` or `/`, a day, maybe `/` and a year.
    private func gluedMonthDay(_ w: String) -> (month: Int, day: Int, year: Int?)? {
        guard let sep = w.first(where: { $0 == "-" || $0 == "/" }) else { return nil }
        let parts = w.split(separator: sep, omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, let month = Vocabulary.months[String(parts[0])], parts[1].count <= 2,
            let day = Int(parts[1]), day >= 1, day <= 31
        else { return nil }
        if parts.count == 3 {
            guard parts[2].count == 4, let year = Int(parts[2]), year >= 1900, year <= 2199 else { return nil }
            return (month, day, year)
        }
        return (month, day, nil)
    }

    /// `15sep`, `15-sep`, `sep-15`: a day number and a month abbreviation in one word.
    private func gluedDayMonth(_ w: String) -> (day: Int, month: Int)? {
        // From the bytes: one or two digits, maybe `-`, then letters only (a month's name); `12/24` and `5pm` stop early.
        var day = 0, k = w.utf8.startIndex
        while k < w.utf8.endIndex, w.utf8[k] >= 48, w.utf8[k] <= 57 {
            day = day * 10 + Int(w.utf8[k] - 48)
            k = w.utf8.index(after: k)
            guard day < 100 else { return nil }
        }
        let digits = w.utf8.distance(from: w.utf8.startIndex, to: k)
        guard digits >= 1, digits <= 2, w.utf8.count >= digits + 3, day >= 1 else { return nil }
        if w.utf8[k] == 45 { k = w.utf8.index(after: k) }
        guard k < w.utf8.endIndex, w.utf8[k...].allSatisfy({ $0 >= 97 && $0 <= 122 }) else { return nil }
        return Lexeme.of(String(w[k...])).month.map { (day, $0) }
    }

    /// A weekday followed by a date (`sunday, march 6, 2016`, `sun 15sep`, `tuesday 11/3/2015`): the
    /// date when the weekday agrees with exactly one reading of it, else unsure (the words stay).
    /// `friday of next week`, `tuesday of this week` name that day in that week.
    func readWeekdayDate(_ weekday: Weekday, at i: Int) -> DayMatch? {
        if word(i) == "of", word(i + 2) == "week" {
            let monday = today.mondayOfWeek
            switch word(i + 1) {
            case "this":
                // A day of this week already gone is in the past: unsure, as `last friday` is.
                let day = monday.adding(days: weekday.isoNumber - 1)
                return DayMatch(day: day, unsure: day < today, end: i + 3)
            case "next": return DayMatch(day: monday.adding(days: 6 + weekday.isoNumber), end: i + 3)
            case "last": return DayMatch(day: today, unsure: true, end: i + 3)
            default: return nil
            }
        }
        let j = word(i) == "the" ? i + 1 : i
        guard var match = readCalendarDate(at: j) else { return nil }
        let readings = [match.day, match.otherReading].compactMap { $0 }.filter { $0.weekday == weekday }
        if readings.count == 1 {
            // Two readings of the numbers, one of them the weekday's: the weekday decides; other doubts stay.
            match.unsure = match.unsure && match.otherReading == nil
            match.day = readings[0]
            match.otherReading = nil
        } else {
            match.unsure = true
        }
        return match
    }
}

extension ParseScope {
    /// True when a word of the line names a holiday (`Vocabulary.holidays`, `new year`, `earth day`).
    var namesHoliday: Bool {
        tokens.indices.contains { k in
            guard tokens[k].lexeme.mayNameHoliday else { return false }
            let w = word(k)
            return Vocabulary.holidays.contains(w) || (w == "new" ? word(k + 1) == "year" : word(k + 1) == "day")
        }
    }
}
