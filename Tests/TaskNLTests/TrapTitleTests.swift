import Foundation
import TaskCore
import TaskerTestSupport
import Testing
@testable import TaskNL

/// The titles of `Fixtures/parser/traps.titles` never become dates: alone, behind any opener and
/// before any suffix the grammar reads as something other than a date; and a real date said after
/// one lands on the day that date gives after a plain title.
@Suite struct TrapTitleTests {
    static let now = Date(timeIntervalSince1970: 1_796_207_400)  // Wed 2 Dec 2026 10:30 UTC
    static let zone = TimeZone(identifier: "Europe/London")!

    static func traps() throws -> [String] {
        try FixtureFile.text("parser/traps.titles").split(separator: "\n").map(String.init)
            .filter { !$0.hasPrefix("//") && !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    /// Openers, list markers and prefixes that leave the title and name no date.
    static let prefixes = [
        "", "could you add ", "please add ", "can you remind me to ", "remind me to ", "i need to ", "gotta ", "new task: ",
        "maybe ", "i should probably ", "um ", "todo: ", "- ", "don't forget to ", "hey could you add ", "add ",
    ]

    /// Suffixes the grammar reads as tags, priorities, estimates, energy or hedges: never a date.
    static let suffixes = [
        "", " #errands", " @phone", " !high", " urgent", " ~15m", " for 2 hours", " deep work", " probably", " at some point",
        " i guess", " or something", " to my list", " #home !low ~30m",
    ]

    /// Date suffixes; each must give the due it gives after `call bob`.
    static let dates = [
        " tomorrow", " on friday", " next monday at 3pm", " on the 21st", " by the end of the month", " in 3 days", " tonight",
        " due the 28th at 9am",
    ]

    static func hasNoDate(_ result: ParseResult) -> Bool {
        result.draft.due == nil && result.draft.recurrence == nil && result.draft.deferUntil == nil
    }

    @Test func noTrapTitleAloneHasADate() throws {
        let traps = try Self.traps()
        #expect(traps.count >= 30)
        let parser = TaskNLParser()
        for title in traps {
            let result = parser.parse(title, now: Self.now, timeZone: Self.zone)
            #expect(Self.hasNoDate(result), "\(title.debugDescription) gave \(result.understood.map(\.text))")
        }
    }

    /// Seeded: 4,000 random prefix × trap × suffix sentences, then the same with a date suffix.
    @Test func noPrefixOrSuffixMakesATrapADateAndADateAfterOneIsRight() throws {
        let traps = try Self.traps()
        let parser = TaskNLParser()
        var rng = SeededRandom(seed: 0x7A5C_2026_1232)
        var wrong: [String] = []
        let control = Dictionary(uniqueKeysWithValues: Self.dates.map { ($0, parser.parse("call bob" + $0, now: Self.now, timeZone: Self.zone).draft.due) })
        for date in Self.dates { #expect(control[date] ?? nil != nil, "control \(date) has a due") }
        for _ in 0..<2_000 {
            let sentence = Self.prefixes.randomElement(using: &rng)! + traps.randomElement(using: &rng)! + Self.suffixes.randomElement(using: &rng)!
            let result = parser.parse(sentence, now: Self.now, timeZone: Self.zone)
            if !Self.hasNoDate(result) { wrong.append("\(sentence.debugDescription) gave \(result.understood.map(\.text))") }
        }
        for _ in 0..<2_000 {
            let date = Self.dates.randomElement(using: &rng)!
            let sentence = Self.prefixes.randomElement(using: &rng)! + traps.randomElement(using: &rng)! + date
            let due = parser.parse(sentence, now: Self.now, timeZone: Self.zone).draft.due
            if due != control[date] ?? nil { wrong.append("\(sentence.debugDescription) is due \(String(describing: due))") }
        }
        #expect(wrong.isEmpty, "\(wrong.count) traps read as dates; the first: \(wrong.prefix(10).joined(separator: "\n"))")
    }
}
