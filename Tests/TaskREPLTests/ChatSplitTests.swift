import Foundation
import TaskCore
import TaskToolkit
import Testing
@testable import TaskREPL

/// Several tasks typed in one line are shown as drafts and saved together.
@Suite struct ChatSplitTests {
    @Test func oneLineWithTwoTasksShowsTwoDraftsConfirmedOnce() throws {
        let h = try REPLHarness()
        let reader = ScriptedLineReader(["buy milk tomorrow and also call mom friday at 5pm", ""])
        let (session, out) = h.session(reader)
        session.run()
        #expect(out.text.contains("2 tasks:"))
        #expect(reader.questions.filter { $0.contains("Save all 2?") }.count == 1)
        let tasks = try h.tasks()
        #expect(tasks.map(\.title) == ["Buy milk", "Call mom"])
        #expect(tasks[1].due.map { ISODate.format($0, in: london) } == "2026-12-04T17:00:00+00:00")
    }

    @Test func declinedSavesNeither() throws {
        let h = try REPLHarness()
        let (session, _) = h.session(ScriptedLineReader(["buy milk; call mom", "n"]))
        session.run()
        #expect(try h.tasks().isEmpty)
    }
}
