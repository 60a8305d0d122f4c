import Testing
@testable import TaskNL

@Suite struct DurationPhraseTests {
    @Test(arguments: [
        ("90 min", 90), ("90min", 90), ("45 mins", 45), ("1h30", 90), ("1h30m", 90), ("1.5h", 90),
        ("1.5 hours", 90), ("2 hours", 120), ("two hours", 120), ("2h", 120), ("an hour", 60),
        ("half an hour", 30), ("a minute", 1), ("45m", 45), ("for 90min", 90), ("3 hours,", 180),
    ] as [(String, Int)])
    func readsMinutes(text: String, minutes: Int) {
        #expect(DurationPhrase.first(in: text)?.minutes == minutes)
    }

    @Test(arguments: ["nothing", "i am tired", "buy 5 apples", "30", "room 3", "half a day", ""])
    func findsNothingWhereThereIsNoDuration(text: String) {
        #expect(DurationPhrase.first(in: text) == nil)
    }

    @Test func rangeCoversThePhraseOnly() throws {
        let text = "plan my day, 2 hours, deep 🙂"
        let phrase = try #require(DurationPhrase.first(in: text))
        #expect(text[phrase.range] == "2 hours,")
        let emoji = "🙂 i have 1h30 left"
        let first = try #require(DurationPhrase.first(in: emoji))
        #expect(emoji[first.range] == "1h30")
        #expect(first.minutes == 90)
    }

    @Test func theGrammarAdmitsArticlesOnlyWhereItsCallerSays() {
        let tokens = Tokenizer.tokens(of: "wait a minute 15m")
        #expect(DurationPhrase.read(tokens, at: 1, allowArticle: false) == nil)
        #expect(DurationPhrase.read(tokens, at: 1, allowArticle: true)?.minutes == 1)
        #expect(DurationPhrase.read(tokens, at: 3, allowArticle: false) == nil)  // `15m` could be metres
        #expect(DurationPhrase.read(tokens, at: 3, allowArticle: false, minuteSuffix: true)?.minutes == 15)
    }
}
