import Foundation
import TaskCore
import TaskToolkit
import Testing
@testable import TaskREPL

/// The chat's model is an agent too: what it reads can carry instructions. Its destructive calls and
/// calls naming a file always ask, whatever `/confirm` says and after "always"; a path the user did not
/// type is never offered.
@Suite(.serialized) struct ModelConfinementTests {
    func conversation(_ steps: [ScriptedChatModel.Step]) -> ModelConversation {
        ModelConversation(model: ScriptedChatModel(steps), systemPrompt: "You are Tasker.", modelName: "test")
    }

    @Test func confirmNeverStillAsksBeforeTheModelDeletes() throws {
        let h = try REPLHarness()
        _ = try h.toolkit.call("create_task", ["title": "Tax return"])
        let conv = conversation([ScriptedChatModel.call("delete_task", #"{"title": "Tax return"}"#), ScriptedChatModel.say("Gone.")])
        let reader = ScriptedLineReader(["tidy up my list", "n"])
        let (session, _) = h.session(reader, confirm: .never, model: conv)
        session.run()
        #expect(reader.prompts.contains { $0.contains("Delete") && $0.contains("run? [y/N/a/e]") })
        #expect(try h.titles() == ["Tax return"])
    }

    @Test func alwaysDoesNotCoverTheNextDestructiveCall() throws {
        let h = try REPLHarness()
        for title in ["Old one", "Older one"] { _ = try h.toolkit.call("create_task", ["title": .string(title)]) }
        let conv = conversation([
            ScriptedChatModel.call("delete_task", #"{"title": "Old one"}"#), ScriptedChatModel.say("1"),
            ScriptedChatModel.call("delete_task", #"{"title": "Older one"}"#), ScriptedChatModel.say("2"),
        ])
        let reader = ScriptedLineReader(["clean up", "a", "clean up more", "n"])
        let (session, out) = h.session(reader, model: conv)
        session.run()
        #expect(reader.prompts.filter { $0.contains("run?") }.count == 2)
        #expect(out.text.contains("always does not cover"))
        #expect(try h.titles() == ["Older one"])
    }

    @Test func anEditThatReplacesTheDueAsksUnderConfirmNever() throws {
        let h = try REPLHarness()
        _ = try h.toolkit.call("create_task", ["title": "Dentist", "due": "2026-12-10T15:00"])
        let conv = conversation([ScriptedChatModel.call("update_task", #"{"title": "Dentist", "due": null}"#), ScriptedChatModel.say("ok")])
        let reader = ScriptedLineReader(["fix my dentist", "n"])
        let (session, _) = h.session(reader, confirm: .never, model: conv)
        session.run()
        #expect(reader.prompts.contains { $0.contains("run?") })
        #expect(try h.tasks().first?.due != nil)
    }

    @Test func aPathTheUserNeverTypedIsNotOffered() throws {
        let h = try REPLHarness()
        let conv = conversation([
            ScriptedChatModel.call("export_tasks", #"{"format": "todotxt", "path": "/home/someone/.bashrc"}"#), ScriptedChatModel.say("Exported."),
        ])
        let reader = ScriptedLineReader(["back up my tasks please"])
        let (session, out) = h.session(reader, confirm: .never, model: conv)
        session.run()
        #expect(out.text.contains("did not type in this session"))
        #expect(!reader.prompts.contains { $0.contains("run?") })
        #expect(!FileManager.default.fileExists(atPath: "/home/someone/.bashrc"))
    }

    @Test func aPathTheUserTypedIsOfferedAndAsked() throws {
        let h = try REPLHarness()
        let target = h.directory.path("mine.txt")
        let conv = conversation([
            ScriptedChatModel.call("export_tasks", #"{"format": "todotxt", "path": "\#(target)"}"#), ScriptedChatModel.say("Exported."),
        ])
        let reader = ScriptedLineReader(["export my tasks as todo.txt to \(target)", "y"])
        let (session, _) = h.session(reader, confirm: .never, model: conv)
        session.run()
        #expect(reader.prompts.contains { $0.contains("run?") }, "a file is named: asked even under /confirm never")
        #expect(FileManager.default.fileExists(atPath: target))
    }

    /// A path is offered only when it is a whole token of a typed line: a piece of a word (`/c` of
    /// `a/c`, `sort` of `resort`), a prefix of a typed path or a folder above it is not typed. Before,
    /// a substring test offered each of them.
    @Test(arguments: ["/c", "sort", "/tmp/tasker-typed/mine", "/tmp/tasker-typed", "mine.txt"])
    func aPieceOfATypedLineIsNotOffered(_ path: String) throws {
        let h = try REPLHarness()
        let conv = conversation([
            ScriptedChatModel.call("export_tasks", #"{"format": "todotxt", "path": "\#(path)"}"#), ScriptedChatModel.say("Exported."),
        ])
        let reader = ScriptedLineReader(["resort a/c and export to /tmp/tasker-typed/mine.txt please", "y"])
        let (session, out) = h.session(reader, confirm: .never, model: conv)
        session.run()
        #expect(out.text.contains("did not type in this session"), "\(path) is offered")
        #expect(!reader.prompts.contains { $0.contains("run?") })
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    /// The tokens a path may be: words, quoted runs whole, words without a sentence's punctuation.
    @Test func typedTokensAreWholeWordsQuotedRunsAndWordsWithoutPunctuation() {
        let tokens = ProposalReviewer.typedTokens(#"attach "/tmp/my file.pdf" and (/tmp/b.md), then ./c.md."#)
        #expect(tokens.contains("/tmp/my file.pdf") && tokens.contains("/tmp/b.md") && tokens.contains("./c.md"))
        #expect(!tokens.contains("/tmp/my") && !tokens.contains("/c.md") && !tokens.contains("/tmp"))
    }
}
