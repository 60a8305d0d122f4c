import TaskCore

/// The words the grammar knows, looked up by lower-cased token text.
enum Vocabulary {
    static let fullWeekdays: [String: Weekday] = [
        "monday": .mon, "tuesday": .tue, "wednesday": .wed, "thursday": .thu, "friday": .fri,
        "saturday": .sat, "sunday": .sun,
    ]

    /// Short forms, understood only after an opener word or directly before a time.
    static let shortWeekdays: [String: Weekday] = [
        "mon": .mon, "tue": .tue, "tues": .tue, "wed": .wed, "weds": .wed, "thu": .thu, "thur": .thu,
        "thurs": .thu, "fri": .fri, "sat": .sat, "sun": .sun,
    ]

    /// Words after which a short weekday form counts (`on fri`, `every mon`).
    static let weekdayOpeners: Set<String> = [
        "on", "this", "next", "every", "by", "due", "until", "to", "starting", "start", "starts", "defer",
    ]

    static let months: [String: Int] = [
        "jan": 1, "january": 1, "feb": 2, "february": 2, "mar": 3, "march": 3, "apr": 4, "april": 4,
        "may": 5, "jun": 6, "june": 6, "jul": 7, "july": 7, "aug": 8, "august": 8, "sep": 9, "sept": 9,
        "september": 9, "oct": 10, "october": 10, "nov": 11, "november": 11, "dec": 12, "december": 12,
    ]

    /// Words that leave with a date, time or defer phrase directly after them.
    static let connectors: Set<String> = ["by", "on", "at", "due", "before", "until", "for", "to"]

    static let dayParts: [String: DayPart] = ["morning": .morning, "afternoon": .afternoon, "evening": .evening]

    /// Tomorrow as typed in a hurry: abbreviations and the common misspellings (`tomorow`), none of
    /// them another word; an unread one would leave its time on today (`call the vet tomorow at 10`).
    static let tomorrow: Set<String> = [
        "tomorrow", "tmrw", "tmr", "tomorow", "tommorow", "tommorrow", "tomorro", "tomoro", "tmrow", "tmorrow", "tomrrow",
    ]

    /// Holidays: the grammar reads none (their days depend on where you live), and a time said with
    /// one stays in the title rather than fall on today (`on christmas at 5`).
    static let holidays: Set<String> = [
        "christmas", "xmas", "easter", "thanksgiving", "halloween", "hanukkah", "diwali", "eid", "passover", "new year's", "newyear",
    ]

    /// The holidays and the first words of two-word ones (`new year`, `earth day`).
    static let holidayWords = holidays.union(["new", "earth", "independence", "memorial", "labor", "labour", "boxing"])

    static let weekdayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    static let weekdayAbbreviations = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    static let monthAbbreviations = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The weekday a word names: full names always, short forms only when `allowShort`.
    static func weekday(_ word: String, allowShort: Bool) -> Weekday? {
        if let day = fullWeekdays[word] { return day }
        return allowShort ? shortWeekdays[word] : nil
    }
}

/// What the vocabulary's tables say about one word, looked up once per token (`Token.lexeme`)
/// rather than once per table each reader asks: a string hash costs hundreds of instructions, and a
/// sentence's readers asked a dozen or more.
struct Lexeme: Sendable {
    /// A full weekday name (`Vocabulary.fullWeekdays`).
    var weekday: Weekday?
    /// A short weekday form (`Vocabulary.shortWeekdays`).
    var shortWeekday: Weekday?
    var month: Int?
    var dayPart: DayPart?
    /// A count word (`ParseScope.numberWords`: `a`, `one`, … `twelve`).
    var numberWord: Int?
    /// In `Vocabulary.connectors`.
    var isConnector = false
    /// In `Vocabulary.weekdayOpeners`.
    var opensShortWeekday = false
    /// In `ParseScope.starterWords`.
    var startsReading = false
    /// In `ParseScope.repeatWords`.
    var opensRepeat = false
    /// In `Vocabulary.holidays` or a holiday's first word (`new`, `earth`): `ParseScope.namesHoliday`.
    var mayNameHoliday = false

    /// A word no table holds (and the empty word past either end).
    static let unknown = Lexeme()

    /// The entry for `word`: a probe of an open-addressing table hashed with FNV-1a over the
    /// word's bytes (a `Dictionary` lookup hashes with SipHash, several times the cost, and most
    /// words of a sentence are in no table at all).
    static func of(_ word: String) -> Lexeme { of(word, hash: hash(word)) }

    /// The entry for `word` whose hash (`hash(_:)`) is already known (`Token.hash`).
    static func of(_ word: String, hash: UInt32) -> Lexeme {
        let mask = slots.count - 1
        var index = Int(hash) & mask
        var entry = Int(slots[index])
        while entry != 0 {
            if entries[entry - 1].word == word { return entries[entry - 1].lexeme }
            index = (index + 1) & mask
            entry = Int(slots[index])
        }
        return unknown
    }

    static let fnvBasis: UInt32 = 2_166_136_261
    static let fnvPrime: UInt32 = 16_777_619

    /// FNV-1a over the word's bytes.
    static func hash(_ word: String) -> UInt32 {
        var word = word
        return word.withUTF8 { bytes in
            var hash = fnvBasis
            for byte in bytes { hash = (hash ^ UInt32(byte)) &* fnvPrime }
            return hash
        }
    }

    /// The vocabulary's tables merged into one open-addressing table for `of`: `slots`, a power of
    /// two at least four times the number of words so that probes stay short, holds each word's
    /// place in `entries` plus one (0: empty). Two bytes a slot keep the table in a few cache lines
    /// (slots of a word and its entry, 56 bytes each, made it 114 KB and most lookups a cache miss).
    /// Built straight into the slots (no `Dictionary` on the way: hashing every word twice more
    /// cost each process ~0.15 M instructions before its first phrase).
    private static let table: (slots: [UInt16], entries: [(word: String, lexeme: Lexeme)]) = {
        let bound = Vocabulary.fullWeekdays.count + Vocabulary.shortWeekdays.count + Vocabulary.months.count
            + Vocabulary.dayParts.count + ParseScope.numberWords.count + Vocabulary.connectors.count
            + Vocabulary.weekdayOpeners.count + ParseScope.starterWords.count + Vocabulary.holidayWords.count + ParseScope.repeatWords.count
        var size = 64
        while size < bound * 4 { size *= 2 }
        var slots = [UInt16](repeating: 0, count: size)
        var entries: [(word: String, lexeme: Lexeme)] = []
        entries.reserveCapacity(bound)
        func merge(_ word: String, _ change: (inout Lexeme) -> Void) {
            var index = Int(hash(word)) & (size - 1)
            while slots[index] != 0, entries[Int(slots[index]) - 1].word != word { index = (index + 1) & (size - 1) }
            if slots[index] == 0 {
                entries.append((word, unknown))
                slots[index] = UInt16(entries.count)
            }
            change(&entries[Int(slots[index]) - 1].lexeme)
        }
        for (word, day) in Vocabulary.fullWeekdays { merge(word) { $0.weekday = day } }
        for (word, day) in Vocabulary.shortWeekdays { merge(word) { $0.shortWeekday = day } }
        for (word, month) in Vocabulary.months { merge(word) { $0.month = month } }
        for (word, part) in Vocabulary.dayParts { merge(word) { $0.dayPart = part } }
        for (word, n) in ParseScope.numberWords { merge(word) { $0.numberWord = n } }
        for word in Vocabulary.connectors { merge(word) { $0.isConnector = true } }
        for word in Vocabulary.weekdayOpeners { merge(word) { $0.opensShortWeekday = true } }
        for word in ParseScope.starterWords { merge(word) { $0.startsReading = true } }
        for word in Vocabulary.holidayWords { merge(word) { $0.mayNameHoliday = true } }
        for word in ParseScope.repeatWords { merge(word) { $0.opensRepeat = true } }
        return (slots, entries)
    }()
    private static let slots = table.slots
    private static let entries = table.entries
}

/// A part of the day: sets a default time and decides AM or PM for a bare hour.
enum DayPart: Sendable, Hashable {
    case morning, afternoon, evening

    var defaultHour: Int {
        switch self {
        case .morning: 9
        case .afternoon: 14
        case .evening: 19
        }
    }
}
