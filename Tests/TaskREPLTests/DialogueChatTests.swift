import Foundation
import TaskCore
import TaskNL
import TaskStore
import TaskToolkit
import Testing
@testable import TaskREPL

/// Issue 42's lines in the chat (scripted reader, real store; Wednesday 2 December 2026, 10:30):
/// questions are not tasks, tasks named the way people name them, what is missing is asked for, and
/// the chat does what its docs say.
@Suite struct DialogueChatTests {
    func run(_ h: REPLHarness, _ lines: [String], interactive: Bool = true, clock: @escaping @Sendable () -> Date = { testNow }) -> (String, ScriptedLineReader) {
        let reader = ScriptedLineReader(lines, interactive: interactive)
        let (session, out) = h.session(reader, clock: clock)
        session.run()
        return (out.text, reader)
    }

    // MARK: A. Questions and acknowledgements

    @Test(arguments: ["What is 1+1?", "What's the weather in Paris?", "who are you", "how do I boil an egg"])
    func aQuestionIsAnsweredInOneLineAndNeverOfferedAsATask(line: String) throws {
        let h = try REPLHarness()
        let (text, reader) = run(h, [line])
        #expect(text.contains("I keep your tasks; I can't answer that offline."), "\(text)")
        #expect(!text.contains("Save?") && reader.questions.isEmpty)
        #expect(try h.titles().isEmpty)
    }

    @Test func withAModelTheModelMayAnswerAQuestionAndAYNeverReachesIt() throws {
        let h = try REPLHarness()
        let model = ScriptedChatModel([ScriptedChatModel.say("2.")])
        let conv = ModelConversation(model: model, systemPrompt: "You are Tasker.", modelName: "test")
        let reader = ScriptedLineReader(["What is 1+1?", "y", "thanks"])
        let (session, out) = h.session(reader, model: conv)
        session.run()
        #expect(out.text.contains("2."), "\(out.text)")
        #expect(model.received.count == 1, "only the question went to the model")
        #expect(model.received.first?.last?.content.hasPrefix("What is 1+1?") == true)
        #expect(try h.titles().isEmpty)
    }

    @Test func aYAfterAnEditThatRanIsNotATask() throws {
        let h = try REPLHarness()
        try h.add("Call mom", due: "2026-12-02T17:00")
        let (text, _) = run(h, ["move call mom to friday", "y", "ok", "thanks", "no"])
        #expect(text.contains("✓ Moved 'Call mom' to") && text.contains("(/undo takes it back)"), "\(text)")
        #expect(text.components(separatedBy: "Nothing is waiting for an answer").count == 4, "y, ok and no: \(text)")
        #expect(text.components(separatedBy: "You're welcome.").count == 2, "thanks is answered in kind: \(text)")
        #expect(try h.titles() == ["Call mom"], "no task Y, Ok, Thanks or No")
    }

    @Test func createProjectInAFolderAsksForANameAndThenBeforeWriting() throws {
        let h = try REPLHarness()
        let (text, reader) = run(h, ["create project in /Volumes/DataArchive", "Data archive", "y"])
        #expect(reader.questions.first?.contains("What should the project be called?") == true, "\(reader.questions)")
        #expect(reader.questions.last?.contains("run? [y/N/a/e]") == true)
        #expect(text.contains("✓ Project Data archive"), "\(text)")
        let projects = try Projects(h.toolkit.store).projects().map(\.project.name)
        #expect(projects == ["Data archive"])
        // Said "no": nothing written.
        let (_, _) = run(h, ["new project Garden", "n"])
        #expect(try Projects(h.toolkit.store).projects().map(\.project.name) == ["Data archive"])
        // No terminal: nothing written, one line saying how.
        let (piped, _) = run(h, ["create project in /Volumes/DataArchive"], interactive: false)
        #expect(piped.contains("not a folder"))
        #expect(try Projects(h.toolkit.store).projects().count == 1)
    }

    @Test(arguments: ["call the bank?", "buy milk?", "should I call mom tomorrow"])
    func lookAlikesOfQuestionsAreStillOfferedAsTasks(line: String) throws {
        let h = try REPLHarness()
        let (text, reader) = run(h, [line, ""])
        #expect(reader.questions.contains { $0.contains("Save?") }, "\(text)")
        #expect(try h.titles().count == 1)
    }

    // MARK: B. References and the completion history

    /// Call mom (due today 17:00), Dentist checkup (Friday), Dentist bill (no due) added yesterday,
    /// Water plants added today last.
    func referenced() throws -> REPLHarness {
        let h = try REPLHarness()
        try h.add("Call mom", due: "2026-12-02T17:00")
        try h.add("Dentist checkup", due: "2026-12-04T09:00")
        h.base.clock.now = testNow.addingTimeInterval(-86_400)
        try h.add("Dentist bill")
        h.base.clock.now = testNow
        try h.add("Water plants")
        return h
    }

    @Test func pushMyUpcomingReminderEditsTheTaskDueNext() throws {
        let h = try referenced()
        let (text, _) = run(h, ["What's my upcoming reminder", "push my upcoming reminder to tomorrow 5PM"])
        #expect(text.contains("Call mom"), "\(text)")
        let mom = try h.tasks().first { $0.title == "Call mom" }
        #expect(mom?.due == ISODate.parse("2026-12-03T17:00", in: london), "\(text)")
        #expect(try h.titles().count == 4, "no new task")
    }

    @Test func theOneIMadeYesterdayAndTheMostRecentOne() throws {
        let h = try referenced()
        let (text, _) = run(h, ["What's the todo item I made yesterday?", "done the most recent one", "defer the one I made yesterday to monday"])
        #expect(text.contains("Dentist bill"), "\(text)")
        let tasks = try h.tasks()
        #expect(tasks.first { $0.title == "Water plants" }?.status == .done, "\(text)")
        #expect(tasks.first { $0.title == "Dentist bill" }?.deferUntil?.description == "2026-12-07", "\(text)")
        #expect(!text.contains("Save?"))
    }

    @Test func thatOneIsTheTaskInFocusAndTheDentistOneAsksWhich() throws {
        let h = try referenced()
        let (text, reader) = run(h, ["buy stamps", "", "done that one", "done the dentist one", "3"])
        #expect(try h.tasks().first { $0.title == "Buy stamps" }?.status == .done, "\(text)")
        #expect(reader.questions.contains { $0.contains("Which one?") }, "\(reader.questions)")
        #expect(text.contains("Dentist checkup") && text.contains("Dentist bill"))
        #expect(try h.tasks().first { $0.title == "Dentist bill" }?.status == .done, "\(text)")
    }

    @Test func noSuchReferenceSaysSoAndChangesNothing() throws {
        let h = try REPLHarness()
        let (text, _) = run(h, ["done the most recent one", "What's my upcoming reminder"])
        #expect(text.contains("No open task is added last"), "\(text)")
        #expect(text.contains("No open task is due next"))
        #expect(try h.titles().isEmpty)
    }

    @Test func whatDidIFinishReadsTheCompletionHistory() throws {
        let h = try REPLHarness()
        let old = try h.add("File taxes")
        let monday = try h.add("Book flights")
        let today = try h.add("Water plants")
        h.base.clock.now = ISODate.parse("2026-11-24T12:00", in: london)!  // a Tuesday, last week
        _ = try h.toolkit.call("complete_task", ["id": .int(Int(old))])
        h.base.clock.now = ISODate.parse("2026-11-30T12:00", in: london)!  // Monday
        _ = try h.toolkit.call("complete_task", ["id": .int(Int(monday))])
        h.base.clock.now = testNow
        _ = try h.toolkit.call("complete_task", ["id": .int(Int(today))])
        let (text, _) = run(h, ["what did I finish today"])
        #expect(text.contains("Done today (1):") && text.contains("Water plants") && !text.contains("Book flights"), "\(text)")
        let (week, _) = run(h, ["done this week"])
        #expect(week.contains("Done this week (2):") && week.contains("Book flights") && !week.contains("File taxes"), "\(week)")
        let (since, _) = run(h, ["finished since monday"])
        #expect(since.contains("(2):") && since.contains("Book flights"), "\(since)")
        let (last, _) = run(h, ["what did I finish last week"])
        #expect(last.contains("Done last week (1):") && last.contains("File taxes") && !last.contains("Water plants"), "\(last)")
        #expect(try h.titles().count == 3, "nothing captured")
    }

    // MARK: C. Asking for what is missing

    @Test func aReminderWithNoSubjectAsksWhatAbout() throws {
        let h = try REPLHarness()
        let (text, reader) = run(h, ["Add a reminder for tomorrow 5PM", "call mom", ""])
        #expect(reader.questions.first == "  What should I remind you about? ", "\(reader.questions)")
        let task = try #require(try h.tasks().first)
        #expect(task.title == "Call mom", "\(text)")
        #expect(task.due == ISODate.parse("2026-12-03T17:00", in: london))
        // Without a terminal: said, nothing saved.
        let (piped, _) = run(h, ["a todo for friday"], interactive: false)
        #expect(piped.contains("What should I remind you about?"))
        #expect(try h.titles() == ["Call mom"])
    }

    @Test(arguments: [
        ("Add a reminder for tomorrow 5PM", true), ("add a task for friday", true), ("a todo tomorrow", true),
        ("remind me tomorrow at 5pm", false), ("set a reminder for 5pm", true), ("new to do item", true),
        ("add milk to the list", false), ("task force meeting friday", false), ("remind mom about dinner", false),
        ("reminder email to Bob", false), ("todo app review", false), ("add", false),
    ] as [(String, Bool)])
    func aContainerTitleIsOnlyAContainer(line: String, container: Bool) throws {
        let title = TaskNLParser().parse(line, now: testNow, timeZone: london).draft.title
        #expect(CaptureQuestions.isContainer(title) == container, "\(line) → \(title)")
    }

    @Test func anAmbiguousPlaceAsksWhich() throws {
        let h = try REPLHarness()
        for name in ["Whole Foods Downtown", "Whole Foods Pearl St"] {
            _ = try h.toolkit.run(CreatePlace(name: name, center: GeoPoint(latitude: 40.0, longitude: -105.0), radius: 150))
        }
        let (text, _) = run(h, ["buy oat milk at Whole Foods", "2", ""])
        #expect(text.contains("Which Whole Foods?") && text.contains("1. Whole Foods Downtown"), "\(text)")
        let task = try #require(try h.tasks().first)
        #expect(task.place?.place == "Whole Foods Pearl St", "\(text)")
        #expect(task.title == "Buy oat milk")
    }

    // MARK: D. Docs and behaviour agree

    @Test func aLineTypedAtRunIsKeptAsTheNextInput() throws {
        let h = try REPLHarness()
        try h.add("Call mom")
        let (text, reader) = run(h, ["rename call mom to call mum", "buy milk tomorrow", "y", ""])
        #expect(reader.questions.filter { $0.contains("run? [y/N/a/e]") }.count == 2, "the question stands: \(reader.questions)")
        #expect(text.contains("Your new line comes next."))
        #expect(try h.titles() == ["Call mum", "Buy milk"], "\(text)")
    }

    @Test func thisWeekOnASaturdayRunsToTheEndOfNextWeek() throws {
        let h = try REPLHarness()
        let saturday = ISODate.parse("2026-12-05T10:00", in: london)!
        h.base.clock.now = saturday
        try h.add("Dentist", due: "2026-12-07T09:00")
        try h.add("Report", due: "2026-12-10T09:00")
        try h.add("Far away", due: "2026-12-20T09:00")
        let (text, _) = run(h, ["what do I have this week"], clock: { saturday })
        #expect(text.contains("so this week runs to Sun 13 Dec"), "\(text)")
        #expect(text.contains("Dentist") && text.contains("Report") && !text.contains("Far away"))
    }
}
