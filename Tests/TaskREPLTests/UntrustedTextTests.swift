import Foundation
import TaskCore
import TaskToolkit
import Testing
@testable import TaskREPL

/// Text the chat did not write itself (stored titles, page bodies, a model's words and errors)
/// reaches the terminal with its control characters shown, never obeyed.
@Suite struct UntrustedTextTests {
    /// OSC 52: many terminals write "evil" to the clipboard when this is printed.
    static let clipboardTitle = "x\u{1B}]52;c;ZXZpbA==\u{07}y"
    static let clipboardShown = "x^[]52;c;ZXZpbA==^Gy"

    func conversation(_ steps: [ScriptedChatModel.Step]) -> ModelConversation {
        ModelConversation(model: ScriptedChatModel(steps), systemPrompt: "You are Tasker.", modelName: "test")
    }

    /// The escapes Tasker writes itself (colour) are the only ones in the output.
    func expectNoForeignEscapes(_ text: String, color: Bool, sourceLocation: SourceLocation = #_sourceLocation) {
        if color {
            #expect(!text.contains("\u{1B}]"), sourceLocation: sourceLocation)
            #expect(!text.unicodeScalars.contains { $0 == "\u{07}" || (0x80...0x9F).contains($0.value) }, sourceLocation: sourceLocation)
        } else {
            #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: [false, true])
    func aTitleStoredByAnotherClientIsShownVisibly(color: Bool) throws {
        let h = try REPLHarness()
        // As an MCP client would store it: the JSON door, which keeps titles exactly.
        let created = try h.toolkit.call("create_task", ["title": .string(Self.clipboardTitle), "contexts": ["a\u{1B}[2Jb"]])
        #expect(created["ok"] == true)
        #expect(try h.titles() == [Self.clipboardTitle])
        let (session, out) = h.session(ScriptedLineReader(["/list", "/plan 60", "/done 1", "/undo"]), color: color)
        session.run()
        #expect(out.text.components(separatedBy: Self.clipboardShown).count == 5, "list, plan, done and undo each show it")
        #expect(out.text.contains("#a^[[2jb"), "contexts are stored lowercased")
        expectNoForeignEscapes(out.text, color: color)
    }

    @Test func pageBodiesKeepTheirLinesAndShowTheirControls() throws {
        let h = try REPLHarness()
        _ = try h.toolkit.run(CreatePage(title: "Notes", body: "line one\n\u{1B}[2Jline two\r\n\tindented \u{9B}31m\u{202E}txt.exe"))
        let (session, out) = h.session(ScriptedLineReader(["read page Notes"]))
        session.run()
        #expect(out.text.contains("line one\n^[[2Jline two\n\tindented <U+009B>31m<U+202E>txt.exe"))
        expectNoForeignEscapes(out.text.replacingOccurrences(of: "\t", with: " "), color: false)
    }

    @Test func aModelsStreamedWordsAreShownVisibly() throws {
        let h = try REPLHarness()
        let model = conversation([ScriptedChatModel.say("Sure\u{1B}]52;c;ZXZpbA==\u{07} done.\r\nNext line")])
        let (session, out) = h.session(ScriptedLineReader(["something vague"]), model: model)
        session.run()
        #expect(out.text.contains("Sure^[]52;c;ZXZpbA==^G done.\nNext line"))
        expectNoForeignEscapes(out.text, color: false)
    }

    @Test func aModelsErrorIsShownVisibly() throws {
        let h = try REPLHarness()
        let model = conversation([.fail("the endpoint answered HTTP 500: \u{1B}[2J\u{1B}]0;owned\u{07}")])
        let (session, out) = h.session(ScriptedLineReader(["something vague"]), model: model)
        session.run()
        #expect(out.text.contains("HTTP 500: ^[[2J^[]0;owned^G"))
        expectNoForeignEscapes(out.text, color: false)
    }

    @Test func aConfirmationQuestionShowsTheTitleVisiblyAndIsReadAsAnAnswer() throws {
        let h = try REPLHarness()
        let id = try h.add(Self.clipboardTitle)
        let model = conversation([ScriptedChatModel.call("complete_task", #"{"id": \#(id)}"#), ScriptedChatModel.say("Done.")])
        let reader = ScriptedLineReader(["I finished it", "y"])
        let (session, _) = h.session(reader, model: model)
        session.run()
        #expect(reader.questions == ["Complete #\(id) '\(Self.clipboardShown)' — run? [y/N/a/e] "])
        #expect(try h.task(id).status == .done)
    }
}
