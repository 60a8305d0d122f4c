import Foundation
import TaskCore
import TaskerTestSupport
import Testing
@testable import TaskNL

/// The grammar's fast paths (issue 13: `parse --json -` at 150,000 lines a second) give exactly what
/// the general paths they short-cut give: the JSON writer against `JSONValue`, the split's one-pass
/// check against the separators' regular expressions, the ASCII tokenizer and title against the
/// Character ones, the dictation word checks against the phrase lists, and the scan's skipping of
/// plain words against asking every reader.
@Suite struct FastPathTests {
    static let zone = TimeZone(identifier: "Europe/London")!
    static let now = ISODate.parse("2026-12-02T10:30:00+00:00", in: zone)!

    /// Every line of the peer benchmark's phrases and every fixture input.
    static func realInputs() throws -> [String] {
        let bench = try FixtureFile.text("bench/phrases.txt").split(separator: "\n").map(String.init)
        return bench + (try FixtureCase.load(suffix: ".cases").map(\.input))
    }

    /// Words and pieces that trip writers and scanners: separators in every case, quotes,
    /// backslashes, control characters, JavaScript line breaks, non-ASCII white space and letters.
    static let pieces = [
        "call", "mom", "tomorrow", "5pm", "and", "AND", "And", "also", "ALSO", "then", "alſo", ";", "; ", ",", "-", "–",
        ":", "\"", "\\", "\\n", "\n", "\r", "\r\n", "\t", "\u{0B}", "\u{0C}", "\u{00}", "\u{1F}", "\u{7F}", "\u{85}",
        "\u{A0}", "\u{2028}", "\u{2029}", "\u{3000}", "🙂", "👩‍👩‍👧", "é", "e\u{301}", "ß", "ﬁx", "İ", "’", "don’t", "uh",
        "so", "i", "need", "to", "probably", "guess", "#work", "@home", "!high", "~15m", "every", "monday", "at",
        "noon", "in", "2", "hours", "remind", "me", " ", "  ", "",
    ]

    static func randomText(_ rng: inout SeededRandom, maxPieces: Int = 10) -> String {
        var text = ""
        for _ in 0..<Int.random(in: 0...maxPieces, using: &rng) {
            text += pieces.randomElement(using: &rng)!
            if Bool.random(using: &rng) { text += " " }
        }
        return text
    }

    // MARK: - JSON

    @Test func jsonWriterWritesTheBytesOfTheGenericWriterForAnyStrings() {
        var rng = SeededRandom(seed: 13)
        for _ in 0..<500 {
            func maybe<T>(_ value: @autoclosure () -> T) -> T? { Bool.random(using: &rng) ? value() : nil }
            var draft = TaskDraft(title: Self.randomText(&rng))
            draft.due = maybe(Self.now.addingTimeInterval(Double(Int.random(in: -100_000_000...100_000_000, using: &rng))))
            draft.priority = Priority.allCases.randomElement(using: &rng)!
            draft.estimateMinutes = maybe(Int.random(in: 1...100_000, using: &rng))
            draft.energy = maybe(Energy.allCases.randomElement(using: &rng)!)
            draft.contexts = (0..<Int.random(in: 0...3, using: &rng)).map { _ in Self.randomText(&rng, maxPieces: 3) }
            draft.kind = maybe(TaskKind.allCases.randomElement(using: &rng)!)
            draft.recurrence = maybe(RecurrenceRule(frequency: .weekly, interval: 2, weekdays: [.mon, .thu]))
            draft.deferUntil = maybe(LocalDate(year: 2027, month: 2, day: 28))
            switch Int.random(in: 0...2, using: &rng) {
            case 0: draft.remind = .minutesBefore(Int.random(in: 0...10_000, using: &rng))
            case 1: draft.remind = .at(Self.now.addingTimeInterval(3_600))
            default: break
            }
            draft.place = maybe(PlaceBinding(place: Self.randomText(&rng, maxPieces: 3), trigger: Bool.random(using: &rng) ? .arrive : .leave))
            let chips = (0..<Int.random(in: 0...4, using: &rng)).map { _ in Chip(field: .context, text: Self.randomText(&rng, maxPieces: 3)) }
            let result = ParseResult(draft: draft, understood: chips)
            for zone in [Self.zone, TimeZone(identifier: "Asia/Kathmandu")!] {
                var bytes: [UInt8] = []
                result.appendJSON(timeZone: zone, to: &bytes)
                #expect(bytes == Array(result.json(timeZone: zone).encoded().utf8), "\(draft)")
            }
        }
    }

    // MARK: - Split

    @Test func splitFastPathGivesWhatTheSeparatorsGive() throws {
        let parser = TaskNLParser()
        var rng = SeededRandom(seed: 7)
        let inputs = try Self.realInputs() + (0..<2_000).map { _ in Self.randomText(&rng) }
        var fast = 0
        for text in inputs {
            if TaskNLParser.holdsNoSplit(text) { fast += 1 }
            #expect(parser.splitTasks(text, now: Self.now, timeZone: Self.zone) == parser.splitAtSeparators(text, now: Self.now, timeZone: Self.zone), "\(text.debugDescription)")
        }
        #expect(fast >= 300, "the fast path answered only \(fast) of \(inputs.count) lines")
    }

    // MARK: - Tokens and titles

    @Test func asciiTokensAreTheScalarTokens() throws {
        var rng = SeededRandom(seed: 11)
        let inputs = try Self.realInputs() + (0..<2_000).map { _ in Self.randomText(&rng) }
        for text in inputs {
            let fast = Tokenizer.tokens(of: text), general = Tokenizer.scalarTokens(of: text)
            #expect(fast.map(\.raw) == general.map(\.raw), "\(text.debugDescription)")
            #expect(fast.map(\.word) == general.map(\.word), "\(text.debugDescription)")
            #expect(fast.map(\.range) == general.map(\.range), "\(text.debugDescription)")
        }
    }

    @Test func asciiTitleIsTheCharacterTitle() throws {
        var rng = SeededRandom(seed: 17)
        let words = ["call", "Call", "iPhone", "mom", "-", "--", ",", ";", ":", "-x", "x-", "a,", ";b", "ABC", "z", "1st", "é"]
        var checked = 0
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 0...6, using: &rng)).map { _ in words.randomElement(using: &rng)! }.joined(separator: " ")
            guard let fast = TitleText.asciiTitle(text) else { continue }
            #expect(fast == TitleText.characterTitle(text, whole: ""), "\(text.debugDescription)")
            checked += 1
        }
        #expect(checked >= 1_000)
    }

    // MARK: - Dictation

    /// The phrase checks as they were first written: each list entry compared with the words, longest
    /// first; a `put` opener only with a list named at the end, bare `add` only before an instruction
    /// verb or such a list, a filler only before an opener (or `please` before an instruction verb).
    static func referenceOpener(_ words: [String]) -> Int? {
        let straight = words.map { $0.replacingOccurrences(of: "’", with: "'") }
        guard straight.count > 1 else { return nil }
        func starts(_ phrase: [String]) -> Bool { phrase.count < straight.count && Array(straight.prefix(phrase.count)) == phrase }
        let tail = Dictation.listTail(straight)
        for phrase in Dictation.putOpeners where starts(phrase) {
            if let tail, phrase.count + tail < straight.count { return phrase.count }
        }
        for phrase in Dictation.openers.sorted(by: { $0.count > $1.count }) where starts(phrase) {
            if phrase == ["so"], Dictation.soKeeps.contains(straight[1]) { continue }
            return phrase.count
        }
        if let phrase = Dictation.addOpeners.first(where: starts) { return phrase.count }
        if straight[0] == "add", Dictation.instructionVerbs.contains(straight[1]) || (tail.map { $0 + 1 < straight.count } ?? false) {
            return 1
        }
        if Dictation.fillers.contains(straight[0]) {
            if straight[0] == "please", Dictation.instructionVerbs.contains(straight[1]) { return 1 }
            if referenceOpener(Array(straight.dropFirst())) != nil { return 1 }
        }
        return nil
    }

    static func referenceHedge(_ words: [String]) -> Int? {
        Dictation.hedges.first { $0.count < words.count && Array(words.suffix($0.count)) == $0 }?.count
    }

    @Test func dictationWordChecksAreThePhraseLists() {
        var rng = SeededRandom(seed: 19)
        let lists = [["on", "my", "list"], ["to", "the", "todo", "list"], ["to", "my", "tasks"]]
        let vocabulary = Array(Set((Dictation.openers + Dictation.hedges + Dictation.addOpeners + Dictation.putOpeners + lists).flatMap { $0 }
            + Dictation.soKeeps + Dictation.fillers + ["don’t", "call", "mom", "add", "buy"]))
        for _ in 0..<5_000 {
            let words = (0..<Int.random(in: 0...7, using: &rng)).map { _ in vocabulary.randomElement(using: &rng)! }
            #expect(Dictation.opener(words) == Self.referenceOpener(words), "\(words)")
            #expect(Dictation.hedge(words) == Self.referenceHedge(words), "\(words)")
        }
    }

    // MARK: - Vocabulary and chips

    /// The hashed lexicon says what the vocabulary's tables say, for every word they hold and every
    /// word of the fixtures (mostly in none of them).
    @Test func lexiconEntriesAreTheTablesEntries() throws {
        let tableWords = Array(Vocabulary.fullWeekdays.keys) + Array(Vocabulary.shortWeekdays.keys) + Array(Vocabulary.months.keys)
            + Array(Vocabulary.dayParts.keys) + Array(ParseScope.numberWords.keys) + Array(Vocabulary.connectors)
            + Array(Vocabulary.weekdayOpeners) + Array(ParseScope.starterWords)
        let words = try Self.realInputs().flatMap { Tokenizer.tokens(of: $0).map(\.word) } + tableWords + ["", "mondays", "Monday", "jun."]
        for word in Set(words) {
            let entry = Lexeme.of(word)
            #expect(entry.weekday == Vocabulary.fullWeekdays[word], "\(word)")
            #expect(entry.shortWeekday == Vocabulary.shortWeekdays[word], "\(word)")
            #expect(entry.month == Vocabulary.months[word], "\(word)")
            #expect(entry.dayPart == Vocabulary.dayParts[word], "\(word)")
            #expect(entry.numberWord == ParseScope.numberWords[word], "\(word)")
            #expect(entry.isConnector == Vocabulary.connectors.contains(word), "\(word)")
            #expect(entry.opensShortWeekday == Vocabulary.weekdayOpeners.contains(word), "\(word)")
            #expect(entry.startsReading == ParseScope.starterWords.contains(word), "\(word)")
        }
    }

    @Test func chipTimesAreTheFormattedClock() {
        for seconds in stride(from: 0, to: 86_400, by: 60) {
            let h = seconds / 3_600, m = seconds % 3_600 / 60
            let h12 = h % 12 == 0 ? 12 : h % 12
            #expect(ChipText.time(seconds) == "\(h12):\(m < 10 ? "0" : "")\(m) \(h < 12 ? "AM" : "PM")")
        }
    }

    /// The due chip written byte by byte equals the text made by interpolation, for today,
    /// tomorrow, dates this year and other years (five-digit and negative ones too).
    @Test func chipDueIsTheInterpolatedText() {
        let today = LocalDate(year: 2026, month: 12, day: 2)
        let days = [today, today.adding(days: 1), today.adding(days: -1), today.adding(days: 29), LocalDate(year: 2027, month: 1, day: 1),
                    LocalDate(year: 12_345, month: 6, day: 7), LocalDate(year: -44, month: 3, day: 15), LocalDate(year: 5, month: 10, day: 31)]
        for day in days {
            let name = "\(Vocabulary.weekdayAbbreviations[day.weekday.isoNumber - 1]) \(day.day) \(Vocabulary.monthAbbreviations[day.month - 1])"
            let date = day.year == today.year ? name : "\(name) \(day.year)"
            #expect(ChipText.date(day, today: today) == date)
            for seconds in [0, 59, 3_600 * 9, 3_600 * 12 + 60 * 5, 86_399] {
                let dayText = day == today ? "Today" : day == today.adding(days: 1) ? "Tomorrow" : date
                #expect(ChipText.due(day: day, seconds: seconds, today: today) == "\(dayText), \(ChipText.time(seconds))")
            }
        }
    }

    // MARK: - Scan

    /// Where `mayStartReading` says no reader starts, none does: checked at every word of every
    /// fixture and benchmark phrase, and of random sentences made of those words.
    @Test func noReaderStartsAtAWordTheScanPassesOver() throws {
        let cases = try FixtureCase.load(suffix: ".cases")
        let bench = try FixtureFile.text("bench/phrases.txt").split(separator: "\n").map(String.init)
        var inputs = cases.map { ($0.input, $0.places) } + bench.map { ($0, [String]()) }
        let words = Array(Set(inputs.flatMap { Tokenizer.tokens(of: $0.0).map(\.raw) }))
        var rng = SeededRandom(seed: 23)
        for _ in 0..<3_000 {
            let sentence = (0..<Int.random(in: 1...6, using: &rng)).map { _ in words.randomElement(using: &rng)! }.joined(separator: " ")
            inputs.append((sentence, ["supermarket", "work", "home"]))
        }
        var passedOver = 0
        for (text, places) in inputs {
            let scope = ParseScope(text: text, now: Self.now, timeZone: Self.zone, places: places)
            for i in 0..<scope.count where !scope.mayStartReading(at: i) {
                passedOver += 1
                let read = scope.readPlace(at: i) != nil || scope.readReminder(at: i) != nil || scope.readRecurrence(at: i) != nil
                    || scope.readDefer(at: i) != nil || scope.bareTimeRangeEnd(at: i) != nil || scope.readPhrase(at: i) != nil
                    || scope.readPriority(at: i) != nil || scope.readEstimate(at: i) != nil || scope.readEnergy(at: i) != nil
                    || scope.readTag(at: i) != nil || Vocabulary.dayParts[scope.word(i)] != nil
                #expect(!read, "a reader starts at \(scope.word(i).debugDescription) in \(text.debugDescription)")
            }
        }
        #expect(passedOver >= 1_000)
    }

    /// Where `mayStartElement` says no element of a phrase starts, none does, after a connector or
    /// not: checked at every word of every fixture, corpus and benchmark phrase, and of random
    /// sentences made of those words.
    @Test func noPhraseElementStartsWhereThePhrasePassesOver() throws {
        let cases = try FixtureCase.load(suffix: ".cases")
        let bench = try FixtureFile.text("bench/phrases.txt").split(separator: "\n").map(String.init)
        let corpora = try ExternalCorpus.all().flatMap { $0.cases.map(\.input) }
        var inputs = cases.map(\.input) + bench + corpora
        let words = Array(Set(inputs.flatMap { Tokenizer.tokens(of: $0).map(\.raw) }))
        var rng = SeededRandom(seed: 41)
        for _ in 0..<3_000 {
            inputs.append((0..<Int.random(in: 1...6, using: &rng)).map { _ in words.randomElement(using: &rng)! }.joined(separator: " "))
        }
        var passedOver = 0
        for text in inputs {
            let scope = ParseScope(text: text, now: Self.now, timeZone: Self.zone)
            for k in 0..<scope.count where !scope.mayStartElement(at: k) {
                passedOver += 1
                let read = scope.readInstant(at: k) != nil || scope.readOffset(at: k) != nil || scope.readDay(at: k) != nil
                    || scope.readDay(at: k, afterConnector: true) != nil || scope.readTime(at: k) != nil || scope.readDayPart(at: k) != nil
                #expect(!read, "an element starts at \(scope.word(k).debugDescription) in \(text.debugDescription)")
            }
        }
        #expect(passedOver >= 1_000)
    }
}
