import Foundation
import TaskCore

/// A run of adjacent date and time words read as one (`due by friday at 3:30pm`, `5pm tomorrow`,
/// `tonight at 8`, `in 2 hours`), with the connectors in front of it.
struct TemporalPhrase: Sendable {
    /// Token indexes, connectors included.
    var tokens: Range<Int>
    var day: LocalDate?
    var dayPart: DayPart?
    var time: TimeMatch?
    /// Seconds from now, for `in 2 hours` (elapsed time; combines with nothing).
    var elapsedSeconds: Int?
    /// The phrase reads as a date or time whose day is in doubt (`DayMatch.unsure`, `at 10 - 10.1`):
    /// it gives no due, and its words stay in the title.
    var unsure = false

    /// True when the phrase names a day (or an instant), not only a time of day.
    var hasDay: Bool { day != nil || elapsedSeconds != nil }
}

extension ParseScope {
    /// Reads a temporal phrase at token `i`, or nil. A day part on its own (`morning`) counts only when
    /// introduced (`by evening`, `in the morning`) or when `allowBareDayPart` (a whole-phrase date).
    func readPhrase(at i: Int, allowBareDayPart: Bool = false) -> TemporalPhrase? {
        var phrase = TemporalPhrase(tokens: i..<i)
        var j = i
        var introduced = false
        var elements = 0
        while j < count {
            // `every friday at 6pm until jun 1`: an end after a time is a phrase of its own (a series' end)
            if elements > 0, word(j) == "until" || word(j) == "till" || word(j) == "through" { break }
            var k = j
            while k < count {
                if lexeme(k).isConnector {
                    if word(k) == "at", readTime(at: k) != nil { break }
                } else if !opensTimeRange(at: k) {
                    break
                }
                k += 1
            }
            if !mayStartElement(at: k) { break }  // a title word (`to lisbon`, `8:15 email`): no reader below starts there
            if phrase.time == nil && phrase.dayPart == nil && phrase.day == nil && phrase.elapsedSeconds == nil,
                let instant = readInstant(at: k) ?? readOffset(at: k).flatMap({ o in o.seconds.map { (seconds: $0, end: o.end) } })
            {
                phrase.elapsedSeconds = instant.seconds
                if k > j || elements == 0 && k > i { introduced = true }
                j = instant.end
                elements += 1
                break  // elapsed time combines with nothing
            }
            if phrase.day == nil, let d = readDay(at: k, afterConnector: k > j), d.dayPart == nil || phrase.dayPart == nil {
                phrase.day = d.day
                if d.unsure { phrase.unsure = true }
                if let part = d.dayPart { phrase.dayPart = part }
                if phrase.time == nil, let t = d.time { phrase.time = t }  // `2015-07-31T12:00`
                if k > j { introduced = true }
                j = d.end
                elements += 1
                continue
            }
            if phrase.time == nil, let t = readTime(at: k) {
                phrase.time = t
                if k > j { introduced = true }
                j = t.end
                elements += 1
                continue
            }
            if phrase.dayPart == nil, let p = readDayPart(at: k) {
                phrase.dayPart = p.part
                if k > j || p.introduced { introduced = true }
                j = p.end
                elements += 1
                continue
            }
            break
        }
        guard elements > 0 else { return nil }
        // `daily except for tomorrow`: a day named as an exception is no due.
        if word(i - 1) == "except" || word(i) == "except" { phrase.unsure = true }
        // `next tuesday +10 days`: an offset counted from the day just read.
        if let day = phrase.day, word(j).utf8.first == 43, word(j).hasPrefix("+"), let amount = readAmount(at: j), amount.unit != .minutes {
            phrase.day = amount.unit == .days ? day.adding(days: amount.count) : day.adding(months: amount.count)
            j = amount.end
        }
        // `2023-12-29 -10days`: counted back, into the past.
        if phrase.day != nil, word(j).utf8.first == 45, word(j).hasPrefix("-"), word(j).count > 1, readAmount(at: j) == nil,
            ParseScope(text: String(word(j).dropFirst()), now: now, timeZone: timeZone).readAmount(at: 0) != nil
        {
            phrase.unsure = true
        }
        // `at 10 - 10.1`: a time whose range end is no time at all is no time either; nor is one
        // between two plain numbers (`I'm at 10 - 20`).
        if let t = phrase.time, t.bare, number(t.end - 1) != nil, Self.isDash(word(j)), number(j + 1) != nil {
            phrase.unsure = true
        }
        if phrase.time != nil, Self.isDash(word(j)), let b = word(j + 1).utf8.first, b >= 48, b <= 57, timeRangeClose(at: j) == nil
        {
            phrase.unsure = true
        }
        if phrase.day == nil && phrase.time == nil && phrase.elapsedSeconds == nil && !introduced && !allowBareDayPart {
            return nil
        }
        phrase.tokens = i..<j
        return phrase
    }

    /// `-`, `–` or `—` (the range words that are no word), told apart by the first byte.
    static func isDash(_ w: String) -> Bool {
        guard let b = w.utf8.first, b == 45 || b == 0xE2 else { return false }
        return w == "-" || w == "–" || w == "—"
    }

    /// False when no element of a phrase (`readInstant`, `readOffset`, `readDay`, `readTime`,
    /// `readDayPart`) can start at token `k`: a word the scan passes over (`mayStartReading`) that
    /// starts with a letter and is not `the` (read after a connector: `on the 21st`, `by the end of
    /// the day`), or a tag, context, estimate or priority (`#work`, `@phone`, `~15m`, `!high`). Asked
    /// after every connector and every element read, so that the title word there is passed over
    /// without asking each reader in turn (FastPathTests checks every fixture's words).
    func mayStartElement(at k: Int) -> Bool {
        guard k >= 0, k < count, let b = tokens[k].word.utf8.first else { return false }
        switch b {
        case UInt8(ascii: "#"), UInt8(ascii: "@"), UInt8(ascii: "~"), UInt8(ascii: "!"): return false
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return mayStartReading(at: k) || tokens[k].word == "the"
        default: return true
        }
    }
}
