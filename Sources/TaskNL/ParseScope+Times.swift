/// A time of day read from the input. A bare hour (`at 5`, `5:30`) gets AM or PM later, from a day
/// part when there is one, else from the bare-hour rule.
struct TimeMatch: Sendable {
    var hour: Int
    var minute: Int
    var bare: Bool
    var end: Int

    /// The 24-hour time, deciding AM/PM for a bare hour from `dayPart` or the bare-hour rule
    /// (1–7 PM, 8–11 AM, 12 noon, 0 and 13–23 as written).
    func resolved(with dayPart: DayPart?) -> (hour: Int, minute: Int) {
        guard bare, hour >= 1, hour <= 12 else { return (hour, minute) }
        switch dayPart {
        case .morning: return (hour == 12 ? 12 : hour, minute)
        case .afternoon, .evening: return (hour == 12 ? 12 : hour + 12, minute)
        case nil: return (hour <= 7 ? hour + 12 : hour, minute)
        }
    }
}

extension ParseScope {
    /// Reads a time at token `i`: `5pm`, `5 pm`, `5p.m.`, `5:30pm`, `5.30pm`, `17:00`, `17h`, `noon`,
    /// `midnight`, and after `at` also a bare hour (`at 5`, `at 5.30`). A lone number is never a time.
    func readTime(at i: Int) -> TimeMatch? {
        var j = i
        let afterAt = word(j) == "at"
        if afterAt { j += 1 }
        guard j < count else { return nil }
        let w = word(j)
        if w == "noon" || w == "midday" || w == "midnight" {
            guard !startsName(at: j) else { return nil }  // `Noon Bistro`
            return w == "midnight" ? TimeMatch(hour: 23, minute: 59, bare: false, end: j + 1) : TimeMatch(hour: 12, minute: 0, bare: false, end: j + 1)
        }
        guard let clock = ClockText(w) else { return readSaidTime(at: j) ?? endOfDay(at: j) }
        switch clock.suffix {
        case .am, .pm:
            return clock.twentyFourHour.map { TimeMatch(hour: $0, minute: clock.minute, bare: false, end: j + 1) }
        case .hours:
            guard clock.separator == nil, clock.hour >= 13, clock.hour <= 23 else { return nil }
            return TimeMatch(hour: clock.hour, minute: 0, bare: false, end: j + 1)
        case .none:
            if word(j + 1).utf8.first == 109, let said = readSaidTime(at: j) { return said }  // `20 min past eight`
            if let meridiem = ClockText.Suffix(word: word(j + 1)), meridiem == .am || meridiem == .pm {
                var withSuffix = clock
                withSuffix.suffix = meridiem
                return withSuffix.twentyFourHour.map {
                    TimeMatch(hour: $0, minute: clock.minute, bare: false, end: j + 2)
                }
            }
            guard clock.hour <= 23 else { return nil }
            // `at 9 o'clock` (`the 10 o'clock news` stays a title).
            if afterAt, clock.separator == nil, clock.hour >= 1, clock.hour <= 12, word(j + 1) == "o'clock" || word(j + 1) == "oclock" {
                return TimeMatch(hour: clock.hour, minute: 0, bare: true, end: j + 2)
            }
            switch clock.separator {
            case .colon: return TimeMatch(hour: clock.hour, minute: clock.minute, bare: true, end: j + 1)
            case .dot, nil:
                if afterAt || isDeadlineHour(at: j, clock) { return TimeMatch(hour: clock.hour, minute: clock.minute, bare: true, end: j + 1) }
                return nil
            }
        }
    }

    /// A time said in words at `j`: `half past seven`, `quarter past 5`, `quarter to 8`, `20 min past
    /// eight` (bare hours, so a day part or the bare-hour rule gives AM or PM), and `11ish`,
    /// `noonish`, `5pmish` (about that time). Nil for anything else.
    private func readSaidTime(at j: Int) -> TimeMatch? {
        let w = word(j)
        guard let first = w.utf8.first else { return nil }
        let digit = first >= 48 && first <= 57
        if first == 104 && w == "half" || first == 113 && w == "quarter" || digit && ["min", "mins", "minutes"].contains(word(j + 1)) {
            // `half past seven`, `quarter to 8`, `20 min past eight`
            var k = j + 1
            let minutes: Int
            switch w {
            case "half": minutes = 30
            case "quarter": minutes = 15
            default:
                guard let n = number(j), n >= 1, n <= 59 else { return nil }
                minutes = n
                k += 1
            }
            let past = word(k) == "past"
            // `quarter to 8` stays in the title: 7:45 would be evening by the bare-hour rule, 8 morning.
            guard past || (word(k) == "to" && w != "half"), let hour = count(k + 1), word(k + 1) != "a", word(k + 1) != "an", hour >= 1, hour <= 12,
                past || hour != 8
            else { return nil }
            let end = word(k + 2) == "o'clock" || word(k + 2) == "oclock" ? k + 3 : k + 2
            return past ? TimeMatch(hour: hour, minute: minutes, bare: true, end: end)
                : TimeMatch(hour: hour == 1 ? 12 : hour - 1, minute: 60 - minutes, bare: true, end: end)
        }
        // `11ish`, `noonish`
        guard w.utf8.count > 3, w.utf8.last == 104, w.hasSuffix("ish") else { return nil }
        let about = String(w.dropLast(3))
        if about == "noon" { return TimeMatch(hour: 12, minute: 0, bare: false, end: j + 1) }
        guard let clock = ClockText(about) else { return nil }
        switch clock.suffix {
        case .am, .pm: return clock.twentyFourHour.map { TimeMatch(hour: $0, minute: clock.minute, bare: false, end: j + 1) }
        case .none where clock.hour >= 1 && clock.hour <= 12: return TimeMatch(hour: clock.hour, minute: clock.minute, bare: true, end: j + 1)
        default: return nil
        }
    }

    /// True for `at 3p`, `at 12a`, `at 10:30p`: a time said with one letter for am/pm, which the
    /// grammar does not read (Recognizers-Text: `I'll be back at 7p` has no time), so the day and
    /// repeat said with it are in doubt.
    func saysUnreadTime(at i: Int) -> Bool {
        guard i >= 0, i < count, tokens[i].word.utf8.first == 97, word(i) == "at" else { return false }
        let w = word(i + 1)
        guard let last = w.utf8.last, last == 97 || last == 112, let first = w.utf8.first, first >= 48, first <= 57,
            let clock = ClockText(String(w.dropLast())), clock.suffix == .none
        else { return false }
        return clock.hour >= 1 && clock.hour <= 12
    }

    /// Words joining the two ends of a time range (`2pm to 4pm`, `2pm until 4pm`, `2pm - 4pm`).
    static let rangeWords: Set<String> = ["to", "until", "till", "-", "–", "—"]

    /// When the tokens at `j` close a time range (`to 4pm`, `until 16:00`, `- 4`), the index after it;
    /// else nil. A range's end is never read as a time of its own: it stays in the title.
    func timeRangeClose(at j: Int) -> Int? {
        // The range words start with t, u, `-` or the first byte of `–` and `—`: most words are not hashed.
        guard let b = word(j).utf8.first, b == 116 || b == 117 || b == 45 || b == 0xE2, Self.rangeWords.contains(word(j)), j + 1 < count else { return nil }
        if let t = readTime(at: j + 1) { return t.end }
        if let c = ClockText(word(j + 1)), c.suffix == .none, c.hour <= 23 { return j + 2 }
        return nil
    }

    /// True when `from` at `i` opens a time range that starts with a time (`from 2pm to 4pm`): the
    /// `from` then leaves with the start time, as a connector does.
    func opensTimeRange(at i: Int) -> Bool {
        guard word(i) == "from", let t = readTime(at: i + 1) else { return false }
        return timeRangeClose(at: t.end) != nil
    }

    /// `[from] 2 to 4pm`: a range starting with a bare number, which is not a time. The index after the
    /// range, so that neither end is read as a time (both stay in the title).
    func bareTimeRangeEnd(at i: Int) -> Int? {
        let start = word(i) == "from" ? i + 1 : i
        guard let c = ClockText(word(start)), c.suffix == .none, c.separator != .colon, c.hour <= 23 else { return nil }
        return timeRangeClose(at: start + 1)
    }

    /// `morning`, `afternoon`, `evening`, or `in the morning` (which counts as introduced).
    func readDayPart(at i: Int) -> (part: DayPart, introduced: Bool, end: Int)? {
        if let part = lexeme(i).dayPart { return (part, false, i + 1) }
        guard word(i) == "in", word(i + 1) == "the", let part = lexeme(i + 2).dayPart else { return nil }
        // `20 past eight in the evening`: a clock said in words the grammar does not read (it reads
        // `half past`, `quarter to`, `20 min past`: `readSaidTime`).
        if word(i - 2) == "past" || word(i - 2) == "to", count(i - 1) != nil || number(i - 1) != nil,
            !["half", "quarter", "min", "mins", "minutes"].contains(word(i - 3))
        {
            return nil
        }
        return (part, true, i + 3)
    }

    /// `in 2 hours`, `in 30 min`, `in an hour`, `in 90 minutes`, `in 2h`, `in half an hour`, `next hour`: seconds from now.
    func readInstant(at i: Int) -> (seconds: Int, end: Int)? {
        guard i >= 0, i < count, let b = tokens[i].word.utf8.first, b == 110 || b == 105 else { return nil }  // `next`, `in`
        // `next hour` (not `for the next hour`, a span)
        if word(i) == "next", word(i + 1) == "hour", word(i - 1) != "the", word(i - 1) != "for" { return (3_600, i + 2) }
        guard word(i) == "in", let amount = DurationPhrase.read(tokens, at: i + 1, allowArticle: true),
            amount.minutes > 0, amount.minutes <= 1_000_000, compoundOffset(at: i) == nil  // `in 1d 2hr 5min` is readOffset's
        else { return nil }
        return (amount.minutes * 60, amount.end)
    }
}
