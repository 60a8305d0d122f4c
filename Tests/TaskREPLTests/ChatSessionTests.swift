import Foundation
import TaskCore
import TaskToolkit
import Testing
@testable import TaskREPL

@Suite struct ChatSessionTests {
    @Test func captureShowsChipsAndSavesOnEnter() throws {
        let h = try REPLHarness()
        let reader = ScriptedLineReader(["call mom tomorrow 5pm", ""])
        let (session, out) = h.session(reader)
        session.run()
        #expect(out.text.contains("[Tomorrow, 5:00 PM]"))
        #expect(out.text.contains("✓ Saved"))
        let tasks = try h.tasks()
        #expect(tasks.map(\.title) == ["Call mom"])
        #expect(tasks.first?.due == ISODate.parse("2026-12-03T17:00", in: london))
        #expect(!session.undoLog.isEmpty)
        #expect(reader.saved == ["call mom tomorrow 5pm"])
    }

    @Test func captureDroppedWithN() throws {
        let h = try REPLHarness()
        let (session, out) = h.session(ScriptedLineReader(["buy milk", "n"]))
        session.run()
        #expect(try h.tasks().isEmpty)
        #expect(out.text.contains("Dropped"))
    }

    /// A sentence typed at "Save?" (the next task, typed too soon) is not a "no": the question is
    /// asked again with what each key does, and the shown capture is still there to save; the
    /// sentence is not lost either: it is handled next, as if typed at the prompt.
    @Test func anAnswerThatIsNoChoiceAsksAgainInsteadOfDropping() throws {
        let h = try REPLHarness()
        let (session, out) = h.session(ScriptedLineReader(["call mom tomorrow", "buy milk and eggs", "", ""]))
        session.run()
        #expect(out.text.contains("Enter saves, n drops, e edits. Your new line comes next."))
        #expect(!out.text.contains("Dropped"))
        #expect(try h.titles().sorted() == ["Buy milk and eggs", "Call mom"])
    }

    /// A question typed at "Save?" after a line that was read as a task: the draft waits for its
    /// answer, then the question is answered — nothing typed is lost or saved unasked.
    @Test func aQuestionTypedAtSaveIsAnsweredAfterTheDraft() throws {
        let h = try REPLHarness()
        let (session, out) = h.session(ScriptedLineReader(["what to get mom for her birthday", "what's on today", "n"]))
        session.run()
        #expect(out.text.contains("Your new line comes next."))
        #expect(out.text.contains("Dropped."))
        #expect(out.text.contains("Nothing due today or overdue."), "the question ran after the draft was answered")
        #expect(try h.tasks().isEmpty)
    }

    @Test func aPastedBlockIsAskedAgainToo() throws {
        let h = try REPLHarness()
        let (session, out) = h.session(ScriptedLineReader(["buy milk", "maybe", "n"], pastes: [["call mom"]]))
        session.run()
        #expect(out.text.contains("Enter saves, n drops."))
        #expect(out.text.contains("Dropped all 2."))
        #expect(try h.tasks().isEmpty)
    }

    /// A pasted list: `- ` lines after a task are its subtasks; a marked first line is a task.
    @Test func aPastedListMakesSubtasksOfTheLineAbove() throws {
        let h = try REPLHarness()
        let reader = ScriptedLineReader(["- water plants", ""], pastes: [["pack for berlin friday", "- passport", "* charger", "call mom"]])
        let (session, out) = h.session(reader)
        session.run()
        #expect(out.text.contains("↳ 3. Passport"))
        let tasks = try h.tasks()
        let byTitle = Dictionary(uniqueKeysWithValues: tasks.map { ($0.title, $0) })
        let pack = try #require(byTitle["Pack for berlin"])
        #expect(byTitle["Passport"]?.parent == pack.id)
        #expect(byTitle["Charger"]?.parent == pack.id)
        #expect(byTitle["Water plants"]?.parent == nil, "a marked line with no task above is a task")
        #expect(byTitle["Call mom"]?.parent == nil)
        #expect(tasks.count == 5)
    }

    @Test func captureEditedInPlace() throws {
        let h = try REPLHarness()
        let reader = ScriptedLineReader(["buy milk", "e", "buy oat milk", ""])
        let (session, _) = h.session(reader)
        session.run()
        #expect(reader.initials.contains("buy milk"), "the edit prompt is prefilled with the text")
        #expect(try h.titles() == ["Buy oat milk"])
    }

    @Test func pipedCapturesSaveWithoutAsking() throws {
        let h = try REPLHarness()
        let reader = ScriptedLineReader(["buy milk", "call bob"], interactive: false)
        let (session, out) = h.session(reader)
        session.run()
        #expect(try h.titles() == ["Buy milk", "Call bob"])
        let noPrompts = reader.prompts.allSatisfy { $0.isEmpty }
        #expect(noPrompts, "no prompts when not a terminal")
        #expect(!out.text.contains("\u{1B}["), "no escape codes")
    }

    @Test func pasteIsOneBatchConfirmedOnce() throws {
        let h = try REPLHarness()
        let reader = ScriptedLineReader(["buy milk", ""], pastes: [["call bob", "pay rent"]])
        let (session, out) = h.session(reader)
        session.run()
        #expect(out.text.contains("3 tasks:"))
        #expect(try h.titles() == ["Buy milk", "Call bob", "Pay rent"])
        #expect(reader.prompts.filter { $0.contains("Save all 3?") }.count == 1)
    }

    @Test func pasteDeclinedSavesNothing() throws {
        let h = try REPLHarness()
        let (session, _) = h.session(ScriptedLineReader(["buy milk", "n"], pastes: [["call bob"]]))
        session.run()
        #expect(try h.tasks().isEmpty)
    }

    @Test func rulesRunTools() throws {
        let h = try REPLHarness()
        let mom = try h.add("Call mom", due: "2026-12-02T17:00")
        try h.add("Write report", due: "2026-12-02T12:00")
        let (session, out) = h.session(ScriptedLineReader(["done call mom", "what's due today", "plan my day, 3 hours, focused"]))
        session.run()
        #expect(try h.task(mom).status == .done)
        #expect(out.text.contains("✓ Done: Call mom"))
        #expect(out.text.contains("Write report  today 12:00 PM"), "today's list shows what is left")
        #expect(out.text.contains("Total 30 min of 3 h"), "the plan uses the 3-hour budget")
    }

    @Test func ambiguousTitleAsksForAnID() throws {
        let h = try REPLHarness()
        try h.add("Call mom")
        let second = try h.add("Call mother-in-law")
        let (session, out) = h.session(ScriptedLineReader(["done call", "\(second)"]))
        session.run()
        #expect(out.text.contains("2 tasks match"))
        #expect(out.text.contains("Call mother-in-law"))
        #expect(try h.tasks().map(\.status) == [.open, .done])
    }

    @Test func undoRevertsTheLastChange() throws {
        let h = try REPLHarness()
        let (session, out) = h.session(ScriptedLineReader(["buy milk", "", "/undo", "/undo"]))
        session.run()
        #expect(try h.tasks().isEmpty)
        #expect(out.text.contains("Deleted 'Buy milk'"))
        #expect(out.text.contains("Nothing to undo"))
    }

    @Test func undoReopensACompletedTaskAndRestoresADueDate() throws {
        let h = try REPLHarness()
        let id = try h.add("Dentist", due: "2026-12-03T09:00")
        let (session, out) = h.session(ScriptedLineReader(["move dentist to friday 3pm", "/undo", "done dentist", "/undo"]))
        session.run()
        let task = try h.task(id)
        #expect(task.due == ISODate.parse("2026-12-03T09:00", in: london))
        #expect(task.status == .open)
        #expect(out.text.contains("Moved 'Dentist' back"))
        #expect(out.text.contains("Reopened 'Dentist'"))
    }

    @Test func unknownCommandSuggestsTheClosest() throws {
        let (session, out) = try REPLHarness().session(ScriptedLineReader(["/hlep"]))
        session.run()
        #expect(out.text.contains("unknown command /hlep; did you mean /help"))
    }

    @Test func helpListsEveryCommandAndItsAliases() throws {
        let (session, out) = try REPLHarness().session(ScriptedLineReader(["/help", "/q", "/help"]))
        session.run()
        for command in ChatSession.commands { #expect(out.text.contains("/" + command.name)) }
        #expect(out.text.contains("(also /exit, /q)"))
        #expect(out.text.components(separatedBy: "Commands:").count == 2, "/q quit before the second /help")
    }

    @Test func keyLinesNeverReachHistoryAndTheKeyIsNotEchoed() throws {
        let stored = KeyBox()
        let reader = ScriptedLineReader(["/key set", "/key"], secrets: ["sk-secret-123"])
        let (session, out) = try REPLHarness().session(reader)
        session.settings.setKey = { stored.set($0) }
        session.settings.keyStatus = { stored.value == nil ? "no key set" : "key set" }
        session.run()
        #expect(stored.value == "sk-secret-123")
        #expect(reader.saved.isEmpty)
        #expect(!out.text.contains("sk-secret"))
        #expect(out.text.contains("key: key set"))
    }

    @Test func aKeyTypedWhileEditingACaptureNeverReachesHistory() throws {
        // "e" at Save? puts the line back for editing; what comes back is a /key line.
        let reader = ScriptedLineReader(["buy milk", "e", "/key sk-OTHERSECRET"])
        let (session, _) = try REPLHarness().session(reader)
        session.run()
        #expect(reader.saved == ["buy milk"])
    }

    @Test func confirmPolicyIsValidated() throws {
        let (session, out) = try REPLHarness().session(ScriptedLineReader(["/confirm all", "/confirm sometimes"]))
        session.run()
        #expect(session.settings.confirm == .all)
        #expect(out.text.contains("/confirm takes writes, all or never"))
    }

    @Test func confirmNeverSavesCapturesAtOnce() throws {
        let h = try REPLHarness()
        let (session, _) = h.session(ScriptedLineReader(["buy milk"]), confirm: .never)
        session.run()
        #expect(try h.titles() == ["Buy milk"])
    }

    @Test func quitStopsTheLoop() throws {
        let h = try REPLHarness()
        let (session, _) = h.session(ScriptedLineReader(["/quit", "buy milk", ""]))
        session.run()
        #expect(try h.tasks().isEmpty)
    }

    @Test func ctrlCDropsTheLineAndGoesOn() throws {
        let h = try REPLHarness()
        let (session, _) = h.session(ScriptedLineReader(inputs: [.interrupted, .line("buy milk"), .line("")]))
        session.run()
        #expect(try h.titles() == ["Buy milk"])
    }

    @Test func offlineWithoutAModelSaysSo() throws {
        let (session, out) = try REPLHarness().session(ScriptedLineReader(["/offline"]))
        session.run()
        #expect(out.text.contains("no model is configured"))
    }

    @Test func projectsAndPagesShowWhatTheToolsReturn() throws {
        let h = try REPLHarness()
        let (session, out) = h.session(ScriptedLineReader([
            "new project Kitchen", "y", "projects", "note to Kitchen: buy tiles", "note to Kitchen: grout too", "read page Kitchen",
            "search notes for tiles",
        ]))
        session.run()
        #expect(out.text.contains("✓ Project Kitchen"))
        #expect(out.text.contains("Kitchen  0 open · 0 done"), "list_projects' own keys (open, done) are shown")
        #expect(out.text.contains("✓ New page Kitchen"))
        #expect(out.text.contains("✓ Added to Kitchen"))
        #expect(out.text.contains("buy tiles\n\ngrout too") || out.text.contains("buy tiles\ngrout too"))
        #expect(out.text.contains("[tiles]"), "search results show their snippets")
    }

    @Test func completionCoversCommandsTitlesAndContexts() throws {
        let h = try REPLHarness()
        try h.add("Call mom", contexts: ["family"])
        let (session, _) = h.session(ScriptedLineReader([]))
        #expect(session.complete("/he").candidates == ["/help"])
        #expect(session.complete("done ca") == (5, ["Call mom"]))
        #expect(session.complete("buy milk #fa") == (9, ["#family"]))
        #expect(session.complete("/confirm w").candidates == ["writes"])
        #expect(session.complete("/tools list_ta").candidates == ["list_tasks"])
        #expect(session.complete("/tools list_t").candidates == ["list_tasks", "list_templates"])
    }

    @Test func completionSeesAProjectCreatedInThisSession() throws {
        let h = try REPLHarness()
        let (session, _) = h.session(ScriptedLineReader(["new project Garden", "y"]))
        #expect(session.complete("/list Gar").candidates.isEmpty)
        session.run()
        #expect(session.complete("/list Gar").candidates == ["Garden"])
    }
}

final class KeyBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: String?
    var value: String? { lock.lock(); defer { lock.unlock() }; return stored }
    func set(_ key: String) { lock.lock(); stored = key; lock.unlock() }
}

@Suite struct PasteTests {
    @Test func aPasteWithCommandsRunsLineByLine() throws {
        let h = try REPLHarness()
        let reader = ScriptedLineReader(["list", ""], pastes: [["buy milk"]])
        let (session, out) = h.session(reader)
        session.run()
        #expect(out.text.contains("Nothing here."), "list ran first, on an empty store")
        #expect(try h.titles() == ["Buy milk"])
        #expect(!reader.prompts.contains { $0.contains("Save all") })
    }
}
