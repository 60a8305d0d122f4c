import Foundation
import Testing
import TaskerTestSupport

/// The REPL's model path end to end: the real binary on a pty, a scripted streaming server on loopback.
@Suite struct REPLModelEndToEndTests {
    typealias Sandbox = REPLEndToEndTests.Sandbox

    /// A sandbox whose config.json points at `baseURL` (loopback: the model path runs without a key).
    func sandbox(_ baseURL: String) throws -> Sandbox {
        let box = try Sandbox()
        let config = box.dir.folder("config/tasker")
        try #"{"base_url": "\#(baseURL)", "model": "scripted", "timeout_seconds": 5}"#
            .write(toFile: config + "/config.json", atomically: true, encoding: .utf8)
        return box
    }

    func stored(_ box: Sandbox) throws -> String { try box.call("list_tasks", #"{"filter": "all"}"#) }

    @Test func acceptedProposalIsStored() throws {
        let server = try ScriptedModelServer([
            .events(pieces: Wire.toolCallStream(name: "create_task", arguments: #"{"title": "Sort the dentist thing", "priority": "high"}"#)),
            .events(pieces: Wire.textStream("Added Sort the dentist thing.")),
        ])
        let box = try sandbox(server.baseURL)
        let t = try PseudoTerminal(["--db", box.db], environment: box.environment)
        try t.waitFor("tasker✦ ")
        t.line("can you sort the dentist thing for me")
        try t.waitFor("Create 'Sort the dentist thing', high — run? [y/N/a/e]")
        t.line("y")
        try t.waitFor("✓ Saved")
        try t.waitFor("Added Sort the dentist thing.")
        try t.waitFor("tasker✦ ")
        t.send("\u{4}")
        _ = try t.waitForExit()
        #expect(try stored(box).contains(#""title":"Sort the dentist thing""#))
        let first = try #require(server.requests.first).body
        #expect(first.contains(#""tool_choice":"auto""#))
        #expect(first.contains("create_task"))
        #expect(first.contains("rules' parse of the message"))
        #expect(server.requests.count == 2)
        #expect(server.requests[1].body.contains(#""role":"tool""#))
    }

    @Test func declinedProposalStoresNothing() throws {
        let server = try ScriptedModelServer([
            .events(pieces: Wire.toolCallStream(name: "create_task", arguments: #"{"title": "Sort the dentist thing"}"#)),
            .events(pieces: Wire.textStream("OK, I left it.")),
        ])
        let box = try sandbox(server.baseURL)
        let t = try PseudoTerminal(["--db", box.db], environment: box.environment)
        try t.waitFor("tasker✦ ")
        t.line("can you sort the dentist thing for me")
        try t.waitFor("run? [y/N/a/e]")
        t.line("n")
        try t.waitFor("Not run.")
        try t.waitFor("OK, I left it.")
        try t.waitFor("tasker✦ ")
        t.line("/quit")
        _ = try t.waitForExit()
        #expect(try !stored(box).contains("dentist"))
        #expect(server.requests[1].body.contains("declined"))
    }

    @Test func editedProposalRunsTheEditedArguments() throws {
        let server = try ScriptedModelServer([
            .events(pieces: Wire.toolCallStream(name: "create_task", arguments: #"{"title": "Sort the dentist thing"}"#)),
            .events(pieces: Wire.textStream("Done.")),
        ])
        let box = try sandbox(server.baseURL)
        let t = try PseudoTerminal(["--db", box.db], environment: box.environment)
        try t.waitFor("tasker✦ ")
        t.line("can you sort the dentist thing for me")
        try t.waitFor("run? [y/N/a/e]")
        t.line("e")
        try t.waitFor(#"args> {"title":"Sort the dentist thing"}"#)
        t.send("\u{5}\u{15}")  // Ctrl-E, Ctrl-U: clear the line
        t.line(#"{"title": "Book orthodontist"}"#)
        try t.waitFor("Create 'Book orthodontist' — run? [y/N/a/e]")
        t.line("y")
        try t.waitFor("✓ Saved")
        try t.waitFor("tasker✦ ")
        t.line("/quit")
        _ = try t.waitForExit()
        let all = try stored(box)
        #expect(all.contains("Book orthodontist"))
        #expect(!all.contains(#""title":"Sort the dentist thing""#))
    }

    /// A `y` typed while the model is thinking must not answer the question that appears later:
    /// the write runs only after a `y` typed once the question is on screen.
    @Test func keysTypedWhileThinkingDoNotConfirmAWrite() throws {
        // Four pieces half a second apart: the proposal arrives after two seconds of "thinking…".
        let server = try ScriptedModelServer([
            .events(pieces: Wire.toolCallStream(name: "complete_task", arguments: #"{"title": "water the plants"}"#), delay: 0.5),
            .events(pieces: Wire.textStream("Marked it done.")),
        ])
        let box = try sandbox(server.baseURL)
        _ = try box.call("create_task", #"{"title": "Water the plants"}"#)
        func isDone() throws -> Bool { try stored(box).contains(#""status":"done""#) }
        let t = try PseudoTerminal(["--db", box.db], environment: box.environment)
        try t.waitFor("tasker✦ ")
        t.line("could you mark the greenery as sorted")
        try t.waitFor("thinking…")
        t.send("y\r")  // typed ahead, before any question
        try t.waitFor("Complete #1 'Water the plants' — run? [y/N/a/e]")
        // Had the typed-ahead `y` answered, the call would run at once; give it time to show.
        Thread.sleep(forTimeInterval: 1)
        #expect(try !isDone(), "a key typed before the question confirmed the write")
        t.line("y")
        try t.waitFor("✓ Done: Water the plants")
        try t.waitFor("Marked it done.")
        try t.waitFor("tasker✦ ")
        #expect(try isDone())
        t.line("/quit")
        _ = try t.waitForExit()
    }

    @Test func serverDownFallsBackToTheRulesAndKeepsTheText() throws {
        let server = try ScriptedModelServer([])
        let url = server.baseURL
        server.stop()  // closed: nothing listens on that port any more
        let box = try sandbox(url)
        let t = try PseudoTerminal(["--db", box.db], environment: box.environment)
        try t.waitFor("tasker✦ ")
        t.line("call mom tomorrow 5pm #family")
        try t.waitFor("here is the rules' reading")
        let preview = try t.waitFor("Save?")
        #expect(preview.contains("[#family]"))
        t.send("\r")
        try t.waitFor("✓ Saved")
        try t.waitFor("tasker✦ ")
        t.line("/quit")
        _ = try t.waitForExit()
        #expect(try stored(box).contains(#""title":"Call mom""#))
    }
}
