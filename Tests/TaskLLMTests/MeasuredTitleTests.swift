import Foundation
import Testing
import TaskCore
import TaskNL
@testable import TaskLLM

/// Issue 42: the titles real SmolLM2 gave on the dictation sets (`scripts/measure-refine`, 6 December
/// 2026) that made the model path worse than the rules alone. Each now gives way to the rules' title.
@Suite struct MeasuredTitleTests {
    static let zone = TimeZone(identifier: "Europe/London")!
    static let now = ISODate.parse("2026-12-02T10:30", in: zone, defaultHour: 0)!

    /// (the source the model named, its title, the title the drafts keep).
    static let measured: [(source: String, title: String, kept: String)] = [
        ("buy flowers for anna", "Buy flowers for Anna", "Buy flowers for anna"),
        ("call bob", "Call Bob", "Call bob"),
        ("call bob about 5pm", "Call Bob", "Call bob"),
        ("pick up the dry cleaning by noon", "Pick Up Dry Cleaning", "Pick up the dry cleaning"),
        ("buy bread, milk and eggs", "Buy Bread, Milk, Eggs", "Buy bread, milk and eggs"),
        ("pick up the dry cleaning before 6", "Pick Up Dry Cleaning", "Pick up the dry cleaning"),
        ("text the group", "Text the Group", "Text the group"),
    ]

    @Test(arguments: 0..<measured.count)
    func aTitleThatOnlyRecasesOrDropsInnerWordsGivesWay(_ index: Int) {
        let (source, title, kept) = Self.measured[index]
        let parser = TaskNLParser()
        let merger = RefinementMerger(parser: parser, now: Self.now, timeZone: Self.zone)
        let rules = parser.parse(source, now: Self.now, timeZone: Self.zone)
        #expect(rules.draft.title == kept)
        #expect(merger.merge(ModelTask(source: source, title: title), into: rules).draft.title == kept)
    }

    /// What a model title may still do: leave out the spoken opener and fillers the rules kept.
    @Test(arguments: [("um so buy milk", "Buy milk"), ("okay so the gutters need cleaning", "Gutters need cleaning"),
                      ("call the plumber or something", "Call the plumber")])
    func theOpenerAndFillersMayGo(source: String, title: String) {
        let parser = TaskNLParser()
        let merger = RefinementMerger(parser: parser, now: Self.now, timeZone: Self.zone)
        let rules = parser.parse(source, now: Self.now, timeZone: Self.zone)
        #expect(merger.merge(ModelTask(source: source, title: title), into: rules).draft.title == title, "rules: \(rules.draft.title)")
    }
}
