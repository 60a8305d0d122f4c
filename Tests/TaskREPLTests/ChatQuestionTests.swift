import Foundation
import TaskCore
import TaskToolkit
import Testing
@testable import TaskREPL

/// Questions about counts answer from list_tasks (offline, model or not); `done X` for a task that
/// does not exist says so and shows the closest open titles instead of offering "Done X" (issue 32).
@Suite struct ChatQuestionTests {
    /// Three open tasks (one overdue, one due today, one next week) and a done one.
    func harness() throws -> REPLHarness {
        let h = try REPLHarness()
        try h.add("Pay the gas bill", due: "2026-12-01T09:00")
        try h.add("Call the dentist", due: "2026-12-02T17:00")
        try h.add("Renew passport", due: "2026-12-09T09:00")
        let done = try h.add("Water the plants")
        _ = try h.toolkit.call("complete_task", ["id": .int(Int(done))])
        return h
    }

    @Test(arguments: [
        ("how many tasks do I have", "3 open tasks:", ["Pay the gas bill", "Call the dentist", "Renew passport"]),
        ("what's left today", "2 tasks left today (overdue included):", ["Pay the gas bill", "Call the dentist"]),
        ("how many are overdue?", "1 task overdue:", ["Pay the gas bill"]),
        ("how many tasks tomorrow", "Nothing due tomorrow.", []),
    ] as [(String, String, [String])])
    func aCountQuestionIsAnsweredWithTheCountAndTheTasks(line: String, answer: String, titles: [String]) throws {
        let h = try harness()
        let before = try h.titles()
        // A model that would fail if asked: the answer must come from the rules.
        let conv = ModelConversation(model: ScriptedChatModel([]), systemPrompt: "You are Tasker.", modelName: "test")
        let (session, out) = h.session(ScriptedLineReader([line]), model: conv)
        session.run()
        #expect(out.text.contains(answer), "\(out.text)")
        for title in titles { #expect(out.text.contains(title), "\(title) listed") }
        for title in ["Pay the gas bill", "Call the dentist", "Renew passport"] where !titles.contains(title) {
            #expect(!out.text.contains(title), "\(title) is not in the answer")
        }
        #expect(!out.text.contains("Water the plants"), "a done task is not counted")
        #expect(!out.text.contains("Save?") && !out.text.contains("Saved"), "the question is not offered as a task")
        #expect(try h.titles() == before)
    }

    @Test func doneWithNoSuchTaskSaysSoAndListsTheClosestTitles() throws {
        let h = try harness()
        let before = try h.titles()
        let reader = ScriptedLineReader(["done no such task at all", "done the gas bil", ""])
        let (session, out) = h.session(reader)
        session.run()
        #expect(out.text.contains("No open task matches 'no such task at all'."), "\(out.text)")
        #expect(out.text.contains("Closest open tasks:"))
        #expect(!out.text.contains("Done no such task at all"))
        #expect(!out.text.contains("Save?"))
        #expect(try h.titles() == before, "nothing saved, nothing completed")
        // The closest title comes first: "gas" and "bill" are shared words.
        let after = try #require(out.text.components(separatedBy: "No open task matches").last)
        let lines = after.components(separatedBy: "\n").filter { $0.contains("#") }
        #expect(lines.first?.contains("Pay the gas bill") == true, "\(lines)")
        #expect(try h.tasks().allSatisfy { $0.title != "Water the plants" || $0.status == .done })
    }

    @Test func doneWithNoTaskAtAllSaysSoAlone() throws {
        let h = try REPLHarness()
        let (session, out) = h.session(ScriptedLineReader(["done no such task at all"]))
        session.run()
        #expect(out.text.contains("No open task matches"))
        #expect(!out.text.contains("Closest open tasks:"))
        #expect(try h.tasks().isEmpty)
    }

    @Test func theCountLineReadsAsASentence() {
        let r = TaskRenderer(useColor: false, timeZone: london, now: testNow)
        #expect(r.countLine(0, filter: .open) == "No open tasks.")
        #expect(r.countLine(1, filter: .open) == "1 open task:")
        #expect(r.countLine(0, filter: .overdue) == "Nothing overdue.")
        #expect(r.countLine(0, filter: .today) == "Nothing left today.")
    }
}
