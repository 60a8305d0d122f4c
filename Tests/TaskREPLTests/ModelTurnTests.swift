import Foundation
import TaskCore
import TaskToolkit
import Testing
@testable import TaskREPL

@Suite(.serialized) struct ModelTurnTests {
    func conversation(_ steps: [ScriptedChatModel.Step]) -> (ModelConversation, ScriptedChatModel) {
        let model = ScriptedChatModel(steps)
        return (ModelConversation(model: model, systemPrompt: "You are Tasker.", modelName: "test"), model)
    }

    @Test func acceptedProposalRuns() throws {
        let h = try REPLHarness()
        let (conv, model) = conversation([
            ScriptedChatModel.call("create_task", #"{"title": "Call mom", "priority": "high"}"#),
            ScriptedChatModel.say("Added it."),
        ])
        let reader = ScriptedLineReader(["remind me that mom needs a call", "y"])
        let (session, out) = h.session(reader, model: conv)
        session.run()
        #expect(try h.tasks().map { "\($0.title) \($0.priority)" } == ["Call mom high"])
        #expect(reader.prompts.contains { $0.contains("Create 'Call mom', high — run? [y/N/a/e]") })
        #expect(out.text.contains("Added it."))
        // The result went back to the model as a tool message.
        let last = model.received.last ?? []
        #expect(last.contains { $0.role == .tool && $0.toolCallID == "call_1" && $0.content.contains("\"ok\":true") })
        #expect(last.first?.role == .system)
        #expect(!session.undoLog.isEmpty)
    }

    @Test func declinedProposalStoresNothingAndTellsTheModel() throws {
        let h = try REPLHarness()
        let (conv, model) = conversation([
            ScriptedChatModel.call("create_task", #"{"title": "Call mom"}"#),
            ScriptedChatModel.say("OK, not added."),
        ])
        let (session, _) = h.session(ScriptedLineReader(["remind me that mom needs a call", "n"]), model: conv)
        session.run()
        #expect(try h.tasks().isEmpty)
        #expect(model.received.last?.contains { $0.role == .tool && $0.content.contains("declined") } == true)
    }

    @Test func editedArgumentsRun() throws {
        let h = try REPLHarness()
        let (conv, _) = conversation([ScriptedChatModel.call("create_task", #"{"title": "Call mom"}"#), ScriptedChatModel.say("Done.")])
        let reader = ScriptedLineReader(["remind me that mom needs a call", "e", #"{"title": "Call mum"}"#, "y"])
        let (session, _) = h.session(reader, model: conv)
        session.run()
        #expect(reader.initials.contains(#"{"title":"Call mom"}"#))
        #expect(try h.titles() == ["Call mum"])
    }

    @Test func alwaysAllowsTheToolForTheSession() throws {
        let h = try REPLHarness()
        let (conv, _) = conversation([
            ScriptedChatModel.call("create_task", #"{"title": "A"}"#), ScriptedChatModel.say("1"),
            ScriptedChatModel.call("create_task", #"{"title": "B"}"#), ScriptedChatModel.say("2"),
        ])
        let reader = ScriptedLineReader(["something vague", "a", "something else"])
        let (session, _) = h.session(reader, model: conv)
        session.run()
        #expect(try h.titles() == ["Something vague", "Something else"], "titles with words the user never typed give way to the rules'")
        #expect(reader.prompts.filter { $0.contains("run?") }.count == 1)
    }

    @Test func noTerminalMeansWritesAreDenied() throws {
        let h = try REPLHarness()
        let (conv, model) = conversation([ScriptedChatModel.call("create_task", #"{"title": "A"}"#), ScriptedChatModel.say("Could not.")])
        let (session, out) = h.session(ScriptedLineReader(["something vague"], interactive: false), model: conv)
        session.run()
        #expect(try h.tasks().isEmpty)
        #expect(out.text.contains("Not run (no terminal to confirm): Create 'Something vague'"))
        #expect(model.received.last?.contains { $0.role == .tool && $0.content.contains("denied") } == true)
    }

    @Test func readsRunAtOnceQuietly() throws {
        let h = try REPLHarness()
        let (conv, _) = conversation([ScriptedChatModel.call("list_tasks", #"{"filter": "today"}"#), ScriptedChatModel.say("You have nothing today.")])
        let reader = ScriptedLineReader(["anything for me?"])
        let (session, out) = h.session(reader, model: conv)
        session.run()
        #expect(out.text.contains("· list_tasks {\"filter\":\"today\"}"))
        #expect(!reader.prompts.contains { $0.contains("run?") })
    }

    @Test func aModelThatOnlyTalksAboutATaskStillLetsTheUserSaveIt() throws {
        let h = try REPLHarness()
        let (conv, _) = conversation([ScriptedChatModel.say("Sure — I've added 'buy oat milk' for Friday.")])
        let (session, out) = h.session(ScriptedLineReader(["buy oat milk friday", ""]), model: conv)
        session.run()
        #expect(out.text.contains("(nothing was saved by the model)"))
        #expect(try h.titles() == ["Buy oat milk"])
    }

    @Test func aQuestionAnsweredInWordsOffersNoCapture() throws {
        let h = try REPLHarness()
        let (conv, _) = conversation([ScriptedChatModel.say("Nothing is due on Friday.")])
        let (session, out) = h.session(ScriptedLineReader(["anything due friday?"]), model: conv)
        session.run()
        #expect(!out.text.contains("nothing was saved"))
        #expect(try h.tasks().isEmpty)
    }

    @Test func aCaptureProposalKeepsTheUsersWords() throws {
        let h = try REPLHarness()
        let (conv, _) = conversation([ScriptedChatModel.call("capture_task", #"{"text": "purchase dairy products"}"#), ScriptedChatModel.say("Done.")])
        let (session, _) = h.session(ScriptedLineReader(["um get milk I guess", "y"]), model: conv)
        session.run()
        // The grammar drops the spoken opener and hedge (issue 12); the rest is the user's, not the model's.
        #expect(try h.titles() == ["Get milk"])
    }

    @Test func failureFallsBackToTheRulesWithoutLosingTheText() throws {
        let h = try REPLHarness()
        let (conv, _) = conversation([.fail("could not connect to 127.0.0.1:9")])
        let (session, out) = h.session(ScriptedLineReader(["call mom tomorrow 5pm", ""]), model: conv)
        session.run()
        #expect(out.text.contains("Model unavailable (could not connect to 127.0.0.1:9) — using the rules instead"))
        #expect(try h.tasks().map(\.title) == ["Call mom"])
        #expect(try h.tasks().first?.due == ISODate.parse("2026-12-03T17:00", in: london))
    }

    @Test(arguments: ["{\"title\": ", "[1, 2]"])
    func badArgumentsFallBack(arguments: String) throws {
        let h = try REPLHarness()
        let (conv, _) = conversation([ScriptedChatModel.call("create_task", arguments)])
        let (session, out) = h.session(ScriptedLineReader(["buy milk", ""]), model: conv)
        session.run()
        #expect(out.text.contains("were not JSON"))
        #expect(try h.titles() == ["Buy milk"])
    }

    @Test func unknownToolFallsBack() throws {
        let h = try REPLHarness()
        let (conv, _) = conversation([ScriptedChatModel.call("delete_everything", "{}")])
        let (session, out) = h.session(ScriptedLineReader(["buy milk", ""]), model: conv)
        session.run()
        #expect(out.text.contains("unknown tool 'delete_everything'"))
        #expect(try h.titles() == ["Buy milk"])
    }

    @Test func toolRoundsAreBounded() throws {
        let h = try REPLHarness()
        let steps = (0..<10).map { ScriptedChatModel.call("list_tasks", "{}", id: "c\($0)") }
        let (conv, model) = conversation(steps)
        let (session, out) = h.session(ScriptedLineReader(["loop forever"]), model: conv)
        session.run()
        #expect(model.received.count == 5)
        #expect(out.text.contains("stopped after 5 tool rounds"))
    }

    @Test func recognisedCommandsStayLocal() throws {
        let h = try REPLHarness()
        let (conv, model) = conversation([])
        let (session, _) = h.session(ScriptedLineReader(["what's due today", "/offline", "buy milk", ""]), model: conv)
        session.run()
        #expect(model.received.isEmpty)
        #expect(try h.titles() == ["Buy milk"])
    }

    @Test func theModelSeesTheRulesParseClockAndState() throws {
        let h = try REPLHarness()
        _ = try h.toolkit.run(CreateProject(name: "Kitchen"))
        let (conv, model) = conversation([ScriptedChatModel.say("Hi.")])
        let (session, _) = h.session(ScriptedLineReader(["hello there"]), model: conv)
        session.run()
        let user = model.received.first?.last?.content ?? ""
        #expect(user.hasPrefix("hello there"))
        #expect(user.contains("now: 2026-12-02T10:30:00+00:00"))
        #expect(user.contains("Europe/London"))
        #expect(user.contains("rules' parse of the message"))
        #expect(user.contains("projects: Kitchen"))
    }

    @Test func aConfirmationNamesTheResolvedTaskNotTheModelsWords() throws {
        let h = try REPLHarness()
        let id = try h.add("Call the plumber about the leak")
        let (conv, _) = conversation([ScriptedChatModel.call("complete_task", #"{"title": "plumber"}"#), ScriptedChatModel.say("Done.")])
        let reader = ScriptedLineReader(["I sorted the plumber thing", "y"])
        let (session, _) = h.session(reader, model: conv)
        session.run()
        #expect(reader.prompts.contains { $0.contains("Complete #\(id) 'Call the plumber about the leak' — run?") })
        #expect(try h.task(id).status == .done)
    }

    @Test func anAmbiguousTargetListsTheCandidatesBeforeAsking() throws {
        let h = try REPLHarness()
        try h.add("Call mom")
        let second = try h.add("Call mother-in-law")
        let (conv, _) = conversation([ScriptedChatModel.call("complete_task", #"{"title": "call mo"}"#), ScriptedChatModel.say("Done.")])
        let reader = ScriptedLineReader(["rang her", "\(second)", "y"])
        let (session, out) = h.session(reader, model: conv)
        session.run()
        #expect(out.text.contains("2 tasks match 'call mo'"))
        #expect(reader.prompts.contains { $0.contains("Complete #\(second) 'Call mother-in-law' — run?") })
        #expect(try h.tasks().map(\.status) == [.open, .done])
    }

    @Test func aWriteWhoseTargetCannotBeFoundIsNotOffered() throws {
        let h = try REPLHarness()
        try h.add("Buy milk")
        let (conv, model) = conversation([ScriptedChatModel.call("complete_task", #"{"title": "dentist"}"#), ScriptedChatModel.say("Sorry.")])
        let reader = ScriptedLineReader(["dentist is done"])
        let (session, out) = h.session(reader, model: conv)
        session.run()
        #expect(!reader.prompts.contains { $0.contains("run?") })
        #expect(out.text.contains("Not offered: no open task matches 'dentist'"))
        #expect(model.received.last?.contains { $0.role == .tool && $0.content.contains("no open task matches") } == true)
        #expect(try h.tasks().map(\.status) == [.open])
    }

    @Test func theRulesWinOverAModelsProposedFields() throws {
        let h = try REPLHarness()
        let (conv, _) = conversation([
            ScriptedChatModel.call("create_task", #"{"title": "Call Mom", "priority": "low", "due": "2026-12-09", "contexts": ["phone"], "estimate_minutes": 10}"#),
            ScriptedChatModel.say("Added."),
        ])
        let (session, _) = h.session(ScriptedLineReader(["um so call mom tomorrow 5pm #family !high", "y"]), model: conv)
        session.run()
        let task = try #require(try h.tasks().first)
        #expect(task.title == "Call Mom", "the model may tidy the title with the user's words")
        #expect(task.priority == .high)
        #expect(task.due == ISODate.parse("2026-12-03T17:00", in: london))
        #expect(task.contexts == ["family"])
        #expect(task.estimateMinutes == 10, "the model fills gaps")
    }

    @Test func aTitleWithWordsTheUserNeverTypedGivesWayToTheRules() throws {
        let h = try REPLHarness()
        let (conv, _) = conversation([ScriptedChatModel.call("create_task", #"{"title": "Phone the plumber"}"#), ScriptedChatModel.say("Added.")])
        let (session, _) = h.session(ScriptedLineReader(["hmm the plumber needs a call about the leak", "y"]), model: conv)
        session.run()
        #expect(try h.titles() == ["Hmm the plumber needs a call about the leak"])
    }
}
