import Foundation
import TaskCore
import TaskToolkit
import Testing
@testable import TaskREPL

/// "weekly review" in the chat: the summary, then one key per item; each action is undoable.
@Suite struct ReviewWalkTests {
    @Test func eachKeyActsOnItsItemAndUndoTakesItBack() throws {
        let h = try REPLHarness()
        let rent = try h.add("Pay rent", due: "2026-11-30T09:00")        // slipped
        let old = try h.add("Renew passport", due: "2026-10-01T09:00")   // overdue
        let plumber = try h.add("Call plumber")                          // inbox
        let reader = ScriptedLineReader(["weekly review", "", "d", "x", "s", "r", "friday 3pm", "/undo"])
        let (session, out) = h.session(reader)
        session.run()
        #expect(out.text.contains("Slipped (1)") && out.text.contains("Overdue (1)") && out.text.contains("Inbox (1)"))
        #expect(reader.questions.contains { $0.contains("Walk through the 3 items?") })
        #expect(try h.task(rent).status == .done, "d completes the slipped task")
        #expect(out.text.contains("d done, f defer a week, r reschedule, s someday, Enter skip, q stop."), "an unknown key says the keys")
        #expect(try h.task(old).stage == "Someday", "s moves the overdue one to Someday")
        #expect(out.text.contains("Review done."))
        // /undo takes back the last action: the inbox task's new due date.
        #expect(try h.task(plumber).due == nil)
        #expect(reader.questions.contains { $0.contains("New due date") })
    }

    @Test func qStopsAndEnterSkips() throws {
        let h = try REPLHarness()
        let rent = try h.add("Pay rent", due: "2026-11-30T09:00")
        let plumber = try h.add("Call plumber")
        let (session, out) = h.session(ScriptedLineReader(["review my week", "", "", "q"]))
        session.run()
        #expect(try h.task(rent).status == .open)
        #expect(try h.task(plumber).stage == nil)
        #expect(out.text.contains("Review stopped."))
    }

    @Test func withoutATerminalTheReviewIsShownAndNothingIsAsked() throws {
        let h = try REPLHarness()
        try h.add("Call plumber")
        let reader = ScriptedLineReader(["weekly review", "d"], interactive: false)
        let (session, out) = h.session(reader)
        session.run()
        #expect(out.text.contains("Inbox (1)"))
        #expect(reader.questions.isEmpty)
        #expect(try h.titles() == ["Call plumber", "D"], "the next line is a line of its own, not an answer")
    }
}
