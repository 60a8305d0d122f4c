import Foundation
import Testing
import TaskCore
import TaskNL
@testable import TaskLLM
import TaskerTestSupport

/// Issue 42: `parse --refine` asks the model only when its answer could change the rules' drafts — a
/// run-on the rules kept whole whose pieces read as tasks, or a title with an opener or filler left.
@Suite struct RefinementWorkTests {
    static let zone = TimeZone(identifier: "Europe/London")!
    static let now = ISODate.parse("2026-12-02T10:30:00+00:00", in: zone)!
    static let parser = TaskNLParser()
    static let merger = RefinementMerger(parser: parser, now: now, timeZone: zone)

    static func work(_ text: String) -> Bool {
        merger.leavesWorkForModel(text, rules: parser.parse(text, now: now, timeZone: zone))
    }

    @Test(arguments: [
        "dentist tomorrow and email bob",  // the rules keep it whole; both pieces read as tasks
        "yeah basically buy milk",  // a filler the rules kept in the title
        "yeah basically buy milk tomorrow and also call mom friday at 5pm",  // one part of two still has one
    ])
    func aRunOnOrAnUntidyTitleIsSent(_ text: String) {
        #expect(Self.work(text))
    }

    @Test(arguments: [
        "buy milk", "call mom tomorrow 5pm", "buy milk tomorrow and also call mom friday at 5pm", "buy bread, milk and eggs",
        "ask tom and jerry about the party", "pick up the dry cleaning before 6", "clean the oven and also descale the kettle",
    ])
    func aCompleteReadingIsNotSent(_ text: String) {
        #expect(!Self.work(text))
    }

    /// Not sending is never worse: a text that is not sent gets exactly the rules' drafts, and no request.
    @Test func aTextNotSentGetsTheRulesDraftsWithoutARequest() throws {
        let server = try ScriptedModelServer([.json(body: Wire.completion(#"{"tasks": [{"source": "buy milk", "title": "Buy Milk", "energy": "quick"}]}"#))])
        let backend = LLMTaskBackend(client: client(server), systemPrompt: "p")
        let text = "buy milk tomorrow and also call mom friday at 5pm"
        let result = backend.refineIfUseful(text, rules: Self.parser.parse(text, now: Self.now, timeZone: Self.zone), now: Self.now, timeZone: Self.zone)
        #expect(result.drafts == Self.parser.parseTasks(text, now: Self.now, timeZone: Self.zone))
        #expect(!result.usedModel && result.notice == LLMTaskBackend.notAsked)
        #expect(server.requests.isEmpty)
    }

    /// Every run-on of the dictation sets that the rules keep whole is still sent.
    @Test func theSetsLinesWithAPartLeftToSplitAreSent() throws {
        for set in ["twotask.dictations", "issue42.dictations", "messy.dictations", "headers.dictations"] {
            for c in try ParserFixtureInputs.dictations(set) {
                let rulesDrafts = Self.parser.parseTasks(c.input, now: c.now, timeZone: c.timeZone)
                let merger = RefinementMerger(parser: Self.parser, now: c.now, timeZone: c.timeZone)
                let work = merger.leavesWorkForModel(c.input, rules: Self.parser.parse(c.input, now: c.now, timeZone: c.timeZone))
                if rulesDrafts.count < c.drafts.count { #expect(work, "\(c): the rules gave \(rulesDrafts.count) of \(c.drafts.count) drafts") }
            }
        }
    }
}
