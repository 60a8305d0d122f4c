import Foundation
import TaskCore
import TaskerTestSupport
import Testing
@testable import TaskNL

/// Dictation of several tasks splits like speech (issue 42): `Fixtures/parser/issue42.dictations`
/// (every line the issue quotes) all right, `messy.dictations` at least 90% right with the rules alone,
/// and no one-task line of either split.
@Suite struct DictationSplitTests {
    /// The drafts `parse` gives for `c`, in the fixture's form.
    static func drafts(_ c: ParserFixtureInputs.Dictation) -> [String] {
        TaskNLParser().parseTasks(c.input, now: c.now, timeZone: c.timeZone).map { result in
            result.draft.title + (result.draft.due.map { " | " + ISODate.format($0, in: c.timeZone) } ?? "")
        }
    }

    static func expected(_ c: ParserFixtureInputs.Dictation) -> [String] {
        c.drafts.map { $0.title + ($0.due.map { " | " + $0 } ?? "") }
    }

    @Test func everyLineTheIssueQuotesComesOutRight() throws {
        let cases = try ParserFixtureInputs.dictations("issue42.dictations")
        #expect(cases.count >= 25)
        for c in cases {
            #expect(Self.drafts(c) == Self.expected(c), "\(c)")
        }
    }

    /// A header that names tasks splits its list item by item; any other header's list stays one.
    @Test func listsUnderAHeaderComeOutRight() throws {
        let cases = try ParserFixtureInputs.dictations("headers.dictations")
        #expect(cases.count >= 8)
        for c in cases {
            #expect(Self.drafts(c) == Self.expected(c), "\(c)")
        }
    }

    @Test func messyDictationsAreNinetyPercentRightAndOneTaskLinesStayWhole() throws {
        let cases = try ParserFixtureInputs.dictations("messy.dictations")
        #expect(cases.count >= 40)
        var right = 0
        var wrong: [String] = []
        for c in cases {
            let got = Self.drafts(c)
            if got == Self.expected(c) {
                right += 1
            } else {
                wrong.append("\(c): \(got)")
            }
            if c.drafts.count == 1 { #expect(got.count == 1, "a one-task line was split: \(c) → \(got)") }
        }
        print("messy dictations: \(right)/\(cases.count) right with the rules alone" + wrong.map { "\n  wrong: " + $0 }.joined())
        #expect(right * 10 >= cases.count * 9, "\(right)/\(cases.count): \(wrong)")
    }

    /// The split's fast path compares packed words against literals: they are the words.
    @Test func theFastPathsSeparatorWordsAreTheWords() {
        typealias W = TaskNLParser.SeparatorWord
        let words = ["and", "also", "then", "plus", "oh", "forget", "after", "that", "i", "need", "have"]
        #expect([W.and, W.also, W.then, W.plus, W.oh, W.forget, W.after, W.that, W.i, W.need, W.have] == words.map(W.packed))
        #expect(W.firstLetters == words.reduce(UInt32(0)) { $0 | 1 << UInt32(($1.utf8.first ?? 0x61) - 0x61) })
        for line in ["call mom after that buy milk", "I need to call mom", "pay rent, call mom", "Buy milk. Call mom", "x oh y", "don't forget milk"] {
            #expect(!TaskNLParser.holdsNoSplit(line), "\(line)")
        }
        for line in ["call mom after lunch", "I want tea", "pay rent tomorrow at 10:30", "buy oh-so-good cookies"] {
            #expect(TaskNLParser.holdsNoSplit(line), "\(line)")
        }
    }
}
