import Foundation
import Testing
import TaskerTestSupport

/// Issue 42 at a real terminal (the binary on a pseudo-terminal, libedit, the real database): the
/// weekly review takes one key with no Enter, and a question or a `y` is never saved as a task.
@Suite struct ChatDialogueEndToEndTests {
    typealias Sandbox = REPLEndToEndTests.Sandbox

    @Test func theWeeklyReviewTakesOneKeyWithoutEnter() throws {
        let box = try Sandbox()
        _ = try box.call("create_task", #"{"title": "Pay the gas bill", "due": "2026-11-30T09:00"}"#)
        _ = try box.call("create_task", #"{"title": "Renew passport", "due": "2026-12-01T09:00"}"#)
        let t = try box.repl()
        t.line("weekly review")
        try t.waitFor("Walk through the")
        t.send("\r")
        try t.waitFor("d done, f defer a week")
        t.send("d")  // no Enter
        try t.waitFor("✓ Done: Pay the gas bill")
        try t.waitFor("d done, f defer a week")
        t.send("q")
        try t.waitFor("Review stopped.")
        try t.waitFor("tasker> ")
        // The terminal is back in line mode: a line is read as a line.
        t.line("What is 1+1?")
        try t.waitFor("I can't answer that offline")
        t.line("y")
        try t.waitFor("Nothing is waiting for an answer")
        try t.waitFor("tasker> ")  // Ctrl-D at the prompt, not typed ahead of it
        t.send("\u{04}")
        #expect(try t.waitForExit() == 0)
        let open = try box.call("list_tasks", #"{"filter": "all"}"#)
        #expect(open.contains("\"status\":\"done\"") && open.contains("Pay the gas bill"))
        #expect(!open.contains("\"title\":\"Y\"") && !open.contains("1+1"), "\(open)")
    }
}
