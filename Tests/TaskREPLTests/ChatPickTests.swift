import Foundation
import TaskCore
import TaskToolkit
import Testing
@testable import TaskREPL

/// Issue 12 in the chat: a verb alone asks which task; a command naming no task offers the line as
/// a capture; the weak verbs act on tasks that exist.
@Suite struct ChatPickTests {
    @Test func doneAloneAsksWhichTaskAndCompletesIt() throws {
        let h = try REPLHarness()
        let id = try h.add("Call mom")
        let reader = ScriptedLineReader(["done", "call mom"])
        let (session, out) = h.session(reader)
        session.run()
        #expect(reader.questions.contains { $0.contains("Which task?") })
        #expect(try h.task(id).status == .done)
        #expect(!(try h.titles()).contains("Done"), "no task called Done: \(out.text)")
    }

    @Test func moveAloneAsksForTheTaskThenTheDate() throws {
        let h = try REPLHarness()
        let id = try h.add("Dentist appointment")
        let reader = ScriptedLineReader(["move", "dentist", "friday 3pm"])
        let (session, _) = h.session(reader)
        session.run()
        #expect(reader.questions.contains { $0.contains("Due when?") })
        #expect(try h.task(id).due.map { ISODate.format($0, in: london) } == "2026-12-04T15:00:00+00:00")
    }

    @Test func anEmptyAnswerChangesNothing() throws {
        let h = try REPLHarness()
        try h.add("Call mom")
        let (session, out) = h.session(ScriptedLineReader(["done", ""]))
        session.run()
        #expect(out.text.contains("Nothing changed"))
        #expect(try h.tasks().allSatisfy { $0.status == .open })
    }

    @Test func tabCompletesOpenTitlesWhileAskingWhichTask() throws {
        let h = try REPLHarness()
        try h.add("Call mom")
        try h.add("Renew passport")
        let (session, _) = h.session(ScriptedLineReader([]))
        session.answerVerb = TaskPick.complete.completionVerb
        let (start, candidates) = session.complete("ca")
        #expect(start == 0 && candidates == ["Call mom"])
        session.answerVerb = nil
        #expect(session.complete("ca").candidates.isEmpty, "outside the question, 'ca' is no verb")
    }

    @Test func withoutATerminalAVerbAloneSaysHowToSayIt() throws {
        let h = try REPLHarness()
        let (session, out) = h.session(ScriptedLineReader(["done"], interactive: false))
        session.run()
        #expect(out.text.contains("Which task?"))
        #expect(try h.titles().isEmpty)
    }

    @Test func aStrongCommandNamingNoTaskOffersTheLineAsACapture() throws {
        let h = try REPLHarness()
        let reader = ScriptedLineReader(["reschedule the garage door to friday", ""])
        let (session, out) = h.session(reader)
        session.run()
        #expect(out.text.contains("No open task matches 'the garage door'; as a new task:"))
        #expect(try h.titles() == ["Reschedule the garage door"])
    }

    /// Completing names a task that exists: with none, nothing is offered to save (issue 32).
    @Test func completingNoSuchTaskOffersNoCapture() throws {
        let h = try REPLHarness()
        let reader = ScriptedLineReader(["mark the garage door as done", ""])
        let (session, out) = h.session(reader)
        session.run()
        #expect(out.text.contains("No open task matches 'the garage door'."))
        #expect(try h.titles().isEmpty)
    }

    @Test func weakVerbsCompleteAndRescheduleTasksThatExist() throws {
        let h = try REPLHarness()
        let passport = try h.add("Renew passport")
        let dentist = try h.add("Dentist appointment")
        let (session, _) = h.session(ScriptedLineReader(["complete renew passport", "change dentist appointment to dec 15"]))
        session.run()
        #expect(try h.task(passport).status == .done)
        #expect(try h.task(dentist).due.map { ISODate.format($0, in: london) } == "2026-12-15T09:00:00+00:00")
    }

    @Test func aWeakVerbWithNoSuchTaskIsAPlainCapture() throws {
        let h = try REPLHarness()
        let (session, out) = h.session(ScriptedLineReader(["complete the expense form by thursday", ""]))
        session.run()
        #expect(!out.text.contains("No open task"))
        let task = try #require(try h.tasks().first)
        #expect(task.title == "Complete the expense form")
        #expect(task.due.map { ISODate.format($0, in: london) } == "2026-12-03T09:00:00+00:00")
    }

    @Test func planMyAfternoonPlansTheWindow() throws {
        let h = try REPLHarness()
        try h.add("Write the report")
        let (session, out) = h.session(ScriptedLineReader(["plan my afternoon, 2 hours"]))
        session.run()
        #expect(try h.titles() == ["Write the report"], "no task 'Plan my afternoon': \(out.text)")
        #expect(out.text.contains("Write the report"))
    }
}
