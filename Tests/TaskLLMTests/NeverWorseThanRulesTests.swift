import Foundation
import Testing
import TaskCore
import TaskNL
@testable import TaskLLM

/// Issue 32: with a model, a capture is never worse than the rules alone. The rules' split of a line
/// stands (the model may split further inside a part only into pieces that read as tasks); a model
/// title that passes the title rules replaces the rules' title, never the reverse; the rules'
/// confident fields stay.
@Suite struct NeverWorseThanRulesTests {
    static let zone = TimeZone(identifier: "Europe/London")!
    static let now = ISODate.parse("2026-12-02T10:30:00+00:00", in: zone)!
    static let parser = TaskNLParser()
    static let merger = RefinementMerger(parser: parser, now: now, timeZone: zone)

    /// The merged drafts for a scripted answer, as `tasker parse --refine` and the chat's dictation get them.
    static func merged(_ text: String, _ answer: String) throws -> [ParseResult] {
        let rules = parser.parse(text, now: now, timeZone: zone)
        return try merger.merge(answer: JSONValue.parse(answer), text: text, rules: rules).map(\.draft)
    }

    @Test func theRulesSplitStandsWhenTheModelJoins() throws {
        let text = "clean the oven and also descale the kettle"
        let drafts = try Self.merged(text, #"{"tasks": [{"source": "clean the oven and also descale the kettle", "title": "Clean the oven and descale the kettle"}]}"#)
        #expect(drafts.map(\.draft.title) == ["Clean the oven", "Descale the kettle"])
        // A newline and `; ` are splits too.
        let lines = try Self.merged("buy milk; call mom", #"{"tasks": [{"source": "buy milk; call mom", "title": "Buy milk and call mom"}]}"#)
        #expect(lines.map(\.draft.title) == ["Buy milk", "Call mom"])
    }

    @Test func oneTaskStaysOneWhenTheModelSplitsIntoAPieceThatIsNoTask() throws {
        let text = "ask tom and jerry about the party"
        let drafts = try Self.merged(text, #"{"tasks": [{"source": "ask tom", "title": "Ask tom"}, {"source": "jerry about the party", "title": "Jerry about the party"}]}"#)
        #expect(drafts.map(\.draft.title) == ["Ask tom and jerry about the party"])
    }

    @Test func theModelMaySplitFurtherIntoPiecesThatAreTasks() throws {
        // The rules keep it whole (`dentist tomorrow` starts with no verb); both pieces read as tasks (a date, an instruction).
        let text = "dentist tomorrow and email bob"
        #expect(Self.parser.splitTasks(text, now: Self.now, timeZone: Self.zone) == [text])
        let drafts = try Self.merged(text, #"{"tasks": [{"source": "dentist tomorrow", "title": "Dentist"}, {"source": "email bob", "title": "Email Bob"}]}"#)
        // The model recasing "bob" is no refinement (issue 42, `TitleLatitude`): the user's letters stand.
        #expect(drafts.map(\.draft.title) == ["Dentist", "Email bob"])
        // Inside one of the rules' parts, the same holds.
        let mixed = try Self.merged("dentist tomorrow and email bob; buy milk", #"{"tasks": [{"source": "dentist tomorrow", "title": "Dentist"}, {"source": "email bob", "title": "Email Bob"}, {"source": "buy milk", "title": "Buy milk"}]}"#)
        #expect(mixed.map(\.draft.title) == ["Dentist", "Email bob", "Buy milk"])
    }

    @Test func aModelTitleThatPassesReplacesTheRulesTitleNeverTheReverse() throws {
        let text = "could you add book flights to lisbon to my tasks"
        let good = try Self.merged(text, #"{"tasks": [{"source": "could you add book flights to lisbon to my tasks", "title": "Book flights to Lisbon"}]}"#)
        #expect(good.map(\.draft.title) == ["Book flights to lisbon"], "the same words recased: the rules' title stands (issue 42)")
        let invented = try Self.merged(text, #"{"tasks": [{"source": "could you add book flights to lisbon to my tasks", "title": "Book cheap flights to Lisbon"}]}"#)
        #expect(invented.map(\.draft.title) == ["Book flights to lisbon"])
        // The title rules alone (a rules title that still held the request, as before issue 32) accept it too.
        #expect(Self.merger.acceptsTitle("Book flights to Lisbon", source: text, rulesTitle: "Could you add book flights to lisbon to my tasks"))
        #expect(!Self.merger.acceptsTitle("Book flights", source: text, rulesTitle: "Could you add book flights to lisbon to my tasks"))
    }

    @Test func theRulesConfidentFieldsStay() throws {
        let text = "pay rent on the 1st #home !high"
        let drafts = try Self.merged(text, #"{"tasks": [{"source": "pay rent on the 1st #home !high", "title": "Pay rent", "due": "2026-12-05", "priority": "low", "contexts": ["money"], "estimate_minutes": 10}]}"#)
        let draft = try #require(drafts.first).draft
        #expect(draft.due == ISODate.parse("2027-01-01T09:00:00+00:00", in: Self.zone))
        #expect(draft.priority == .high && draft.contexts == ["home"])
        #expect(draft.estimateMinutes == 10, "a field the rules left empty is the model's")
    }

    /// The chat's create_task proposals go through the same merge, fields the rules never read kept.
    @Test func aProposedTaskKeepsTheModelsOwnFields() {
        let text = "could you add book flights to lisbon to my tasks"
        let rules = Self.parser.parse(text, now: Self.now, timeZone: Self.zone)
        var proposal = TaskDraft(title: "Book flights to Lisbon", notes: "window seat")
        proposal.project = "Holiday"
        let merged = Self.merger.merge(proposal: proposal, due: nil, userText: text, rules: rules, single: true).draft
        #expect(merged.title == "Book flights to Lisbon")
        #expect(merged.notes == "window seat" && merged.project == "Holiday")
    }
}
