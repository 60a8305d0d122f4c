import Foundation
import TaskCore
import TaskLLM
import TaskToolkit
import TaskerTestSupport
import Testing
@testable import TaskREPL

/// PlanRouter against the scripted OpenAI-compatible server: the model's plan is used only when
/// PlanCheck accepts it; otherwise the rules' plan, with one line saying why.
@Suite(.serialized) struct PlanRouterTests {
    /// Three open tasks (30 min each by default); #1 is due today. Now is Wed 2 Dec 10:30 London.
    func harness() throws -> REPLHarness {
        let h = try REPLHarness()
        try h.add("Pay rent", due: "2026-12-02T17:00")
        try h.add("Write report")
        try h.add("Call bank")
        return h
    }

    func conversation(_ server: ScriptedModelServer) -> ModelConversation {
        let config = ModelConfig(baseURL: server.baseURL, model: "planner-test", timeoutSeconds: 5, firstTokenSeconds: 5)
        let planner = OpenAIDayPlanModel(config: config, key: nil, prompt: "PLAN PROMPT", memory: StructuredOutputMemory(path: nil))
        return ModelConversation(model: ScriptedChatModel([]), systemPrompt: "chat", modelName: "planner-test", planner: planner)
    }

    func blocks(_ items: [(Int, String, String)]) -> ScriptedModelServer.Reply {
        let list = items.map { #"{"task_id": \#($0.0), "start": "\#($0.1)", "end": "\#($0.2)"}"# }.joined(separator: ", ")
        return .json(body: Wire.completion(#"{"blocks": [\#(list)]}"#))
    }

    func plan(_ line: String, _ reply: ScriptedModelServer.Reply) throws -> (String, ScriptedModelServer) {
        let h = try harness()
        let server = try ScriptedModelServer([reply])
        let (session, out) = h.session(ScriptedLineReader([line]), model: conversation(server))
        session.run()
        return (out.text, server)
    }

    @Test func aValidPlanIsUsed() throws {
        let (text, server) = try plan("plan my day, 2 hours", blocks([(1, "10:30", "11:00"), (3, "11:05", "11:35")]))
        #expect(text.contains("Planned by the model, checked against the rules"))
        #expect(text.contains("Pay rent") && text.contains("Call bank"))
        #expect(text.contains("11:05"))
        #expect(!text.contains("left out"))
        let sent = try #require(server.requests.first).json
        #expect(sent["response_format"]?["json_schema"]?["name"] == "plan")
        let user = sent["messages"]?.arrayValue?.last?["content"]?.stringValue ?? ""
        #expect(user.contains("Budget: 120 minutes."))
        #expect(user.contains("Free windows: 10:30-00:00"))
        #expect(user.contains("1 | 30 | normal | due today or overdue | Pay rent"))
        #expect(user.contains("2 | 30 | normal | - | Write report"))
    }

    @Test func anOverlappingPlanFallsBackWithTheReason() throws {
        let (text, _) = try plan("plan my day, 2 hours", blocks([(1, "10:30", "11:00"), (2, "10:45", "11:15")]))
        #expect(text.contains("The model's plan was not used (the blocks 10:30–11:00 and 10:45–11:15 overlap) — the rules' plan:"))
        #expect(text.contains("Write report"))
    }

    @Test func anUnknownIdFallsBackWithTheReason() throws {
        let (text, _) = try plan("plan my day, 2 hours", blocks([(1, "10:30", "11:00"), (99, "11:00", "11:30")]))
        #expect(text.contains("The model's plan was not used (it named task 99, which is not one of the open tasks offered)"))
    }

    @Test func aPlanOverBudgetFallsBackWithTheReason() throws {
        let (text, _) = try plan("plan my day, 1 hour", blocks([(1, "10:30", "11:00"), (2, "11:00", "11:30"), (3, "11:30", "12:00")]))
        #expect(text.contains("The model's plan was not used (it plans 90 min, over the budget of 60 min)"))
    }

    @Test func aBlockOutsideTheFreeWindowsFallsBack() throws {
        let (text, _) = try plan("plan my day, 2 hours", blocks([(1, "08:00", "08:30")]))
        #expect(text.contains("The model's plan was not used (the block 08:00–08:30 for task 1 is outside the free windows)"))
    }

    @Test func leavingOutWhatIsDueTodayIsSaid() throws {
        let (text, _) = try plan("plan my day, 2 hours", blocks([(2, "10:30", "11:00")]))
        #expect(text.contains("Planned by the model"))
        #expect(text.contains("The model left out what is due today or overdue: #1 Pay rent"))
    }

    @Test func aLateOrBrokenAnswerFallsBackWithTheReason() throws {
        let (text, _) = try plan("plan my day, 2 hours", .json(body: Wire.completion("I would start with the rent.")))
        #expect(text.contains("The model's plan was not used (the model's reply was not valid JSON"))
        #expect(text.contains("Write report"))
    }

    @Test func planRulesAsksNoModel() throws {
        let h = try harness()
        let server = try ScriptedModelServer([blocks([(1, "10:30", "11:00")])])
        let (session, out) = h.session(ScriptedLineReader(["/plan rules", "plan my day, 2 hours", "/plan model", "/plan 60"]), model: conversation(server))
        session.run()
        #expect(out.text.contains("Plans by the rules."))
        #expect(out.text.contains("Plans by the model, checked against the rules"))
        #expect(server.requests.count == 1)  // only the /plan 60 after /plan model
        #expect(out.text.contains("Planned by the model"))
    }
}
