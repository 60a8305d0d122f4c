import Foundation
import TaskCore
import TaskLLM
import Testing
@testable import TaskREPL

/// Issue 32 in the chat: with a model on, what is saved is never worse than the rules alone.
@Suite struct ModelNeverWorseTests {
    @Test func aDictationTheRulesSplitStaysTwoWhenTheModelAnswersOne() throws {
        let h = try REPLHarness()
        let refiner = ScriptedRefiner([#"{"tasks": [{"source": "clean the oven and also descale the kettle", "title": "Clean the oven and descale the kettle"}]}"#])
        let conv = ModelConversation(model: ScriptedChatModel([]), systemPrompt: "You are Tasker.", modelName: "test", refiner: refiner)
        let (session, _) = h.session(ScriptedLineReader(["clean the oven and also descale the kettle", ""]), model: conv)
        session.run()
        #expect(try h.titles() == ["Clean the oven", "Descale the kettle"])
    }

    @Test func aDictationOfOneTaskStaysOneWhenTheModelSplitsIt() throws {
        let h = try REPLHarness()
        let refiner = ScriptedRefiner([#"{"tasks": [{"source": "ask tom", "title": "Ask tom"}, {"source": "jerry about the party", "title": "Jerry about the party"}]}"#])
        let conv = ModelConversation(model: ScriptedChatModel([]), systemPrompt: "You are Tasker.", modelName: "test", refiner: refiner)
        let (session, _) = h.session(ScriptedLineReader(["ask tom and jerry about the party", ""]), model: conv)
        session.run()
        #expect(try h.titles() == ["Ask tom and jerry about the party"])
    }

    @Test func theModelsCleanCreateTaskTitleIsWhatIsSaved() throws {
        let h = try REPLHarness()
        let model = ScriptedChatModel([ScriptedChatModel.call("create_task", #"{"title": "Book flights to Lisbon"}"#), ScriptedChatModel.say("Added.")])
        let conv = ModelConversation(model: model, systemPrompt: "You are Tasker.", modelName: "test")
        let (session, out) = h.session(ScriptedLineReader(["could you add book flights to lisbon to my tasks", "y"]), model: conv)
        session.run()
        #expect(try h.titles() == ["Book flights to Lisbon"], "\(out.text)")
    }

    /// The model's tool calls take the same rule: one create_task for a line the rules split saves the parts.
    @Test func oneProposedTaskForALineTheRulesSplitSavesTheParts() throws {
        let h = try REPLHarness()
        let model = ScriptedChatModel([
            ScriptedChatModel.call("create_task", #"{"title": "Clean the oven and descale the kettle"}"#), ScriptedChatModel.say("Added."),
        ])
        let conv = ModelConversation(model: model, systemPrompt: "You are Tasker.", modelName: "test")
        let (session, out) = h.session(ScriptedLineReader(["clean the oven and also descale the kettle", "y", "y"]), model: conv)
        session.run()
        #expect(try h.titles() == ["Clean the oven", "Descale the kettle"], "\(out.text)")
    }

    @Test func twoProposedTasksForOneTaskSaveTheRulesOneReading() throws {
        let h = try REPLHarness()
        let model = ScriptedChatModel([
            .reply(ChatResponse(content: "", toolCalls: [
                ToolCall(id: "c1", name: "create_task", argumentsText: #"{"title": "Ask tom"}"#),
                ToolCall(id: "c2", name: "create_task", argumentsText: #"{"title": "Jerry about the party"}"#),
            ], finishReason: "tool_calls")),
            ScriptedChatModel.say("Added."),
        ])
        let conv = ModelConversation(model: model, systemPrompt: "You are Tasker.", modelName: "test")
        let (session, out) = h.session(ScriptedLineReader(["ask tom and jerry about the party", "y"]), model: conv)
        session.run()
        #expect(try h.titles() == ["Ask tom and jerry about the party"], "\(out.text)")
        #expect(out.text.contains("Not run: the rules read the line as one task."))
    }
}
