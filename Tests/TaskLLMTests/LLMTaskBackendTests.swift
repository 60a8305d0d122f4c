import Foundation
import Testing
import TaskCore
import TaskNL
@testable import TaskLLM
import TaskerTestSupport

@Suite struct LLMTaskBackendTests {
    let zone = TimeZone(identifier: "Europe/London")!
    // Wednesday 2 December 2026, 10:30 London.
    let now = ISODate.parse("2026-12-02T10:30:00+00:00", in: TimeZone(identifier: "UTC")!)!

    func backend(_ server: ScriptedModelServer) -> LLMTaskBackend {
        LLMTaskBackend(client: client(server), systemPrompt: "REFINE PROMPT")
    }

    func answer(_ tasks: JSONValue) -> ScriptedModelServer.Reply { .json(body: Wire.completion(JSONValue.object(["tasks": tasks]).encoded())) }

    @Test func refinementFillsGapsAndMarksModelChips() throws {
        let text = "um so buy milk"
        let rules = ParseResult(draft: TaskDraft(title: "Um so buy milk"), understood: [])
        let server = try ScriptedModelServer([answer([["source": "um so buy milk", "title": "Buy milk", "due": "sometime soonish maybe", "priority": "high",
                                                   "estimate_minutes": 10, "energy": "quick", "contexts": ["#Shop"], "kind": "errand"]])])
        let result = backend(server).refine(text, rules: rules, now: now, timeZone: zone)
        #expect(result.usedModel)
        #expect(result.notice == nil)
        let draft = try #require(result.drafts.first).draft
        #expect(draft.title == "Buy milk")
        #expect(draft.priority == .high)
        #expect(draft.estimateMinutes == 10)
        #expect(draft.energy == .quick)
        #expect(draft.contexts == ["shop"])
        #expect(draft.kind == .errand)
        #expect(draft.due == nil)  // a date that is not a date is ignored
        let chips = try #require(result.drafts.first).understood
        #expect(chips.map(\.field) == [.priority, .estimate, .energy, .context, .kind])
        #expect(chips.allSatisfy { $0.fromModel })
        #expect(chips.map(\.text) == ["High", "≈10 min", "Quick", "#shop", "Errand"])
        let sent = try #require(server.requests.first).json
        #expect(sent["response_format"]?["type"] == "json_schema")
        #expect(sent["response_format"]?["json_schema"]?["schema"] == StructuredOutputForm.strict(LLMTaskBackend.answerSchema(for: text)))
        #expect(sent["max_tokens"] == .int(LLMTaskBackend.maxTokens(for: text)))
        #expect(sent["messages"]?.arrayValue?.first?["content"] == "REFINE PROMPT")
        // The user message is small: the date for relative phrases and the text, nothing else.
        let user = try #require(sent["messages"]?.arrayValue?[1]["content"]?.stringValue)
        #expect(user == "Now: Wednesday 2026-12-02T10:30:00+00:00 (Europe/London)\nText: um so buy milk")
        #expect(result.form == .jsonSchema)
    }

    @Test func fieldsTheRulesSetAreFinal() throws {
        let due = ISODate.parse("2026-12-03T17:00", in: zone)!
        let rules = ParseResult(
            draft: TaskDraft(title: "Call mom", due: due, priority: .high, estimateMinutes: 15, contexts: ["family"], kind: .call),
            understood: [Chip(field: .priority, text: "High"), Chip(field: .estimate, text: "≈15 min"), Chip(field: .context, text: "#family"),
                         Chip(field: .due, text: "Tomorrow, 5:00 PM"), Chip(field: .kind, text: "Call")])
        let text = "call mom tomorrow 5pm #family !high ~15m"
        let server = try ScriptedModelServer([answer([["source": .string(text), "title": "Phone mother", "due": "2026-12-25T09:00:00", "priority": "low",
                                                   "estimate_minutes": 60, "energy": "deep", "contexts": ["work"], "kind": "meeting"]])])
        let result = backend(server).refine(text, rules: rules, now: now, timeZone: zone)
        let merged: ParseResult = try #require(result.drafts.first)
        #expect(merged.draft.title == "Call mom")  // "Phone mother" uses words not in the text
        #expect(merged.draft.due == due)
        #expect(merged.draft.priority == .high)
        #expect(merged.draft.estimateMinutes == 15)
        #expect(merged.draft.contexts == ["family"])
        #expect(merged.draft.kind == .call)
        #expect(merged.draft.energy == .deep)  // the one empty field is filled
        #expect(merged.understood.filter(\.fromModel).map(\.field) == [.energy])
        #expect(merged.understood.map(\.text) == ["High", "≈15 min", "Deep work", "#family", "Tomorrow, 5:00 PM", "Call"])
    }

    @Test func severalTasksInOneDictation() throws {
        let text = "buy milk and call the dentist on friday at 10"
        let rules = TaskNLParser().parse(text, now: now, timeZone: zone)
        let server = try ScriptedModelServer([.json(body: try Wire.fixture("refine-two-tasks.json"))])
        let result = backend(server).refine(text, rules: rules, now: now, timeZone: zone)
        #expect(result.usedModel)
        #expect(result.drafts.count == 2)
        #expect(result.drafts[0].draft.title == "Buy milk")
        #expect(result.drafts[0].draft.energy == .quick)
        // The model's title drops "on friday at 10": accepted only when the rules understood those words.
        let sourceRules = TaskNLParser().parse("call the dentist on friday at 10", now: now, timeZone: zone)
        let rulesUnderstoodDate = sourceRules.draft.title.lowercased() == "call the dentist"
        #expect(result.drafts[1].draft.title == (rulesUnderstoodDate ? "Call the dentist" : sourceRules.draft.title))
        #expect(result.drafts[1].draft.priority == .high)
        // The rules read each source on its own first; a date they understood wins, else the model's.
        let friday10 = ISODate.parse("2026-12-04T10:00", in: zone)!
        #expect(result.drafts[1].draft.due == friday10)
    }

    @Test func aWholeLineAnswerComesBackWithTheSourcesTheMergeRead() throws {
        let text = "water the plants and call grandma"
        let rules = TaskNLParser().parse(text, now: now, timeZone: zone)
        let server = try ScriptedModelServer([answer([
            ["source": .string(text), "title": "Water the plants and call grandma"], ["source": "call grandma", "title": "Call grandma"],
        ])])
        let result = backend(server).refine(text, rules: rules, now: now, timeZone: zone)
        #expect(result.usedModel)
        #expect(result.sources == ["water the plants", "call grandma"], "what the chat shows and edits, not the model's whole line")
        #expect(result.sourceRules.map(\.draft.title) == result.sources.map { TaskNLParser().parse($0, now: now, timeZone: zone).draft.title })
        #expect(result.drafts.map(\.draft.title) == ["Water the plants", "Call grandma"])
    }

    @Test func aSplitPartIsReadWithTheUsersPlaces() throws {
        let text = "call grandma and buy milk when I get to the supermarket"
        let places = ["Supermarket"]
        let rules = TaskNLParser().parse(text, now: now, timeZone: zone, places: places)
        let server = try ScriptedModelServer([answer([
            ["source": "call grandma", "title": "Call grandma"], ["source": "buy milk when I get to the supermarket", "title": "Buy milk"],
        ])])
        let result = try backend(server).refined(text, rules: rules, now: now, timeZone: zone, places: places)
        #expect(result.drafts.map(\.draft.title) == ["Call grandma", "Buy milk"])
        #expect(result.drafts[1].draft.place == PlaceBinding(place: "Supermarket", trigger: .arrive))
        #expect(result.drafts[0].draft.place == nil)
    }

    @Test func modelDateIsValidatedAndMarked() throws {
        let rules = ParseResult(draft: TaskDraft(title: "Dentist"), understood: [])
        let server = try ScriptedModelServer([answer([["source": "dentist", "title": "Dentist", "due": "2026-12-04T10:00:00"]])])
        let result = backend(server).refine("dentist", rules: rules, now: now, timeZone: zone)
        let merged = try #require(result.drafts.first)
        #expect(merged.draft.due == ISODate.parse("2026-12-04T10:00", in: zone))
        #expect(merged.understood == [Chip(field: .due, text: "Fri 4 Dec, 10:00 AM", fromModel: true)])
    }

    @Test func titleMayNotDropContent() {
        let merger = RefinementMerger(now: now, timeZone: zone)
        #expect(merger.acceptsTitle("Buy milk", source: "um so buy milk", rulesTitle: "Um so buy milk"))
        #expect(!merger.acceptsTitle("Buy milk", source: "buy milk for grandma", rulesTitle: "Buy milk for grandma"))
        #expect(!merger.acceptsTitle("Buy oat milk", source: "buy milk", rulesTitle: "Buy milk"))
        #expect(!merger.acceptsTitle("", source: "buy milk", rulesTitle: "Buy milk"))
    }

    // Every failure keeps the user's text and the rules' result, with a one-line notice.
    static let failures: [(String, [ScriptedModelServer.Reply])] = [
        ("401", [.json(status: 401, body: #"{"error":{"message":"bad key"}}"#)]),
        ("invalid JSON", [.json(body: Wire.completion("Sure! Here are your tasks: buy milk"))]),
        ("wrong shape", [.json(body: Wire.completion(#"{"task": "buy milk"}"#))]),
        ("empty tasks", [.json(body: Wire.completion(#"{"tasks": []}"#))]),
        ("source not in text", [.json(body: Wire.completion(#"{"tasks": [{"source": "buy bread", "title": "Buy bread"}]}"#))]),
        ("split drops words", [.json(body: Wire.completion(#"{"tasks": [{"source": "buy milk", "title": "Buy milk"}]}"#))]),
        ("500 exhausted", Array(repeating: .json(status: 500, body: "{}"), count: 3)),
        ("body not JSON", [.json(body: "<html>")]),
    ]

    @Test(arguments: 0..<failures.count)
    func failureKeepsTheRulesResult(_ index: Int) throws {
        let (name, replies) = Self.failures[index]
        let text = "buy milk for grandma"
        let rules = ParseResult(draft: TaskDraft(title: "Buy milk for grandma", kind: .errand), understood: [Chip(field: .kind, text: "Errand")])
        let server = try ScriptedModelServer(replies)
        let result = backend(server).refine(text, rules: rules, now: now, timeZone: zone)
        #expect(result.drafts == [rules], "\(name)")
        #expect(!result.usedModel)
        let notice = try #require(result.notice)
        #expect(!notice.contains("\n"))
        #expect(notice.hasPrefix("model not used, kept the rules' reading: "))
        #expect(!notice.contains("sk-test-secret-123"))
    }

    @Test func timeoutKeepsTheRulesResult() throws {
        let server = try ScriptedModelServer([.hang(seconds: 4)])
        let rules = ParseResult(draft: TaskDraft(title: "Buy milk"), understood: [])
        let c = client(server, timeouts: ModelTimeouts(connect: 1, overall: 1, idle: 1))
        let result = LLMTaskBackend(client: c, systemPrompt: "p").refine("buy milk", rules: rules, now: now, timeZone: zone)
        #expect(result.drafts == [rules])
        #expect(result.notice?.contains("did not answer within 1 s") == true)
        server.stop()
    }

    /// 29 March 2026 is 23 hours long in London: "tomorrow" is a calendar day, not now + 24 h.
    @Test(arguments: [("2026-03-29T17:00:00", "Tomorrow, 5:00 PM"), ("2026-03-30T09:00:00", "Mon 30 Mar, 9:00 AM"),
                      ("2026-03-28T23:45:00", "Today, 11:45 PM")])
    func modelDueChipOnAShortDSTDay(_ due: String, _ chip: String) throws {
        let saturdayNight = ISODate.parse("2026-03-28T23:30:00+00:00", in: TimeZone(identifier: "UTC")!)!
        let rules = ParseResult(draft: TaskDraft(title: "Water plants"), understood: [])
        let server = try ScriptedModelServer([answer([["source": "water plants", "title": "Water plants", "due": .string(due)]])])
        let result = backend(server).refine("water plants", rules: rules, now: saturdayNight, timeZone: zone)
        let merged = try #require(result.drafts.first)
        #expect(merged.draft.due == ISODate.parse(due, in: zone))
        #expect(merged.understood == [Chip(field: .due, text: chip, fromModel: true)])
    }

    @Test func modelChipsReadLikeTheRules() throws {
        let merger = RefinementMerger(now: now, timeZone: zone)
        let empty = ParseResult(draft: TaskDraft(title: "x"), understood: [])
        for kind in TaskKind.allCases {
            let chip = merger.merge(ModelTask(source: "x", kind: kind), into: empty).understood.first
            #expect(chip?.text == ChipText.kind(kind))
        }
        let deep = merger.merge(ModelTask(source: "x", energy: .deep), into: empty).understood.first
        #expect(deep?.text == "Deep work")
        let critical = merger.merge(ModelTask(source: "x", priority: .critical), into: empty).understood.first
        #expect(critical?.text == "Critical")
        let rules = TaskNLParser().parse("call mom !critical ~90m ~deep", now: now, timeZone: zone).understood
        let model = merger.merge(ModelTask(source: "x", priority: .critical, estimateMinutes: 90, energy: .deep, kind: .call), into: empty).understood
        #expect(model.map(\.text) == rules.map(\.text))
    }

    @Test func wireJSONIsTheParseJSONPlusFromModel() throws {
        let due = ISODate.parse("2026-12-03T17:00", in: zone)!
        let draft = ParseResult(draft: TaskDraft(title: "Call mom", due: due, priority: .high, contexts: ["family"]),
                                understood: [Chip(field: .priority, text: "High"), Chip(field: .due, text: "Tomorrow, 5:00 PM", fromModel: true)])
        var expected = try #require(draft.json(timeZone: zone).objectValue)
        expected["fromModel"] = ["due"]
        #expect(draft.wireJSON(timeZone: zone) == .object(expected))
    }

    @Test func wireJSONHasTheParseShape() throws {
        let result = RefinementResult(drafts: [ParseResult(draft: TaskDraft(title: "A", energy: .deep), understood: [Chip(field: .energy, text: "Deep work", fromModel: true)])], usedModel: true, notice: nil)
        let json = result.json(timeZone: zone)
        #expect(json["model"] == true)
        #expect(json["notice"] == .null)
        let draft = try #require(json["drafts"]?.arrayValue?.first)
        #expect(Set(draft.objectValue?.keys ?? [:].keys) == ["title", "due", "priority", "estimateMinutes", "energy", "contexts", "kind", "recurrence", "deferUntil", "understood", "fromModel"])
        #expect(draft["fromModel"] == ["energy"])
    }
}
