import Foundation
import TaskCore
import Testing
@testable import TaskNL

@Suite struct ParserUnitTests {
    static let london = TimeZone(identifier: "Europe/London")!
    static let now = ISODate.parse("2026-12-02T10:30", in: london, defaultHour: 0)!

    @Test func tokensCarryUTF16SpansAndStripTrailingPunctuation() {
        let tokens = Tokenizer.tokens(of: " 🙂 Friday,  !!! café\tx")
        #expect(tokens.map(\.raw) == ["🙂", "Friday,", "!!!", "café", "x"])
        #expect(tokens.map(\.word) == ["🙂", "friday", "!!!", "café", "x"])
        #expect(tokens.map(\.range) == [1..<3, 4..<11, 13..<16, 17..<21, 22..<23])
    }

    @Test func chipSpansPointAtTheWordsRead() {
        let text = "call mom tomorrow 5pm #family !high ~15m"
        let result = TaskNLParser().parse(text, now: Self.now, timeZone: Self.london)
        let utf16 = Array(text.utf16)
        func spanText(_ r: Range<Int>) -> String { String(decoding: utf16[r], as: UTF16.self) }
        let spans = Dictionary(uniqueKeysWithValues: result.understood.map { ($0.text, $0.spans.map(spanText)) })
        #expect(spans["High"] == ["!high"])
        #expect(spans["≈15 min"] == ["~15m"])
        #expect(spans["#family"] == ["#family"])
        #expect(spans["Tomorrow, 5:00 PM"] == ["tomorrow 5pm"])
        #expect(spans["Call"] == [])
    }

    @Test func jsonHasDesignsShape() throws {
        let result = TaskNLParser().parse("standup every weekday 9:15am ~15m #work starting monday", now: Self.now, timeZone: Self.london)
        let json = result.json(timeZone: Self.london)
        #expect(json["title"] == "Standup")
        #expect(json["due"] == "2026-12-07T09:15:00+00:00")
        #expect(json["priority"] == "normal")
        #expect(json["estimateMinutes"] == 15)
        #expect(json["energy"] == .null)
        #expect(json["contexts"] == ["work"])
        #expect(json["kind"] == .null)
        #expect(json["recurrence"] == ["frequency": "weekly", "interval": 1, "weekdays": ["mon", "tue", "wed", "thu", "fri"]])
        #expect(json["deferUntil"] == "2026-12-07")
        #expect(json["understood"] == ["≈15 min", "#work", "Mon 7 Dec, 9:15 AM", "Every weekday", "Starts Mon 7 Dec"])
        #expect(json.objectValue?.count == 10)
    }

    @Test func chipTexts() {
        #expect(ChipText.estimate(15) == "≈15 min")
        #expect(ChipText.estimate(120) == "≈2 h")
        #expect(ChipText.estimate(90) == "≈1 h 30 min")
        #expect(ChipText.time(0) == "12:00 AM")
        #expect(ChipText.time(12 * 3600 + 5 * 60) == "12:05 PM")
        #expect(ChipText.recurrence(RecurrenceRule(frequency: .weekly, weekdays: [.thu, .mon])) == "Every Mon, Thu")
        #expect(ChipText.recurrence(RecurrenceRule(frequency: .daily, interval: 3)) == "Every 3 days")
    }
}
