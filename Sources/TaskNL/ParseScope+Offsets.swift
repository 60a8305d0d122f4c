import TaskCore

/// An amount of calendar time or elapsed time: `3 weeks`, `15 minutes`, `3w`, `+15min`.
struct OffsetAmount: Sendable {
    enum Unit: Sendable { case minutes, days, months }
    var unit: Unit
    var count: Int
    var end: Int
    /// How many of `unit` one of the words' units is (`hours`: 60 minutes, `weeks`: 7 days).
    var perUnit = 1
}

extension ParseScope {
    /// A calendar or clock unit: `day(s)`, `week(s)`/`w`/`wk`, `month(s)`/`mo`, `year(s)`/`yr`,
    /// `minute(s)`/`min`, `hour(s)`/`h`/`hr`, as the multiplier into days, months or minutes.
    static func offsetUnit(_ word: String) -> (OffsetAmount.Unit, Int)? {
        // Every unit starts with d, h, m, w or y and is at most 7 letters: most words stop here.
        guard let b = word.utf8.first, b == 100 || b == 104 || b == 109 || b == 119 || b == 121, word.utf8.count <= 7 else { return nil }
        return switch word {
        case "min", "mins", "minute", "minutes": (.minutes, 1)
        case "h", "hr", "hrs", "hour", "hours": (.minutes, 60)
        case "d", "day", "days": (.days, 1)
        case "w", "wk", "wks", "week", "weeks": (.days, 7)
        case "mo", "mos", "month", "months": (.months, 1)
        case "y", "yr", "yrs", "year", "years": (.months, 12)
        default: nil
        }
    }

    /// `within`, `after`, `in` or `half` at `i`: words an offset may start with besides an amount
    /// (`within two weeks`, `in about 5 hours`), told apart by their bytes (no hashing: asked of
    /// every word a phrase might start at).
    func opensOffset(_ i: Int) -> Bool {
        guard i >= 0, i < count, let b = tokens[i].word.utf8.first else { return false }
        let w = tokens[i].word
        switch (b, w.utf8.count) {
        case (105, 2): return w == "in"
        case (119, 6): return w == "within"
        case (97, 5): return w == "after"
        case (104, 4): return w == "half"
        default: return false
        }
    }

    /// Words before an amount that leave it as it is (`in about 5 hours`).
    static let approximately: Set<String> = ["about", "around", "approximately", "roughly", "~"]

    /// In `approximately`, asked by first byte first (`in 3 days` asks it of `3`).
    static func isApproximately(_ w: String) -> Bool {
        guard let b = w.utf8.first, b == 97 || b == 114 || b == 126 else { return false }
        return approximately.contains(w)
    }

    /// Words after an amount or a day that put it in the past (`3 days ago`, `2 days before today`).
    static let pastWords: Set<String> = ["ago", "before", "earlier", "prior"]

    /// True when the word at `i` may start an amount: a digit, `+`, or a count word (`two`, `a`).
    func startsAmount(_ i: Int) -> Bool {
        guard i >= 0, i < count, let b = tokens[i].word.utf8.first else { return false }
        return (b >= 48 && b <= 57) || b == 43 || tokens[i].lexeme.numberWord != nil
    }

    /// `3 weeks`, `a week`, `two days`, `3w`, `15min`, `+15min`, `+2 hours`: a count and a unit, or nil.
    func readAmount(at i: Int) -> OffsetAmount? {
        guard startsAmount(i) else { return nil }
        // Digits read from the bytes (after an optional `+`), then either the end of the word (`3
        // weeks`) or a unit glued on (`3w`, `15min`, `+2hours`); a count word (`two weeks`) otherwise.
        let bytes = tokens[i].word.utf8
        var value = 0, digits = 0, index = bytes.startIndex
        if bytes[index] == 43 { index = bytes.index(after: index) }
        let first = index
        while index < bytes.endIndex, bytes[index] >= 48, bytes[index] <= 57, digits < 6 {
            value = value * 10 + Int(bytes[index] - 48)
            digits += 1
            index = bytes.index(after: index)
        }
        if digits == 0 {
            guard index == bytes.startIndex, let n = lexeme(i).numberWord, let (unit, k) = Self.offsetUnit(word(i + 1)) else { return nil }
            return OffsetAmount(unit: unit, count: n * k, end: i + 2, perUnit: k)
        }
        guard value > 0, value <= 10_000 else { return nil }
        if index == bytes.endIndex {
            guard let (unit, k) = Self.offsetUnit(word(i + 1)) else { return nil }
            return OffsetAmount(unit: unit, count: value * k, end: i + 2, perUnit: k)
        }
        // Glued: `3w`, `15min`, `2hours` (a unit starts with d, h, m, w or y: `5pm`, `3:30` stop before a string is made).
        let b = bytes[index]
        guard digits <= 4, index > first, b == 100 || b == 104 || b == 109 || b == 119 || b == 121,
            let (unit, k) = Self.offsetUnit(String(tokens[i].word[index...]))
        else { return nil }
        return OffsetAmount(unit: unit, count: value * k, end: i + 1, perUnit: k)
    }

    /// Two or more amounts in a row at `i` (`1d 2hr 5min`, `1d, 2hr, and 5min`, `2 months, 5 days`,
    /// `2 weeks 3 days`), each after the first written with digits and in a smaller unit: their sum
    /// in months, days and minutes, and the end. Nil for one amount alone (`readAmount` reads that).
    /// Minutes straight after days are not added (`in 3 days 30 min` is a due and an estimate);
    /// hours are (`+1 day 2 hour`), and minutes after hours (`1d 2hr 5min`).
    func readAmounts(at i: Int) -> (months: Int, days: Int, minutes: Int, end: Int)? {
        guard var amount = readAmount(at: i) else { return nil }
        var sum = (months: 0, days: 0, minutes: 0, end: i)
        var parts = 0
        var hours = false  // the last part was in hours
        while true {
            switch amount.unit {
            case .months: sum.months += amount.count
            case .days: sum.days += amount.count
            case .minutes: sum.minutes += amount.count
            }
            parts += 1
            sum.end = amount.end
            hours = amount.unit == .minutes && amount.perUnit == 60
            let j = word(amount.end) == "and" || word(amount.end) == "&" ? amount.end + 1 : amount.end
            guard let b = word(j).utf8.first, b >= 48, b <= 57, let next = readAmount(at: j), Self.smaller(next, than: amount),
                next.unit != .minutes || next.perUnit == 60 || hours
            else { break }
            amount = next
        }
        return parts >= 2 ? sum : nil
    }

    /// Whether `next`'s unit is smaller than `amount`'s (`3 days` after `2 weeks`, `2hr` after `1d`).
    private static func smaller(_ next: OffsetAmount, than amount: OffsetAmount) -> Bool {
        func rank(_ a: OffsetAmount) -> Int {
            switch a.unit {
            case .months: 100_000 + a.perUnit
            case .days: 1_000 + a.perUnit
            case .minutes: a.perUnit
            }
        }
        return rank(next) < rank(amount)
    }

    /// `in 1d 2hr 5min`, `within 2 weeks 3 days`, `+1 day 2 hour`, `+2 months, 5 days` at `i`: amounts
    /// added up from now (`readAmounts`). Days and longer are calendar days, so `+1 day 2 hour` is
    /// tomorrow at this time, two hours on; with minutes or hours the phrase is an instant (seconds
    /// from now), else a day.
    func compoundOffset(at i: Int) -> (day: LocalDate?, seconds: Int?, end: Int)? {
        // Told apart by the first byte (asked at every amount and every `in` a phrase might start at).
        guard i >= 0, i < count, let b = tokens[i].word.utf8.first, b == 43 || b == 105 || b == 119 else { return nil }
        let start: Int
        if b == 43 {
            start = i  // `+1 day 2 hour`
        } else {
            guard word(i) == "in" || word(i) == "within" else { return nil }
            start = i + 1
        }
        // A second amount needs a digit one to three words on (`1d 2hr`, `2 weeks 3 days`, `2 days and 3 hours`): most stop here.
        guard (start + 1...start + 3).contains(where: { tokens.indices.contains($0) && (tokens[$0].word.utf8.first.map { $0 >= 48 && $0 <= 57 } ?? false) })
        else { return nil }
        guard let sum = readAmounts(at: start) else { return nil }
        let day = today.adding(months: sum.months).adding(days: sum.days)
        guard sum.minutes > 0 else { return (day, nil, sum.end) }
        // The same clock time on the day reached, then the minutes: across a change of offset the hours stay on the clock.
        let local = LocalDateTime(now, in: timeZone)
        let sameTime = day.instant(hour: local.hour, minute: local.minute, second: local.second, in: timeZone)
        return (nil, Int(sameTime.timeIntervalSince(now).rounded()) + sum.minutes * 60, sum.end)
    }

    /// An offset from now: `15 minutes from now`, `3 weeks later`, `2 days from today`, `2 days after
    /// today`, `a week after tomorrow`, `2 days after next friday`, `within two weeks`, `+15min`.
    /// Minutes and hours give elapsed seconds; days and longer give a day.
    func readOffset(at i: Int) -> (day: LocalDate?, seconds: Int?, end: Int)? {
        // Most words: no offset. The words below are compared only when one of the opening words is here.
        let opens = opensOffset(i)
        guard opens || startsAmount(i) else { return nil }
        if word(i - 1) != "next", let c = compoundOffset(at: i) { return c }  // `in 1d 2hr 5min`, `+2 months, 5 days`
        if opens, word(i) == "in", let amount = readAmount(at: i + 1), amount.unit == .minutes, !word(i + 1).hasPrefix("+"),
            DurationPhrase.read(tokens, at: i + 1, allowArticle: true) == nil
        {
            return (nil, amount.count * 60, amount.end)  // `in 2hour`
        }
        var start = i
        // `within two weeks`, `in about 5 hours`, `within around 3 hours`, `after a year`.
        let within = opens && (word(i) == "within" || word(i) == "after" || (word(i) == "in" && Self.isApproximately(word(i + 1))))
        if within { start += 1 }
        if within, Self.isApproximately(word(start)) { start += 1 }
        if opens, word(i) == "in", start == i + 1 { return nil }  // `in 3 days` is readRelativeDay's
        var found = readAmount(at: start)
        if opens, word(start) == "half", word(start + 1) == "an", word(start + 2) == "hour" { found = OffsetAmount(unit: .minutes, count: 30, end: start + 3) }
        guard let amount = found else { return nil }
        if word(i - 1) == "half" { return nil }  // `half an hour from now` is read from `half`
        let plus = word(start).hasPrefix("+")
        // `+2 months, 5 days`, `+1 day 2 hour`: compound offsets are not read, so neither part is.
        if plus || within, readAmount(at: amount.end) != nil || number(amount.end) != nil { return nil }
        var base: LocalDate?
        var end = amount.end
        let next = word(end)
        if within || plus {
            base = today
        } else if next == "later" || next == "hence" || next == "out" || (next == "from" && (word(end + 1) == "now" || word(end + 1) == "today")) {
            base = today
            end += next == "from" ? 2 : 1
        } else if next == "after" || next == "from", amount.unit != .minutes, let d = readDay(at: end + 1), d.dayPart == nil, !d.unsure {
            base = d.day
            end = d.end
        } else {
            return nil
        }
        guard let day = base else { return nil }
        if word(i - 1) == "next" { return nil }  // `next 2 weeks` is readNext's
        switch amount.unit {
        case .minutes:
            guard day == today else { return nil }
            return (nil, amount.count * 60, end)
        case .days: return (day.adding(days: amount.count), nil, end)
        case .months: return (day.adding(months: amount.count), nil, end)
        }
    }

    /// True when an amount at `i` is said of the past (`3 days ago`, `2 day before today`): such a
    /// phrase is no due, and a day read inside it is unsure.
    func pastOffset(at i: Int) -> Int? {
        guard startsAmount(i) else { return nil }
        guard let amount = readAmount(at: i), Self.pastWords.contains(word(amount.end)) else { return nil }
        if word(amount.end) == "ago" || word(amount.end) == "earlier" { return amount.end + 1 }
        return readDay(at: amount.end + 1).map(\.end) ?? amount.end + 1
    }
}
