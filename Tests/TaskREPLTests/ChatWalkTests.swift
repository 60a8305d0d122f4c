import Foundation
import TaskCore
import TaskStore
import TaskToolkit
import Testing
@testable import TaskREPL

/// Lines a person typed walking the chat in a terminal, each once answered wrongly: the task they
/// named was not found, or a question about their tasks was offered as a task.
@Suite struct ChatWalkTests {
    /// "delete the haircut" names "Book a haircut" as "move the haircut to wednesday" does; it was
    /// "No task matches 'the haircut'" and the line offered as a task "Delete the haircut".
    @Test(arguments: [
        ("delete the haircut", "Delete #ID 'Book a haircut' — run?"),
        ("rename the haircut to book a trim", "Update #ID 'Book a haircut': title 'Book a trim' — run?"),
        ("make my haircut high priority", "Update #ID 'Book a haircut': priority high — run?"),
        ("move the haircut to someday", "'Book a haircut'"),
    ])
    func anEditNamesATaskWithoutItsArticle(line: String, question: String) throws {
        let h = try REPLHarness()
        let id = try h.add("Book a haircut")
        let reader = ScriptedLineReader([line, "n"])
        let (session, out) = h.session(reader)
        session.run()
        let asked = question.replacingOccurrences(of: "#ID", with: "#\(id)")
        #expect(reader.questions.contains { $0.contains(asked) }, "\(reader.questions)")
        #expect(!out.text.contains("No task matches"))
        #expect(try h.titles() == ["Book a haircut"])
    }

    /// "what's due tmrw" is the question "what's due tomorrow", not a line the rules cannot read.
    @Test func tmrwAsksAboutTomorrow() throws {
        let h = try REPLHarness()
        try h.add("Call the insurance company", due: "2026-12-03T09:00:00+00:00")
        try h.add("Water the plants", due: "2026-12-02T09:00:00+00:00")
        let (session, out) = h.session(ScriptedLineReader(["what's due tmrw"]))
        session.run()
        #expect(out.text.contains("Call the insurance company"))
        #expect(!out.text.contains("Water the plants"))
        #expect(!out.text.contains("I don't know how to read that question"))
        #expect(try h.tasks().count == 2, "nothing captured")
    }

    /// "move the dentist to friday" keeps the dentist's 3 PM (it became friday 9:00).
    @Test func movingToADayKeepsTheTime() throws {
        let h = try REPLHarness()
        let id = try h.add("Dentist", due: "2026-12-08T15:00:00+00:00")
        let (session, out) = h.session(ScriptedLineReader(["move the dentist to friday"]))
        session.run()
        #expect(out.text.contains("✓ Moved 'Dentist' to Fri 4 Dec 3:00 PM"), "\(out.text)")
        #expect(try h.task(id).due == ISODate.parse("2026-12-04T15:00:00+00:00", in: london))
    }

    /// "when is the dentist?", "is the dentist tomorrow?" and "show me the dentist" show the dentist
    /// (they were "I can't answer that offline" and a new task "Show me the dentist").
    @Test(arguments: ["when is the dentist?", "when's my dentist", "show me the dentist", "is the dentist tomorrow?", "is my dentist on friday"])
    func aTaskAskedAfterByItsTitleIsShown(line: String) throws {
        let h = try REPLHarness()
        try h.add("Dentist", due: "2026-12-08T15:00:00+00:00")
        try h.add("Call mom")
        let (session, out) = h.session(ScriptedLineReader([line]))
        session.run()
        #expect(out.text.contains("Dentist  Tue 8 Dec 3:00 PM"), "\(out.text)")
        #expect(!out.text.contains("Call mom"))
        #expect(!out.text.contains("can't answer"))
        #expect(try h.titles() == ["Dentist", "Call mom"], "nothing captured")
    }

    /// A title no open task holds is still not about a task, and the lists keep their words.
    @Test func aQuestionNamingNoTaskAndTheListsAreUnchanged() throws {
        let h = try REPLHarness()
        try h.add("Waiting for the plumber")
        let (session, out) = h.session(ScriptedLineReader(["when is the next full moon", "is it going to rain tomorrow", "show waiting"]))
        session.run()
        #expect(out.text.contains("can't answer"))
        #expect(RouterPhrasingTableTests.router(knowing: ["Waiting for the plumber"]).ruleName(for: "show waiting") == "list-waiting")
        #expect(try h.titles() == ["Waiting for the plumber"])
    }

    /// "yes please" at `run? [y/N/a/e]` runs it (it was kept as a new line and the question asked
    /// again); "nope" does not, and neither is left over as a line of its own.
    @Test(arguments: [("yes please", true), ("Yep!", true), ("sure", true), ("nope", false), ("no thanks", false)])
    func anAnswerSaidInWordsIsAnAnswer(answer: String, runs: Bool) throws {
        let h = try REPLHarness()
        try h.add("Bread")
        let reader = ScriptedLineReader(["delete the bread", answer])
        let (session, out) = h.session(reader)
        session.run()
        #expect(reader.questions.filter { $0.contains("Delete") }.count == 1, "asked once: \(reader.questions)")
        #expect(try h.titles() == (runs ? [] : ["Bread"]))
        #expect(!out.text.contains("Nothing is waiting for an answer"))
    }

    /// "yep" at a capture's `Save?` saves it.
    @Test func yepSavesACapture() throws {
        let h = try REPLHarness()
        let (session, _) = h.session(ScriptedLineReader(["call the vet tomorrow", "yep"]))
        session.run()
        #expect(try h.titles() == ["Call the vet"])
    }
}
