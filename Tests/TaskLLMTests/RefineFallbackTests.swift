import Foundation
import Testing
import TaskCore
import TaskNL
@testable import TaskLLM
import TaskerTestSupport

/// Issue 42: the model only adds. When the model fails (an HTTP error, a refused key, garbage, an
/// answer that does not fit, a timeout), refining gives exactly the rules' drafts — the same split,
/// titles and dates as `tasker parse` — for every input of every parser fixture.
@Suite struct RefineFallbackTests {
    /// The ways a scripted endpoint fails, one per request in turn.
    static let failures: [ScriptedModelServer.Reply] = [
        .json(status: 500, body: #"{"error":{"message":"boom"}}"#),
        .json(status: 403, body: #"{"error":{"message":"refused"}}"#),
        .json(body: "<html>not json</html>"),
        .json(body: Wire.completion(#"{"tasks": [{"source": "#)),
        .json(body: Wire.completion(#"{"tasks": []}"#)),
        .json(body: Wire.completion(#"{"tasks": [{"source": "words nobody said", "title": "Something else"}]}"#)),
        .json(status: 404, body: #"{"error":{"message":"model not found"}}"#),
    ]

    static func fields(_ result: ParseResult, in zone: TimeZone) -> String {
        let d = result.draft
        return [d.title, d.due.map { ISODate.format($0, in: zone) } ?? "-", d.priority.rawValue, d.kind?.rawValue ?? "-",
                d.contexts.joined(separator: ","), d.recurrence.map { "\($0)" } ?? "-", d.deferUntil.map { "\($0)" } ?? "-",
                result.understood.map(\.text).joined(separator: "|")].joined(separator: " · ")
    }

    @Test func refineWithAFailingEndpointIsParseDraftForDraft() throws {
        let inputs = try ParserFixtureInputs.all()
        #expect(inputs.count >= 500, "the whole parser fixture corpus")
        let replies = inputs.indices.map { Self.failures[$0 % Self.failures.count] }
        let server = try ScriptedModelServer(replies)
        let backend = LLMTaskBackend(client: client(server, attempts: 1), systemPrompt: "REFINE PROMPT")
        let parser = TaskNLParser()
        var differing: [String] = []
        for input in inputs {
            let rules = parser.parse(input.text, now: input.now, timeZone: input.timeZone)
            let refined = backend.refine(input.text, rules: rules, now: input.now, timeZone: input.timeZone)
            let parsed = parser.parseTasks(input.text, now: input.now, timeZone: input.timeZone)
            #expect(!refined.usedModel && refined.notice?.hasPrefix("model not used, kept the rules' reading") == true, "\(input)")
            let got = refined.drafts.map { Self.fields($0, in: input.timeZone) }, want = parsed.map { Self.fields($0, in: input.timeZone) }
            if got != want { differing.append("\(input): \(got) ≠ \(want)") }
        }
        #expect(differing.isEmpty, "\(differing.count) inputs differ:\n\(differing.prefix(10).joined(separator: "\n"))")
        #expect(server.requests.count >= inputs.count, "every input asked the endpoint")
    }

    /// An answer that drops one of the rules' drafts, or a date the rules read, never wins over them.
    @Test(arguments: [
        ("buy milk; call bob", #"{"tasks": [{"source": "buy milk", "title": "Buy milk"}]}"#),
        ("pay the electricity bill by the 15th", #"{"tasks": [{"source": "pay the electricity bill", "title": "Pay the electricity bill"}]}"#),
        ("tomorrow call the insurance company, then renew the parking permit",
         #"{"tasks": [{"source": "tomorrow call the insurance company, then renew the parking permit", "title": "Call the insurance company"}]}"#),
        ("tasks for tomorrow: call the garage, buy stamps", #"{"tasks": [{"source": "call the garage", "title": "Call the garage"}, {"source": "buy stamps", "title": "Buy stamps"}]}"#),
    ])
    func anAnswerThatDropsADraftOrADateGivesWay(text: String, answer: String) throws {
        let server = try ScriptedModelServer([.json(body: Wire.completion(answer))])
        let backend = LLMTaskBackend(client: client(server, attempts: 1), systemPrompt: "p")
        let zone = TimeZone(identifier: "Europe/London")!, now = ISODate.parse("2026-12-02T10:30:00+00:00", in: zone)!
        let parser = TaskNLParser()
        let refined = backend.refine(text, rules: parser.parse(text, now: now, timeZone: zone), now: now, timeZone: zone)
        let rules = parser.parseTasks(text, now: now, timeZone: zone)
        #expect(refined.drafts.map(\.draft.title) == rules.map(\.draft.title))
        #expect(refined.drafts.map(\.draft.due) == rules.map(\.draft.due))
    }

    /// A model that says nothing within the timeout: the rules' split drafts, for a split line and a whole one.
    @Test(arguments: ["buy milk; call bob", "clean the oven and also descale the kettle", "call mom, pay rent, book the dentist, and order contact lenses",
                      "text jake about saturday"])
    func aTimeoutGivesTheRulesDrafts(text: String) throws {
        let server = try ScriptedModelServer([.hang(seconds: 5)])
        let backend = LLMTaskBackend(client: client(server, timeouts: ModelTimeouts(connect: 1, overall: 0.3, idle: 0.3), attempts: 1), systemPrompt: "p")
        let zone = TimeZone(identifier: "Europe/London")!, now = ISODate.parse("2026-12-02T10:30:00+00:00", in: zone)!
        let parser = TaskNLParser()
        let refined = backend.refine(text, rules: parser.parse(text, now: now, timeZone: zone), now: now, timeZone: zone)
        #expect(!refined.usedModel)
        #expect(refined.drafts == parser.parseTasks(text, now: now, timeZone: zone))
        server.stop()
    }
}
