import TaskCore

/// A day read from the input, with the day part some day words carry (`tonight`, `this morning`).
struct DayMatch: Sendable {
    var day: LocalDate
    var dayPart: DayPart?
    /// The words look like a date but which one is in doubt (`6/10/2018`, `sunday, march 7, 2016`,
    /// `february 20 - 29`): the phrase gives no due and stays in the title.
    var unsure = false
    var end: Int
    /// The other reading of a numeric date when both orders are real days (`numericDates`: `6/10`).
    var otherReading: LocalDate?
    /// A clock time said in the same words (`2015-07-31T12:00`, `05/31/2024-14:15`, `oct 26 11:00:09 2023`), as
    /// minutes into the day as written (24-hour); -1 for none. Four bytes, not a `TimeMatch`: a day match is
    /// returned by value through every reader of a phrase.
    var minutesIntoDay: Int32 = -1

    init(day: LocalDate, dayPart: DayPart? = nil, unsure: Bool = false, end: Int, minutesIntoDay: Int32 = -1) {
        self.day = day
        self.dayPart = dayPart
        self.unsure = unsure
        self.end = end
        self.minutesIntoDay = minutesIntoDay
    }

    /// The clock time said with the day (`minutesIntoDay`), ending where the day's words end.
    var time: TimeMatch? {
        minutesIntoDay < 0 ? nil : TimeMatch(hour: Int(minutesIntoDay) / 60, minute: Int(minutesIntoDay) % 60, bare: false, end: end)
    }
}

extension ParseScope {
    /// Reads one day expression starting at token `i`: `today`, `tomorrow`, `friday`, `next week`,
    /// `in 3 days`, `jun 12`, `12th of june 2027`, `2027-06-12`, … Nil when there is none, or when
    /// the day does not exist (`feb 30`).
    ///
    /// `afterConnector`: a connector (`on`, `by`, `due`, …) stands right before `i`, so `the 21st`
    /// and `the end of the month` may be read there (they are never read on their own).
    func readDay(at i: Int, afterConnector: Bool = false) -> DayMatch? {
        guard i < count else { return nil }
        let w = word(i)
        // The words below start with t, d, i, n, w or e: told apart by the first byte before any is compared.
        let b0 = tokens[i].word.utf8.first ?? 0
        if b0 == 116 || b0 == 100 || b0 == 105 || b0 == 110 || b0 == 119 || b0 == 101 {
            switch w {
            case "today": return DayMatch(day: today, end: i + 1)
            case "tonight", "tonite": return DayMatch(day: today, dayPart: .evening, end: i + 1)
            case _ where Vocabulary.tomorrow.contains(w): return DayMatch(day: today.adding(days: 1), end: i + 1)
            case "day":
                if word(i + 1) == "after" && Vocabulary.tomorrow.contains(word(i + 2)) {
                    return DayMatch(day: today.adding(days: 2), end: i + 3)
                }
                return nil
            case "in":
                // `in 2 weeks 3 days`; `in 1d 2hr 5min` is an instant (`readOffset`), no day
                if let c = compoundOffset(at: i) { return c.day.map { DayMatch(day: $0, end: c.end) } }
                return readRelativeDay(at: i)
            case "this": return readThis(at: i)
            case "next": return readNext(at: i)
            case "weekend": return DayMatch(day: comingWeekend, end: i + 1)
            case "the": return afterConnector ? readTheDay(at: i) : nil
            case "end": return readEndOfMonth(at: i)
            default: break
            }
        }
        // `yesterday`, `last friday`, `past friday`, `last weekend`, `3 days ago`: the past is no due;
        // read as unsure so that neither the day nor a time said with it gives one. (Told apart by the
        // first byte first: `readDay` is asked at every word a phrase might start at.)
        if let b = tokens[i].word.utf8.first, b == 121 || b == 108 || b == 112 {
            if w == "yesterday" { return DayMatch(day: today, unsure: true, end: i + 1) }
            if w == "last" || w == "past" {
                if let nth = nthWeekdayOfMonth(at: i) { return nth }  // `last fri in feb`
                if weekday(at: i + 1) != nil || ["weekend", "week", "month", "year", "night"].contains(word(i + 1)) {
                    return DayMatch(day: today, unsure: true, end: i + 2)
                }
            }
        }
        // A weekday with its date (`sunday, march 6, 2016`, `sun 15sep`): the date, when they agree.
        if let weekday = weekday(at: i), let dated = readWeekdayDate(weekday, at: i + 1) {
            return DayMatch(day: dated.day, unsure: dated.unsure, end: dated.end, minutesIntoDay: dated.minutesIntoDay)
        }
        // `friday to monday`, `monday - friday`: a range of weekdays is no due.
        if lexeme(i).weekday != nil, weekday(at: i + 2) != nil, Self.weekdayRangeWords.contains(word(i + 1)) {
            return DayMatch(day: today, unsure: true, end: i + 3)
        }
        // A short form counts after an opener word or directly before a time (asked only of short forms).
        if let weekday = lexeme(i).weekday
            ?? lexeme(i).shortWeekday.flatMap({ weekdayOpenerBefore(i) || readTime(at: i + 1) != nil ? $0 : nil }),
            !startsName(at: i)
        {
            var delta = (weekday.isoNumber - today.weekday.isoNumber + 7) % 7
            if delta == 0 { delta = 7 }  // today never matches a bare weekday
            return DayMatch(day: today.adding(days: delta), end: i + 1)
        }
        if readAmount(at: i) != nil {
            if let end = pastOffset(at: i) { return DayMatch(day: today, unsure: true, end: end) }
            if let offset = readOffset(at: i), let day = offset.day { return DayMatch(day: day, end: offset.end) }
        } else if opensOffset(i), let offset = readOffset(at: i), let day = offset.day {
            return DayMatch(day: day, end: offset.end)
        }
        if tokens[i].shape.contains(.colon), tokens[i].shape.contains(.separator), let dated = gluedDateTime(at: i) { return dated }
        if let date = readCalendarDate(at: i) { return date }
        if w.utf8.count == 10, let date = LocalDate(iso: w) { return DayMatch(day: date, end: i + 1) }
        return nil
    }

    /// A date and a clock time in one word (`2015-07-31T12:00:00`, `05/31/2024-14:15`,
    /// `05/31/2024.14:15`, `05/31/2024:14:15`): the date with its year written and one reading, then
    /// `T`, `-`, `.` or `:` and hours and minutes taken as written (24-hour). A zone after the time
    /// (`Z`, `+02:00`) is not read, so neither is the date.
    private func gluedDateTime(at i: Int) -> DayMatch? {
        let bytes = Array(tokens[i].word.utf8)
        guard bytes.count >= 12, bytes[0] >= 48, bytes[0] <= 57 else { return nil }
        for k in stride(from: bytes.count - 5, through: 8, by: -1) where bytes[k] == 116 || bytes[k] == 45 || bytes[k] == 46 || bytes[k] == 58 {
            guard let clock = ClockText(String(decoding: bytes[(k + 1)...], as: UTF8.self)), clock.separator == .colon, clock.suffix == .none,
                clock.hour <= 23
            else { continue }
            let date = ParseScope(text: String(decoding: bytes[..<k], as: UTF8.self), now: now, timeZone: timeZone)
            guard date.count == 1, let d = date.readCalendarDate(at: 0), d.end == 1, !d.unsure, d.otherReading == nil else { continue }
            return DayMatch(day: d.day, end: i + 1, minutesIntoDay: Int32(clock.hour * 60 + clock.minute))
        }
        return nil
    }

    /// An opener word stands before `i`; `to` only when it does not end a spoken opener (`remind me
    /// to Wed anniversary card`, `i need to sun the deck` keep their words).
    private func weekdayOpenerBefore(_ i: Int) -> Bool {
        guard lexeme(i - 1).opensShortWeekday else { return false }
        return word(i - 1) != "to" || !Dictation.wordsBeforeClosingTo.contains(word(i - 2))
    }

    /// A capitalised day or time word followed by a capitalised word no reader starts at is a name's
    /// first word (`Friday Night Lights`, `Noon Bistro`), not a date; `Friday Morning` and `Friday
    /// 5pm` still are.
    func startsName(at i: Int) -> Bool {
        guard i + 1 < count, Self.startsUpper(tokens[i].raw), Self.startsUpper(tokens[i + 1].raw) else { return false }
        return !mayStartReading(at: i + 1)
    }

    private static func startsUpper(_ raw: String) -> Bool {
        guard let b = raw.utf8.first else { return false }
        return b >= 65 && b <= 90
    }

    /// Words joining two weekdays into a range (`friday to monday`).
    static let weekdayRangeWords = ["to", "-", "–", "through", "thru", "till", "until"]

    /// Words after which `the 21st` names a day of the month (`on the 21st`, `due the 28th`).
    static let dayOfMonthOpeners: Set<String> = ["on", "by", "due", "before", "until"]

    /// After a connector: `the 21st`, `the 1st of the month` when the connector is `on`, `by`, `due`,
    /// `before` or `until` (the next day with that number on or after today); `the 12th of june` as
    /// `12th of june`; `the end of the month`. Only an ordinal (`21st`, never `21`) counts, and only
    /// where the phrase ends the sentence or another reader takes over (`on the 5th floor` stays).
    private func readTheDay(at i: Int) -> DayMatch? {
        if word(i + 1) == "end" { return readEndOfMonth(at: i + 1) }
        if let nth = nthWeekdayOfMonth(at: i + 1) { return nth }  // `on the 2nd fri in feb`
        guard let n = dayNumber(i + 1), tokens[i + 1].number == nil else { return nil }
        if word(i + 2) == "of", let month = lexeme(i + 3).month { return calendarDate(month: month, day: n, yearAt: i + 4) }
        guard Self.dayOfMonthOpeners.contains(word(i - 1)) else { return nil }
        // decision: `the 1st of the month` and `the 1st of this month` are the same day as `the 1st`.
        var end = i + 2
        if word(end) == "of", word(end + 2) == "month", word(end + 1) == "the" || word(end + 1) == "this" { end += 3 }
        guard endsDatePhrase(at: end) else { return nil }
        return DayMatch(day: nextDayOfMonth(n), end: end)
    }

    /// `end of month`, `end of the month`, `end of this month`, `end of next month`: the month's last
    /// day. Only where the phrase ends the sentence or another reader takes over (`end of month
    /// report` stays in the title).
    private func readEndOfMonth(at i: Int) -> DayMatch? {
        guard word(i + 1) == "of" else { return nil }
        var j = i + 2
        var months = 0
        switch word(j) {
        case "the", "this": j += 1
        case "next": months = 1; j += 1
        default: break
        }
        guard word(j) == "month", endsDatePhrase(at: j + 1) else { return nil }
        let first = today.adding(months: months, onDay: 1)
        return DayMatch(day: LocalDate(year: first.year, month: first.month, day: LocalDate.daysIn(month: first.month, year: first.year)), end: j + 1)
    }

    /// True when token `j` is past the end or starts something a reader may read (a time, a tag, a
    /// connector): a day-of-month phrase followed by a title word (`the 5th floor`) is not a date.
    private func endsDatePhrase(at j: Int) -> Bool { j >= count || mayStartReading(at: j) }

    /// The first day numbered `n` on or after today, skipping months that have no such day.
    func nextDayOfMonth(_ n: Int) -> LocalDate {
        var first = today.adding(months: 0, onDay: 1)
        if n < today.day { first = first.adding(months: 1, onDay: 1) }
        while n > LocalDate.daysIn(month: first.month, year: first.year) { first = first.adding(months: 1, onDay: 1) }
        return LocalDate(year: first.year, month: first.month, day: n)
    }

    /// The coming Saturday, or today on a Saturday or Sunday.
    var comingWeekend: LocalDate {
        let weekday = today.weekday.isoNumber
        return weekday >= 6 ? today : today.adding(days: 6 - weekday)
    }

    /// `in 3 days`, `in a week`, `in 2 months`, `in 2 years`.
    private func readRelativeDay(at i: Int) -> DayMatch? {
        guard let n = count(i + 1), n > 0, n <= 10_000 else { return nil }
        switch word(i + 2) {
        case "day", "days": return DayMatch(day: today.adding(days: n), end: i + 3)
        case "week", "weeks": return DayMatch(day: today.adding(days: 7 * n), end: i + 3)
        case "month", "months": return DayMatch(day: today.adding(months: n), end: i + 3)
        case "year", "years": return DayMatch(day: today.adding(months: 12 * n), end: i + 3)
        default: return nil
        }
    }

    /// `this friday` (today if today is Friday), `this weekend`, `this morning`.
    private func readThis(at i: Int) -> DayMatch? {
        let w = word(i + 1)
        if let weekday = weekday(at: i + 1) {
            return DayMatch(day: today.onOrAfter(weekday), end: i + 2)
        }
        if w == "weekend" { return DayMatch(day: comingWeekend, end: i + 2) }
        if let part = lexeme(i + 1).dayPart { return DayMatch(day: today, dayPart: part, end: i + 2) }
        return nil
    }

    /// `next monday` (in next calendar week), `next week`, `next month`, `next weekend`.
    private func readNext(at i: Int) -> DayMatch? {
        let w = word(i + 1)
        let nextMonday = today.mondayOfWeek.adding(days: 7)
        if let weekday = weekday(at: i + 1) {
            return DayMatch(day: nextMonday.adding(days: weekday.isoNumber - 1), end: i + 2)
        }
        // `next 2 weeks 3 days`: amounts added up, counted from today.
        if word(i + 1).utf8.first != 43, let sum = readAmounts(at: i + 1), sum.minutes == 0 {
            let span = word(i - 1) == "for" || (word(i - 1) == "the" && word(i - 2) == "for")
            return DayMatch(day: today.adding(months: sum.months).adding(days: sum.days), unsure: span, end: sum.end)
        }
        // `next 2 weeks`, `next two years`: counted from today, as `in 2 weeks`.
        if let amount = readAmount(at: i + 1), amount.unit != .minutes, !word(i + 1).hasPrefix("+"), amount.end == i + 3,
            readAmount(at: amount.end) == nil, number(amount.end) == nil
        {
            // `for the next 3 years` is a span, not a due: unsure, so it stays in the title.
            let span = word(i - 1) == "for" || (word(i - 1) == "the" && word(i - 2) == "for")
            return DayMatch(day: amount.unit == .days ? today.adding(days: amount.count) : today.adding(months: amount.count), unsure: span, end: amount.end)
        }
        switch w {
        case "day": return DayMatch(day: today.adding(days: 1), end: i + 2)
        // decision: `next weekday` is the next working day after today.
        case "weekday":
            var day = today.adding(days: 1)
            while day.weekday.isoNumber > 5 { day = day.adding(days: 1) }
            return DayMatch(day: day, end: i + 2)
        case "week": return DayMatch(day: nextMonday, end: i + 2)
        case "weekend": return DayMatch(day: nextMonday.adding(days: 5), end: i + 2)
        case "month":
            return DayMatch(day: today.adding(months: 1, onDay: 1), end: i + 2)
        // decision: `next year` is 1 January, as `next month` is its 1st, also with a time: `meet me next year at 6pm` is
        // 1 January 18:00, as Recognizers-Text's tasks mode reads it (Fixtures/parser/external/recognizers-tasks.corpus).
        case "year":
            return DayMatch(day: LocalDate(year: today.year + 1, month: 1, day: 1), end: i + 2)
        default: return nil
        }
    }

    /// A day of the month: `12`, `12th`, `1st`, `2nd`, `3rd` (1–31).
    func dayNumber(_ i: Int) -> Int? {
        guard i >= 0, i < count, let first = tokens[i].word.utf8.first, first >= 48, first <= 57 else { return nil }
        // From the word's bytes in place (asked of every number near a date).
        let bytes = tokens[i].word.utf8
        var value = 0, digits = 0, k = bytes.startIndex
        while k < bytes.endIndex, digits < 2, bytes[k] >= 48, bytes[k] <= 57 {
            value = value * 10 + Int(bytes[k] - 48)
            digits += 1
            k = bytes.index(after: k)
        }
        guard value >= 1, value <= 31 else { return nil }
        if k == bytes.endIndex { return value }
        guard bytes.distance(from: k, to: bytes.endIndex) == 2 else { return nil }
        switch (bytes[k], bytes[bytes.index(after: k)]) {
        case (115, 116), (110, 100), (114, 100), (116, 104): return value  // st, nd, rd, th
        default: return nil
        }
    }

    /// A calendar date with an optional year at `yearAt`; without a year, this year unless the day
    /// has passed, then next year. Nil for a day that does not exist in the year it lands on.
    func calendarDate(month: Int, day: Int, yearAt: Int) -> DayMatch? {
        if let year = number(yearAt), word(yearAt).utf8.count == 4, year >= 1900 {
            guard day <= LocalDate.daysIn(month: month, year: year) else { return nil }
            return DayMatch(day: LocalDate(year: year, month: month, day: day), end: yearAt + 1)
        }
        let now = today
        let year = (month, day) >= (now.month, now.day) ? now.year : now.year + 1
        guard day <= LocalDate.daysIn(month: month, year: year) else { return nil }
        return DayMatch(day: LocalDate(year: year, month: month, day: day), end: yearAt)
    }
}
