import Foundation
import TaskCore
import Testing
@testable import TaskREPL

@Suite(.serialized) struct ModelTurnTests {
    func conversation(_ steps: [ScriptedChatModel.Step]) -> (ModelConversation, ScriptedChatModel) {
        let model = ScriptedChatModel(steps)
        return (ModelConversation(model: model, systemPrompt: "You are Tasker.", modelName: "test"), model)
    }

    @Test func acceptedProposalRuns() {
        let runner = FakeToolRunner()
        let (conv, model) = conversation([
            ScriptedChatModel.call("create_task", #"{"title": "Call mom", "priority": "high"}"#),
            ScriptedChatModel.say("Added it."),
        ])
        let reader = ScriptedLineReader(["remind me that mom needs a call", "y"])
        let (session, out) = makeSession(reader, runner, model: conv)
        session.run()
        #expect(runner.writes == [.init(name: "create_task", arguments: ["title": "Call mom", "priority": "high"])])
        #expect(reader.prompts.contains { $0.contains("Create 'Call mom', high — run? [y/N/a/e]") })
        #expect(out.text.contains("Added it."))
        // The result went back to the model as a tool message.
        let last = model.received.last ?? []
        #expect(last.contains { $0.role == .tool && $0.toolCallID == "call_1" && $0.content.contains("\"ok\":true") })
        #expect(last.first?.role == .system)
        #expect(session.undoStack.count == 1)
    }

    @Test func declinedProposalStoresNothingAndTellsTheModel() {
        let runner = FakeToolRunner()
        let (conv, model) = conversation([
            ScriptedChatModel.call("create_task", #"{"title": "Call mom"}"#),
            ScriptedChatModel.say("OK, not added."),
        ])
        let (session, _) = makeSession(ScriptedLineReader(["remind me that mom needs a call", "n"]), runner, model: conv)
        session.run()
        #expect(runner.writes.isEmpty)
        #expect(model.received.last?.contains { $0.role == .tool && $0.content.contains("declined") } == true)
    }

    @Test func editedArgumentsRun() {
        let runner = FakeToolRunner()
        let (conv, _) = conversation([ScriptedChatModel.call("create_task", #"{"title": "Call mom"}"#), ScriptedChatModel.say("Done.")])
        let reader = ScriptedLineReader(["remind me that mom needs a call", "e", #"{"title": "Call mum"}"#, "y"])
        let (session, _) = makeSession(reader, runner, model: conv)
        session.run()
        #expect(reader.initials.contains(#"{"title":"Call mom"}"#))
        #expect(runner.writes == [.init(name: "create_task", arguments: ["title": "Call mum"])])
    }

    @Test func alwaysAllowsTheToolForTheSession() {
        let runner = FakeToolRunner()
        let (conv, _) = conversation([
            ScriptedChatModel.call("create_task", #"{"title": "A"}"#), ScriptedChatModel.say("1"),
            ScriptedChatModel.call("create_task", #"{"title": "B"}"#), ScriptedChatModel.say("2"),
        ])
        let reader = ScriptedLineReader(["something vague", "a", "something else"])
        let (session, _) = makeSession(reader, runner, model: conv)
        session.run()
        #expect(runner.writes.count == 2)
        #expect(reader.prompts.filter { $0.contains("run?") }.count == 1)
    }

    @Test func noTerminalMeansWritesAreDenied() {
        let runner = FakeToolRunner()
        let (conv, model) = conversation([ScriptedChatModel.call("create_task", #"{"title": "A"}"#), ScriptedChatModel.say("Could not.")])
        let (session, out) = makeSession(ScriptedLineReader(["something vague"], interactive: false), runner, model: conv)
        session.run()
        #expect(runner.writes.isEmpty)
        #expect(out.text.contains("Not run (no terminal to confirm)"))
        #expect(model.received.last?.contains { $0.role == .tool && $0.content.contains("denied") } == true)
    }

    @Test func readsRunAtOnceQuietly() {
        let runner = FakeToolRunner()
        let (conv, _) = conversation([ScriptedChatModel.call("list_tasks", #"{"filter": "today"}"#), ScriptedChatModel.say("You have nothing today.")])
        let reader = ScriptedLineReader(["anything for me?"])
        let (session, out) = makeSession(reader, runner, model: conv)
        session.run()
        #expect(out.text.contains("· list_tasks {\"filter\":\"today\"}"))
        #expect(!reader.prompts.contains { $0.contains("run?") })
    }

    @Test func aModelThatOnlyTalksAboutATaskStillLetsTheUserSaveIt() {
        let runner = FakeToolRunner()
        let (conv, _) = conversation([ScriptedChatModel.say("Sure — I've added 'buy oat milk' for Friday.")])
        let (session, out) = makeSession(ScriptedLineReader(["buy oat milk friday", ""]), runner, model: conv)
        session.run()
        #expect(out.text.contains("(nothing was saved by the model)"))
        #expect(runner.writes == [.init(name: "capture_task", arguments: ["text": "buy oat milk friday"])])
    }

    @Test func aQuestionAnsweredInWordsOffersNoCapture() {
        let runner = FakeToolRunner()
        let (conv, _) = conversation([ScriptedChatModel.say("Nothing is due on Friday.")])
        let (session, out) = makeSession(ScriptedLineReader(["anything due friday?"]), runner, model: conv)
        session.run()
        #expect(!out.text.contains("nothing was saved"))
        #expect(runner.writes.isEmpty)
    }

    @Test func aCaptureProposalKeepsTheUsersWords() {
        let runner = FakeToolRunner()
        let (conv, _) = conversation([ScriptedChatModel.call("capture_task", #"{"text": "purchase dairy products"}"#), ScriptedChatModel.say("Done.")])
        let (session, _) = makeSession(ScriptedLineReader(["um get milk I guess", "y"]), runner, model: conv)
        session.run()
        #expect(runner.writes == [.init(name: "capture_task", arguments: ["text": "um get milk I guess"])])
    }

    @Test func failureFallsBackToTheRulesWithoutLosingTheText() {
        let runner = FakeToolRunner()
        let (conv, _) = conversation([.fail("could not connect to 127.0.0.1:9")])
        let (session, out) = makeSession(ScriptedLineReader(["call mom tomorrow 5pm", ""]), runner, model: conv)
        session.run()
        #expect(out.text.contains("Model unavailable (could not connect to 127.0.0.1:9) — using the rules instead"))
        #expect(runner.writes == [.init(name: "capture_task", arguments: ["text": "call mom tomorrow 5pm"])])
    }

    @Test(arguments: ["{\"title\": ", "[1, 2]"])
    func badArgumentsFallBack(arguments: String) {
        let runner = FakeToolRunner()
        let (conv, _) = conversation([ScriptedChatModel.call("create_task", arguments)])
        let (session, out) = makeSession(ScriptedLineReader(["buy milk", ""]), runner, model: conv)
        session.run()
        #expect(out.text.contains("were not JSON"))
        #expect(runner.writes.map(\.name) == ["capture_task"])
    }

    @Test func unknownToolFallsBack() {
        let runner = FakeToolRunner()
        let (conv, _) = conversation([ScriptedChatModel.call("delete_everything", "{}")])
        let (session, out) = makeSession(ScriptedLineReader(["buy milk", ""]), runner, model: conv)
        session.run()
        #expect(out.text.contains("unknown tool 'delete_everything'"))
        #expect(runner.writes.map(\.name) == ["capture_task"])
    }

    @Test func toolRoundsAreBounded() {
        let runner = FakeToolRunner()
        let steps = (0..<10).map { ScriptedChatModel.call("list_tasks", "{}", id: "c\($0)") }
        let (conv, model) = conversation(steps)
        let (session, out) = makeSession(ScriptedLineReader(["loop forever"]), runner, model: conv)
        session.run()
        #expect(model.received.count == 5)
        #expect(out.text.contains("stopped after 5 tool rounds"))
    }

    @Test func recognisedCommandsStayLocal() {
        let runner = FakeToolRunner()
        let (conv, model) = conversation([])
        let (session, _) = makeSession(ScriptedLineReader(["what's due today", "/offline", "buy milk", ""]), runner, model: conv)
        session.run()
        #expect(model.received.isEmpty)
        #expect(runner.writes.map(\.name) == ["capture_task"])
    }

    @Test func theModelSeesTheRulesParseClockAndState() {
        let runner = FakeToolRunner()
        let (conv, model) = conversation([ScriptedChatModel.say("Hi.")])
        let (session, _) = makeSession(ScriptedLineReader(["hello there"]), runner, model: conv)
        session.run()
        let user = model.received.first?.last?.content ?? ""
        #expect(user.hasPrefix("hello there"))
        #expect(user.contains("now: 2026-12-02T10:30:00+00:00"))
        #expect(user.contains("Europe/London"))
        #expect(user.contains("rules' parse of the message"))
        #expect(user.contains("projects: Kitchen"))
    }
}
