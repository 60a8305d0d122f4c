import Foundation
import TaskCore
import TaskNL
import TaskToolkit
import Testing
@testable import TaskREPL

/// A chat turn built alone (issue 44): each turn takes the narrow parts it uses — a `ChatConsole`, a
/// `ChatTools`, a `ChatHandoff`, values — so these build turns from fakes, with no `ChatSession`
/// and no terminal, over the real toolkit on a temporary SQLite file.
@Suite struct ChatTurnsTests {
    static let reading = ChatReading(parser: TaskNLParser(), clock: { testNow }, timeZone: london)

    static func capture(_ console: ScriptedConsole, _ tools: ChatTools, _ handoff: ChatHandoff, confirm: ConfirmPolicy = .writes) -> ChatCapture {
        ChatCapture(console: console, tools: tools, handoff: handoff, reading: reading, confirm: confirm, prompt: { "edit> " })
    }

    /// Capture → confirm → run: the draft shown with its chips, Enter, and the save handed to the
    /// tools; the turn itself writes nothing.
    @Test func aCaptureIsShownConfirmedAndHandedToTheTools() throws {
        let h = try REPLHarness()
        let console = ScriptedConsole(answers: [""])
        let tools = RecordingTools(toolkit: h.toolkit)
        let handoff = RecordingHandoff()
        Self.capture(console, tools, handoff).run("call mom tomorrow 5pm #family")
        #expect(console.questions == ["  Save? [Enter/n/e] "])
        #expect(console.written.contains("Call mom"))
        #expect(console.written.contains("[Tomorrow, 5:00 PM]"))
        #expect(tools.ran.count == 1)
        let saved = try #require(tools.ran.first as? CaptureTask)
        #expect(saved.text == "call mom tomorrow 5pm #family")
        #expect(!saved.dryRun)
        #expect(try h.tasks().isEmpty, "the turn writes only through its tools")
        #expect(handoff.handled.isEmpty)
    }

    @Test func aDroppedCaptureRunsNothing() throws {
        let h = try REPLHarness()
        let console = ScriptedConsole(answers: ["n"])
        let tools = RecordingTools(toolkit: h.toolkit)
        Self.capture(console, tools, RecordingHandoff()).run("buy milk")
        #expect(tools.ran.isEmpty)
        #expect(console.lines.contains("  Dropped."))
    }

    /// `e` asks again at the prompt with the line to edit; an edit that became a slash command is
    /// handed on as a typed line, kept in the history.
    @Test func anEditThatBecameACommandIsHandedOn() throws {
        let h = try REPLHarness()
        let console = ScriptedConsole(answers: ["e", "/list today"])
        let tools = RecordingTools(toolkit: h.toolkit)
        let handoff = RecordingHandoff()
        Self.capture(console, tools, handoff).run("buy milk")
        #expect(console.questions == ["  Save? [Enter/n/e] ", "edit> "])
        #expect(handoff.handled == ["/list today"])
        #expect(console.history == ["/list today"])
        #expect(tools.ran.isEmpty)
    }

    /// Without a terminal the capture is saved at once: there is no one to ask.
    @Test func withNoTerminalTheCaptureIsSavedAtOnce() throws {
        let h = try REPLHarness()
        let console = ScriptedConsole(interactive: false)
        let tools = RecordingTools(toolkit: h.toolkit)
        Self.capture(console, tools, RecordingHandoff()).run("buy milk")
        #expect(console.questions.isEmpty)
        #expect((tools.ran.first as? CaptureTask)?.text == "buy milk")
    }

    /// A command naming no task hands its whole line on as a capture (the rules' turn, alone).
    @Test func aRuleNamingNoTaskHandsTheLineToCapture() throws {
        let h = try REPLHarness()
        let console = ScriptedConsole()
        let tools = RecordingTools(toolkit: h.toolkit)
        let handoff = RecordingHandoff()
        let turn = RuleTurn(
            console: console, tools: tools, handoff: handoff, reviewer: ProposalReviewer(console: console, toolkit: h.toolkit),
            router: RouterPhrasingTableTests.router(knowing: []), reading: Self.reading, modelMode: false, confirm: .writes,
            line: "move dentist to friday")
        turn.run(.tool(RescheduleTask(target: .title("dentist"), due: "friday")))
        #expect(handoff.captured == ["move dentist to friday"])
        #expect(tools.ran.isEmpty)
        #expect(console.written.contains("No open task matches"))
    }

    /// A whole line through the dispatch, with the real runner over the real store and a scripted
    /// console: captured, confirmed, saved, then taken back by /undo.
    @Test func aLineRunsThroughTheDispatchWithoutASession() throws {
        let h = try REPLHarness()
        let console = ScriptedConsole(answers: [""])
        let tools = ChatToolRunner(toolkit: h.toolkit, console: console)
        let turns = ChatTurns(
            console: console, tools: tools, mode: ChatMode(settings: ChatSettings(useColor: false, timeZone: london), model: nil),
            reviewer: ProposalReviewer(console: console, toolkit: h.toolkit), router: RouterPhrasingTableTests.router(knowing: []),
            reading: Self.reading, prompt: { "> " }, reader: ScriptedLineReader([]),
            approvals: ChatApprovals(toolkit: h.toolkit, console: console), syncNow: nil)
        turns.handle("call mom tomorrow 5pm")
        #expect(try h.titles() == ["Call mom"])
        #expect(!tools.undoLog.isEmpty)
        #expect(tools.recentTask != nil)
        turns.handle("/undo")
        #expect(try h.tasks().isEmpty)
        #expect(console.written.contains("Deleted 'Call mom'"))
    }
}
