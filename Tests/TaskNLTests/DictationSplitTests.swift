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
}
