import Foundation
import TaskCore
import Testing
@testable import TaskNL

/// Several tasks in one line (issue 12): split only at unmistakable separators.
@Suite struct TaskSplitTests {
    static let zone = TimeZone(identifier: "Europe/London")!
    static let now = ISODate.parse("2026-12-02T10:30:00+00:00", in: zone)!
    static func split(_ text: String) -> [String] { TaskNLParser().splitTasks(text, now: now, timeZone: zone) }

    @Test(arguments: [
        ("buy milk tomorrow and also call mom friday at 5pm", ["buy milk tomorrow", "call mom friday at 5pm"]),
        ("buy milk; call mom", ["buy milk", "call mom"]),
        ("email bob; fix the sink", ["email bob", "fix the sink"]),
        ("buy milk\ncall mom", ["buy milk", "call mom"]),
        ("pick up the kids and then pay the gas bill", ["pick up the kids", "pay the gas bill"]),
        ("call mom and buy milk", ["call mom", "buy milk"]),
        ("call mom and dad and buy milk", ["call mom and dad", "buy milk"]),
        ("email bob tomorrow and fix the sink friday", ["email bob tomorrow", "fix the sink friday"]),
        ("call the bank also pay rent", ["call the bank", "pay rent"]),
        ("clean the oven and also descale the kettle", ["clean the oven", "descale the kettle"]),  // issue 32
        ("could you add buy milk and also call mom", ["could you add buy milk", "call mom"]),
        ("call mom and also", ["call mom and also"]),
        ("; buy milk", ["; buy milk"]),
        ("buy milk;call mom", ["buy milk;call mom"]),
        ("x\u{1B}]52;c;ZXZpbA==\u{07}y", ["x\u{1B}]52;c;ZXZpbA==\u{07}y"]),
    ] as [(String, [String])])
    func splits(text: String, parts: [String]) {
        #expect(Self.split(text) == parts)
    }

    @Test(arguments: [
        "buy milk and eggs tomorrow",            // `eggs tomorrow` has a date but `buy milk` has none
        "call mom and dad",
        "salt and pepper shakers",
        "meet bob and alice friday",
        "fix the sink and also the tap",         // unmistakable, but `the tap`… is a clause of its own
        "rock and roll night friday",
        "research also-rans for the report",
        "write the intro and conclusion by friday",
        "ask tom and jerry about the party",     // issue 32: a model split it in two
        "plan the menu for friday and saturday", // `saturday` alone is a date, not a task
    ])
    func keepsOneTask(text: String) {
        if text == "fix the sink and also the tap" {
            #expect(Self.split(text) == ["fix the sink", "the tap"], "`and also` always splits")
        } else {
            #expect(Self.split(text) == [text])
        }
    }

    @Test func eachPartIsParsedOnItsOwnAndNoWordButASeparatorLeaves() {
        let line = "uh buy milk tomorrow and also call mom friday at 5pm"
        let results = TaskNLParser().parseTasks(line, now: Self.now, timeZone: Self.zone)
        #expect(results.map(\.draft.title) == ["Buy milk", "Call mom"])
        #expect(results[1].draft.due.map { ISODate.format($0, in: Self.zone) } == "2026-12-04T17:00:00+00:00")
        let kept = Set(Self.split(line).joined(separator: " ").split(separator: " ").map(String.init))
        let dropped = Set(line.split(separator: " ").map(String.init)).subtracting(kept)
        #expect(dropped.isSubset(of: ["and", "also", "then"]))
    }
}
