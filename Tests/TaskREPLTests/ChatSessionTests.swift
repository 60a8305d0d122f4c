import Foundation
import TaskCore
import Testing
@testable import TaskREPL

/// Wed 2 Dec 2026 10:30 in London.
let testNow = ISODate.parse("2026-12-02T10:30:00+00:00", in: TimeZone(identifier: "Europe/London")!)!
let london = TimeZone(identifier: "Europe/London")!

func makeSession(_ reader: ScriptedLineReader, _ runner: FakeToolRunner = FakeToolRunner(), color: Bool = false,
                 confirm: ConfirmPolicy = .writes, model: ModelConversation? = nil) -> (ChatSession, BufferSink) {
    let sink = BufferSink()
    var settings = ChatSettings(useColor: color, timeZone: london, confirm: confirm)
    settings.keyStatus = { "no key set" }
    let session = ChatSession(runner: runner, reader: reader, output: sink, settings: settings, clock: { testNow }, model: model)
    return (session, sink)
}

@Suite struct ChatSessionTests {
    @Test func captureShowsChipsAndSavesOnEnter() {
        let runner = FakeToolRunner()
        let reader = ScriptedLineReader(["call mom tomorrow 5pm", ""])
        let (session, out) = makeSession(reader, runner)
        session.run()
        #expect(out.text.contains("[Tomorrow, 5:00 PM]"))
        #expect(out.text.contains("✓ Saved"))
        #expect(runner.writes == [.init(name: "capture_task", arguments: ["text": "call mom tomorrow 5pm"])])
        #expect(session.undoStack.count == 1)
        #expect(reader.saved == ["call mom tomorrow 5pm"])
    }

    @Test func captureDroppedWithN() {
        let runner = FakeToolRunner()
        let (session, out) = makeSession(ScriptedLineReader(["buy milk", "n"]), runner)
        session.run()
        #expect(runner.writes.isEmpty)
        #expect(out.text.contains("Dropped"))
    }

    @Test func captureEditedInPlace() {
        let runner = FakeToolRunner()
        let reader = ScriptedLineReader(["buy milk", "e", "buy oat milk", ""])
        let (session, _) = makeSession(reader, runner)
        session.run()
        #expect(reader.initials.contains("buy milk"), "the edit prompt is prefilled with the text")
        #expect(runner.writes == [.init(name: "capture_task", arguments: ["text": "buy oat milk"])])
    }

    @Test func pipedCapturesSaveWithoutAsking() {
        let runner = FakeToolRunner()
        let reader = ScriptedLineReader(["buy milk", "call bob"], interactive: false)
        let (session, out) = makeSession(reader, runner)
        session.run()
        #expect(runner.writes.map(\.name) == ["capture_task", "capture_task"])
        let noPrompts = reader.prompts.allSatisfy { $0.isEmpty }
        #expect(noPrompts, "no prompts when not a terminal")
        #expect(!out.text.contains("\u{1B}["), "no escape codes")
    }

    @Test func pasteIsOneBatchConfirmedOnce() {
        let runner = FakeToolRunner()
        let reader = ScriptedLineReader(["buy milk", ""], pastes: [["call bob", "pay rent"]])
        let (session, out) = makeSession(reader, runner)
        session.run()
        #expect(out.text.contains("3 tasks:"))
        let texts = runner.writes.compactMap { $0.arguments["text"]?.stringValue }
        #expect(texts == ["buy milk", "call bob", "pay rent"])
        #expect(reader.prompts.filter { $0.contains("Save all 3?") }.count == 1)
    }

    @Test func pasteDeclinedSavesNothing() {
        let runner = FakeToolRunner()
        let (session, _) = makeSession(ScriptedLineReader(["buy milk", "n"], pastes: [["call bob"]]), runner)
        session.run()
        #expect(runner.writes.isEmpty)
    }

    @Test func rulesRunTools() {
        let runner = FakeToolRunner()
        _ = runner.add("Call mom")
        let (session, out) = makeSession(ScriptedLineReader(["done call mom", "what's due today", "plan my day, 3 hours, focused"]), runner)
        session.run()
        #expect(runner.calls.map(\.name).prefix(3) == ["complete_task", "list_tasks", "plan_day"])
        #expect(runner.calls[2].arguments == ["budget_minutes": 180, "energy": "focused"])
        #expect(out.text.contains("✓ Done: Call mom"))
    }

    @Test func ambiguousTitleAsksForAnID() {
        let runner = FakeToolRunner()
        _ = runner.add("Call mom")
        let second = runner.add("Call mother-in-law")
        let (session, out) = makeSession(ScriptedLineReader(["done call", "\(second)"]), runner)
        session.run()
        #expect(out.text.contains("2 tasks match"))
        #expect(out.text.contains("Call mother-in-law"))
        #expect(runner.calls.last == .init(name: "complete_task", arguments: ["id": .int(second)]))
    }

    @Test func undoRevertsTheLastChange() {
        let runner = FakeToolRunner()
        let (session, out) = makeSession(ScriptedLineReader(["buy milk", "", "/undo", "/undo"]), runner)
        session.run()
        #expect(runner.reverted == [.created(id: 1, title: "Buy milk")])
        #expect(out.text.contains("Deleted 'Buy milk'"))
        #expect(out.text.contains("Nothing to undo"))
    }

    @Test func unknownCommandSuggestsTheClosest() {
        let (session, out) = makeSession(ScriptedLineReader(["/hlep"]))
        session.run()
        #expect(out.text.contains("unknown command /hlep; did you mean /help"))
    }

    @Test func helpListsEveryCommand() {
        let (session, out) = makeSession(ScriptedLineReader(["/help"]))
        session.run()
        for command in ChatSession.commands { #expect(out.text.contains("/" + command.name)) }
    }

    @Test func keyLinesNeverReachHistoryAndTheKeyIsNotEchoed() {
        let stored = KeyBox()
        let reader = ScriptedLineReader(["/key set", "/key"], secrets: ["sk-secret-123"])
        let (session, out) = makeSession(reader)
        session.settings.setKey = { stored.set($0) }
        session.settings.keyStatus = { stored.value == nil ? "no key set" : "key set" }
        session.run()
        #expect(stored.value == "sk-secret-123")
        #expect(reader.saved.isEmpty)
        #expect(!out.text.contains("sk-secret"))
        #expect(out.text.contains("key: key set"))
    }

    @Test func aKeyTypedWhileEditingACaptureNeverReachesHistory() {
        // "e" at Save? puts the line back for editing; what comes back is a /key line.
        let reader = ScriptedLineReader(["buy milk", "e", "/key sk-OTHERSECRET"])
        let (session, _) = makeSession(reader)
        session.run()
        #expect(reader.saved == ["buy milk"])
    }

    @Test func confirmPolicyIsValidated() {
        let (session, out) = makeSession(ScriptedLineReader(["/confirm all", "/confirm sometimes"]))
        session.run()
        #expect(session.settings.confirm == .all)
        #expect(out.text.contains("/confirm takes writes, all or never"))
    }

    @Test func confirmNeverSavesCapturesAtOnce() {
        let runner = FakeToolRunner()
        let reader = ScriptedLineReader(["buy milk"])
        let (session, _) = makeSession(reader, runner, confirm: .never)
        session.run()
        #expect(runner.writes.map(\.name) == ["capture_task"])
    }

    @Test func quitStopsTheLoop() {
        let runner = FakeToolRunner()
        let (session, _) = makeSession(ScriptedLineReader(["/quit", "buy milk", ""]), runner)
        session.run()
        #expect(runner.calls.isEmpty)
    }

    @Test func ctrlCDropsTheLineAndGoesOn() {
        let runner = FakeToolRunner()
        let reader = ScriptedLineReader(inputs: [.interrupted, .line("buy milk"), .line("")])
        let (session, _) = makeSession(reader, runner)
        session.run()
        #expect(runner.writes.map(\.name) == ["capture_task"])
    }

    @Test func offlineWithoutAModelSaysSo() {
        let (session, out) = makeSession(ScriptedLineReader(["/offline"]))
        session.run()
        #expect(out.text.contains("no model is configured"))
    }

    @Test func completionCoversCommandsTitlesAndContexts() {
        let runner = FakeToolRunner()
        _ = runner.add("Call mom", contexts: ["family"])
        let (session, _) = makeSession(ScriptedLineReader([]), runner)
        #expect(session.complete("/he").candidates == ["/help"])
        #expect(session.complete("done ca") == (5, ["Call mom"]))
        #expect(session.complete("buy milk #fa") == (9, ["#family"]))
        #expect(session.complete("/confirm w").candidates == ["writes"])
        #expect(session.complete("/tools list_t").candidates == ["list_tasks"])
    }
}

final class KeyBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: String?
    var value: String? { lock.lock(); defer { lock.unlock() }; return stored }
    func set(_ key: String) { lock.lock(); stored = key; lock.unlock() }
}

@Suite struct PasteTests {
    @Test func aPasteWithCommandsRunsLineByLine() {
        let runner = FakeToolRunner()
        let reader = ScriptedLineReader(["list", ""], pastes: [["buy milk"]])
        let (session, _) = makeSession(reader, runner)
        session.run()
        #expect(runner.calls.first?.name == "list_tasks")
        #expect(runner.writes.map(\.name) == ["capture_task"])
        #expect(!reader.prompts.contains { $0.contains("Save all") })
    }
}
