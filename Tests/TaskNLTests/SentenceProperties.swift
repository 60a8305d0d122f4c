import Foundation
import TaskCore
import Testing
@testable import TaskNL

/// Property tests over generated and mutated sentences: the parser never crashes, never drops a word,
/// never sets a due date without a chip saying so, and gives the same answer twice.
@Suite struct SentenceProperties {
    /// 4 shards × 25,000 = 100,000 sentences (shards run in parallel).
    static let shards = 4
    static let perShard = 25_000

    @Test(arguments: 0..<shards)
    func generatedAndMutatedSentencesKeepThePromises(shard: Int) throws {
        let seeds = try FixtureCase.load(suffix: ".cases").map(\.input)
        var generator = SentenceGenerator(seed: UInt64(shard) &* 0x9E37_79B9_7F4A_7C15 &+ 1, seeds: seeds)
        let parser = TaskNLParser()
        let zones = ["Europe/London", "America/New_York", "Asia/Tokyo", "Australia/Sydney", "UTC"].compactMap(TimeZone.init(identifier:))
        var problems: [String] = []
        var problemCount = 0
        var checked = 0
        var distinct = Set<String>()
        for n in 0..<Self.perShard {
            let sentence = n % 2 == 0 ? generator.generated() : generator.mutated()
            let zone = zones[n % zones.count]
            let now = Date(timeIntervalSince1970: 1_780_000_000 + Double(generator.next() % 40_000_000))
            let result = parser.parse(sentence, now: now, timeZone: zone)
            checked += 1
            distinct.insert(sentence)
            var problem = Self.check(sentence, result)
            if problem == nil, n % 8 == 0, parser.parse(sentence, now: now, timeZone: zone) != result {
                problem = "not deterministic"
            }
            if let problem {
                problemCount += 1
                if problems.count < 20 { problems.append("\"\(sentence)\" @\(now) \(zone.identifier): \(problem)") }
            }
        }
        #expect(checked == Self.perShard, "checked \(checked) of \(Self.perShard) generated sentences")
        // A generator stuck on a few sentences would make the 100,000 checks hollow.
        #expect(distinct.count >= Self.perShard / 2, "only \(distinct.count) distinct sentences of \(Self.perShard)")
        #expect(problemCount == 0, "\(problemCount) broken promises; the first \(problems.count):\n\(problems.joined(separator: "\n"))")
    }

    @Test func theCheckCatchesADroppedWordAndAStrayDue() {
        let dropped = ParseResult(draft: TaskDraft(title: "Call"), understood: [])
        #expect(Self.check("call mom", dropped) != nil)
        let stray = ParseResult(draft: TaskDraft(title: "Call mom", due: Date()), understood: [])
        #expect(Self.check("call mom", stray) != nil)
        let fine = ParseResult(draft: TaskDraft(title: "Call"), understood: [Chip(field: .context, text: "#mom", spans: [5..<9])])
        #expect(Self.check("call #mom", fine) == nil)
    }

    /// Nil when the result keeps every promise for `sentence`, else what is wrong.
    static func check(_ sentence: String, _ result: ParseResult) -> String? {
        let chips = result.understood
        let order = Chip.Field.allCases
        let ranks = chips.map { order.firstIndex(of: $0.field) ?? 0 }
        if ranks != ranks.sorted() { return "chips out of order: \(chips.map(\.text))" }
        if result.draft.due != nil, !chips.contains(where: { $0.field == .due }) { return "due without a due chip" }
        if let dueChip = chips.first(where: { $0.field == .due }), dueChip.spans.isEmpty,
            !chips.contains(where: { $0.field == .recurrence })
        {
            return "due chip with no span and no recurrence"
        }
        if result.draft.due == nil, chips.contains(where: { $0.field == .due }) { return "due chip without a due" }
        let covered = chips.flatMap(\.spans) + result.ignoredSpans
        let title = result.draft.title.lowercased()
        let hasText = sentence.unicodeScalars.contains { !Tokenizer.isSpace($0) }
        if hasText && title.isEmpty { return "empty title" }
        for word in Tokenizer.tokens(of: sentence) {
            if covered.contains(where: { $0.lowerBound <= word.range.lowerBound && word.range.upperBound <= $0.upperBound }) { continue }
            let core = TitleText.trimmed(word.raw).lowercased()
            if !core.isEmpty && !title.contains(core) { return "dropped word '\(word.raw)' (title '\(result.draft.title)')" }
        }
        return nil
    }
}

/// Sentences made of the grammar's own words, title words and junk, and mutations of the golden inputs.
struct SentenceGenerator {
    private var state: UInt64
    private let seeds: [String]

    init(seed: UInt64, seeds: [String]) {
        state = seed
        self.seeds = seeds.isEmpty ? ["call mom tomorrow"] : seeds
    }

    /// SplitMix64.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }

    static let pool: [String] = [
        "call", "mom", "buy", "milk", "pay", "rent", "meet", "bob", "report", "the", "a", "for", "to", "at", "on", "by",
        "due", "before", "until", "in", "every", "other", "this", "next", "day", "days", "week", "weeks", "month",
        "months", "year", "years", "weekday", "weekend", "today", "tonight", "tomorrow", "tmrw", "tmr", "after",
        "friday", "fri", "mon", "monday", "sun", "sunday", "weds", "sept", "jun", "june", "may", "dec", "feb", "12",
        "12th", "1st", "29", "30", "31", "2027", "2026-06-12", "2026-02-30", "5", "5pm", "5:30", "5.30pm", "17:00", "17h",
        "2h", "1.5h", "noon", "midnight", "morning", "evening", "afternoon", "am", "pm", "p.m.", "12am", "~15m",
        "~1h30m", "30", "min", "mins", "hours", "hour", "an", "half", "#family", "@phone", "#quick", "~deep",
        "deep", "work", "#123", "bob@example.com", "!high", "!!", "!!!", "urgent", "asap", "someday", "low",
        "high", "priority", "remind", "me", "todo:", "idea:", "task:", "defer", "starting", "start", "daily",
        "weekly", "monthly", "yearly", "pick", "up", "waiting", "on", ",", "-", ";", ":", "!", "?", "iPhone", "café",
        "naïve", "日本", "🙂", "ß", "ﬁx", "İstanbul", "at5", "5pmm", "::", "~", "#", "@", "—", "0", "24:00", "99",
        "1000000000000", "in2", "twelve", "o'clock", "of", "and", "&", "uh", "um", "so", "okay", "i", "need", "gotta",
        "should", "don't", "forget", "probably", "guess", "or", "something", "if", "possible", "good", "also", "then",
    ]

    mutating func generated() -> String {
        let count = Int(next() % 9)
        var words: [String] = []
        for _ in 0..<count {
            var w = pick(Self.pool)
            switch next() % 10 {
            case 0: w = w.uppercased()
            case 1: w += pick([",", ".", "!", "?", ";", ":"])
            case 2: w = w.capitalized
            default: break
            }
            words.append(w)
        }
        return words.joined(separator: pick([" ", " ", " ", "  ", "\t", " \u{00A0}"]))
    }

    mutating func mutated() -> String {
        var words = pick(seeds).split(separator: " ").map(String.init)
        for _ in 0..<(1 + Int(next() % 3)) {
            let at = words.isEmpty ? 0 : Int(next() % UInt64(words.count))
            switch next() % 7 {
            case 0: if !words.isEmpty { words.remove(at: at) }
            case 1: words.insert(pick(Self.pool), at: at)
            case 2: if !words.isEmpty { words.insert(words[at], at: at) }
            case 3: if words.count > 1 { words.swapAt(at, (at + 1) % words.count) }
            case 4: if !words.isEmpty { words[at] = words[at].uppercased() }
            case 5: if !words.isEmpty { words[at] += pick([",", ".", "!!", ":", "-", "🙂"]) }
            default:
                if !words.isEmpty, !words[at].isEmpty {
                    var chars = Array(words[at])
                    chars.remove(at: Int(next() % UInt64(chars.count)))
                    words[at] = String(chars)
                }
            }
        }
        return words.joined(separator: " ")
    }
}
