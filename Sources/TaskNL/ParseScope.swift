import Foundation
import TaskCore

/// The tokens of one sentence and the moment it is read at: what every reader looks at.
///
/// Readers are pure functions of a position: they return what they recognise there and where it ends,
/// or nil. Nothing here decides conflicts; `SentenceParse` does.
struct ParseScope: Sendable {
    /// The words, each with its vocabulary entry (`Token.lexeme`) filled in.
    let tokens: [Token]
    let now: Date
    let timeZone: TimeZone
    /// Today in the caller's time zone.
    let today: LocalDate
    /// The places the user has, each as its name and its words (`readPlace`).
    let places: [(name: String, words: [String])]
    /// Whether a word that every repeat needs is in the line (`Lexeme.opensRepeat`): `every`, `each`,
    /// `daily`, `once`, `mondays`, … Most lines have none, and `readRecurrence` then reads nothing.
    let namesRepeat: Bool

    init(text: String, now: Date, timeZone: TimeZone, places: [String] = []) {
        self.init(text: text, at: TaskNLParser.Moment(now: now, timeZone: timeZone), places: places)
    }

    init(text: String, at moment: TaskNLParser.Moment, places: [String] = []) {
        var tokens = Tokenizer.tokens(of: text)
        var namesRepeat = false
        for k in tokens.indices {
            tokens[k].lexeme = Lexeme.of(tokens[k].word, hash: tokens[k].hash)
            namesRepeat = namesRepeat || tokens[k].lexeme.opensRepeat
        }
        self.tokens = tokens
        self.namesRepeat = namesRepeat
        self.places = places.map { ($0, ParseScope.placeWords($0)) }
        now = moment.now
        timeZone = moment.timeZone
        today = moment.today
    }

    var count: Int { tokens.count }

    /// The normalised word at `i`, or "" past the end.
    func word(_ i: Int) -> String { i >= 0 && i < tokens.count ? tokens[i].word : "" }

    /// The vocabulary's entry for the word at `i` (`.unknown` past the end).
    func lexeme(_ i: Int) -> Lexeme { i >= 0 && i < tokens.count ? tokens[i].lexeme : .unknown }

    /// The weekday the word at `i` names, full or short.
    func weekday(at i: Int) -> Weekday? { lexeme(i).weekday ?? lexeme(i).shortWeekday }

    func number(_ i: Int) -> Int? { i >= 0 && i < tokens.count ? tokens[i].number : nil }

    /// A count written as digits, `a`/`an`, or a small number word (`two`).
    func count(_ i: Int) -> Int? {
        if let n = number(i) { return n }
        return lexeme(i).numberWord
    }

    /// The UTF-16 span from the start of token `from` to the end of token `to - 1`.
    func span(_ tokenRange: Range<Int>) -> Range<Int> {
        tokens[tokenRange.lowerBound].range.lowerBound..<tokens[tokenRange.upperBound - 1].range.upperBound
    }

    /// False when no reader of the scan (`SentenceParse.scan`) can read anything starting at token
    /// `i`, decided with one set lookup: its word is not one a reader starts with, and its first
    /// character is no digit, `+` (an ISO date), `/`, `#`, `@`, `~` or `!`, and it is no word of five or
    /// more letters with a `-` or `/` in it (`august-10`). Most title words (`mom`,
    /// `milk`) are then passed over without asking each reader in turn. A reader that starts at a
    /// new word must list it in `starterWords` (FastPathTests checks every fixture's words).
    func mayStartReading(at i: Int) -> Bool {
        guard i >= 0, i < tokens.count, let first = tokens[i].word.utf8.first else { return false }
        switch first {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "#"), UInt8(ascii: "@"), UInt8(ascii: "~"),
            UInt8(ascii: "!"), UInt8(ascii: "/"):
            return true
        case UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "("):
            // `'2014-04-18'`: a date in quotes or brackets (`numericDates` passes over them)
            return tokens[i].word.utf8.dropFirst().first.map { $0 >= 48 && $0 <= 57 } ?? false
        case UInt8(ascii: "a"), UInt8(ascii: "d"), UInt8(ascii: "f"), UInt8(ascii: "j"), UInt8(ascii: "m"), UInt8(ascii: "n"),
            UInt8(ascii: "o"), UInt8(ascii: "s"):
            // `august-10`, `nov/2`: a month glued to its day (`readCalendarDate`); months start with these letters.
            return tokens[i].lexeme.startsReading || (tokens[i].shape.contains(.dashOrSlash) && tokens[i].word.utf8.count >= 5)
        default:
            return tokens[i].lexeme.startsReading
        }
    }

    /// The words at least one of which every repeat holds (`namesRepeat`): the one-word repeats,
    /// `every`, `each`, `once`, and plural days.
    static let repeatWords: Set<String> = {
        var words: Set<String> = [
            "every", "each", "once", "daily", "everyday", "weekly", "fortnightly", "biweekly", "monthly", "quarterly",
            "semiannually", "biannually", "yearly", "annually", "weekdays", "weekends",
        ]
        for name in Vocabulary.fullWeekdays.keys { words.insert(name + "s") }
        return words
    }()

    /// Every word a reader of the scan may start at (see `mayStartReading`).
    static let starterWords: Set<String> = {
        var words = Set(Vocabulary.fullWeekdays.keys).union(Vocabulary.shortWeekdays.keys).union(Vocabulary.months.keys)
            .union(Vocabulary.connectors).union(Vocabulary.dayParts.keys).union(Vocabulary.tomorrow).union(numberWords.keys)
            .union(placeOpenerFirstWords)
        words.formUnion([
            "remind",  // readReminder
            "daily", "weekly", "fortnightly", "monthly", "yearly", "annually", "every",  // readRecurrence
            "once", "beginning", "begin",  // readRecurrence (`once a week`, `beginning of each month`)
            "everyday", "biweekly", "quarterly", "semiannually", "biannually", "each", "weekdays", "weekends",
            "mondays", "tuesdays", "wednesdays", "thursdays", "fridays", "saturdays", "sundays",
            "defer", "starting", "start", "starts",  // readDefer
            "till", "through",  // readLateRuleEnd (`every friday at 6pm till jun 1`)
            "from",  // bareTimeRangeEnd, opensTimeRange
            "today", "tonight", "tonite", "day", "in", "this", "next", "weekend", "end",  // readDay, readInstant, readDayPart
            "within", "after", "yesterday", "past",  // readOffset, readDay (the past: unsure)
            "first", "second", "third", "fourth", "fifth", "last",  // readCalendarDate (`2nd fri in feb`)
            "at", "noon", "midday", "midnight", "noonish", "eod",  // readTime
            "critical", "urgent", "asap", "important", "someday", "high", "low",  // readPriority
            "half",  // readEstimate (DurationPhrase), readTime (`half past seven`)
            "quarter",  // readTime (`quarter to 8`)
            "deep",  // readEnergy
        ])
        return words
    }()

    /// Count words. `a` and `an` count as one only after `in` or `for` (`for an hour`, never `wait a
    /// minute`; `DurationPhrase.read`'s `allowArticle`).
    static let numberWords: [String: Int] = [
        "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
        "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
    ]
}
