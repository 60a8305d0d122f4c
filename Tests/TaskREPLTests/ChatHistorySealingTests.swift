import Foundation
import TaskCore
import TaskStore
import Testing
import TaskerTestSupport
@testable import TaskREPL

/// The history file is plain text beside the database: with sealing on, a line that may carry what
/// sealing keeps out of the file (a note, a page's text, anything the model may turn into one) is not
/// written to it. The line is still handled.
@Suite struct ChatHistorySealingTests {
    let lines = ["note to Kitchen: the safe code is 4711", "/note safe code 4711", "call the plumber", "/list", "what's due today"]

    func run(sealing: Bool, model: ModelConversation? = nil) throws -> (saved: [String], h: REPLHarness) {
        let h = try REPLHarness()
        _ = try Pages(h.toolkit.store).createPage(title: "Kitchen", body: "")
        if sealing {
            h.toolkit.store.sealer = ReversingSealer()
            try Sealing(h.toolkit.store).enableSealing()
        }
        let reader = ScriptedLineReader(lines, interactive: false)
        let (session, _) = h.session(reader, confirm: .never, model: model)
        session.run()
        return (reader.history(), h)
    }

    @Test func withSealingOnNoLineCarryingANoteIsWritten() throws {
        let (saved, h) = try run(sealing: true)
        #expect(!saved.joined(separator: "\n").contains("4711"), "\(saved)")
        #expect(saved == ["call the plumber", "/list", "what's due today"])
        // The note line was still handled: the page holds it, sealed.
        let kitchen = try #require(try Pages(h.toolkit.store).pages().first { $0.title == "Kitchen" })
        #expect(try Pages(h.toolkit.store).page(kitchen.id).body.contains("4711"))
    }

    @Test func withSealingOffEveryLineIsWritten() throws {
        #expect(try run(sealing: false).saved == lines)
    }

    /// With a model, a line the rules do not answer goes to the model, which may make it a note: not written.
    @Test func withAModelALineForTheModelIsNotWritten() throws {
        let model = ModelConversation(model: ScriptedChatModel([ScriptedChatModel.say("Noted.")]), systemPrompt: "You are Tasker.", modelName: "test")
        let h = try REPLHarness()
        h.toolkit.store.sealer = ReversingSealer()
        try Sealing(h.toolkit.store).enableSealing()
        let reader = ScriptedLineReader(["remember that the alarm code is 4711", "/list"], interactive: false)
        let (session, _) = h.session(reader, confirm: .never, model: model)
        session.run()
        #expect(reader.history() == ["/list"])
    }
}
