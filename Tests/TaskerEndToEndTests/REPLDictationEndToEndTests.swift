import Foundation
import Testing
import TaskCore
import TaskerTestSupport

/// Dictations in the chat with a model on: the real binary on a pty, the scripted server on loopback.
/// A line that reads as a capture goes through the structured refine request (not tool calling); each
/// task is shown with its chips, the model's guesses marked, and confirmed once.
@Suite struct REPLDictationEndToEndTests {
    typealias Sandbox = REPLEndToEndTests.Sandbox

    static let dictation = "so um I need to pick up the dry cleaning friday and also book a flight to Berlin next week"
    /// The model's answer: two sources, tidy titles, and a priority nobody said.
    static let twoTasks = Wire.completion(#"""
        {"tasks": [{"source": "pick up the dry cleaning friday", "title": "Pick up the dry cleaning"},
                   {"source": "book a flight to Berlin next week", "title": "Book a flight to Berlin", "priority": "high"}]}
        """#)

    func sandbox(_ baseURL: String, extra: String = "") throws -> Sandbox {
        let box = try Sandbox()
        let config = box.dir.folder("config/tasker")
        try #"{"base_url": "\#(baseURL)", "model": "scripted", "timeout_seconds": 10\#(extra)}"#
            .write(toFile: config + "/config.json", atomically: true, encoding: .utf8)
        return box
    }

    func tasks(_ box: Sandbox) throws -> [JSONValue] {
        try JSONValue.parse(try box.call("list_tasks", #"{"filter": "all", "fields": ["all"]}"#))["tasks"]?.arrayValue ?? []
    }

    @Test func aTwoTaskDictationGivesTwoDraftsOneConfirmationTwoTasks() throws {
        let server = try ScriptedModelServer([.json(body: Self.twoTasks)])
        let box = try sandbox(server.baseURL)
        let t = try PseudoTerminal(["--db", box.db], environment: box.environment)
        try t.waitFor("tasker✦ ")
        t.line(Self.dictation)
        try t.waitFor("2 tasks:")
        let first = try t.waitFor("2. Book a flight to Berlin")
        #expect(first.contains("1. Pick up the dry cleaning"))
        let second = try t.waitFor("Save all 2? [Enter/n/e]")
        #expect(second.contains("[High (model)]"), "the model-only priority is marked as the model's before saving")
        #expect(second.contains("the model's guess, not something you said"))
        // Nothing is stored before the one confirmation.
        #expect(try tasks(box).isEmpty)
        t.send("\r")
        try t.waitFor("✓ Saved")
        try t.waitFor("✓ Saved")
        try t.waitFor("tasker✦ ")
        t.line("/quit")
        _ = try t.waitForExit()
        let stored = try tasks(box)
        #expect(stored.map { $0["title"]?.stringValue } == ["Pick up the dry cleaning", "Book a flight to Berlin"])
        #expect(stored[1]["priority"] == "high")  // seen and confirmed
        #expect(stored[0]["priority"] == "normal")
        #expect(stored[0]["due"]?.stringValue?.hasPrefix("2026-12-04") == true)  // the rules read "friday"
        // One request, the structured refine request: no tool list, the answer's schema.
        #expect(server.requests.count == 1)
        let sent = server.requests[0].json
        #expect(sent["tools"] == nil)
        #expect(sent["response_format"]?["type"] == "json_schema")
        #expect(sent["response_format"]?["json_schema"]?["name"] == "tasks")
    }

    @Test func editOneDraftThenSaveAll() throws {
        let server = try ScriptedModelServer([.json(body: Self.twoTasks)])
        let box = try sandbox(server.baseURL)
        let t = try PseudoTerminal(["--db", box.db], environment: box.environment)
        try t.waitFor("tasker✦ ")
        t.line(Self.dictation)
        try t.waitFor("Save all 2? [Enter/n/e]")
        t.line("e")
        try t.waitFor("Edit which? [1-2]")
        t.line("2")
        try t.waitFor("book a flight to Berlin next week")
        t.send("\u{5}\u{15}")  // Ctrl-E, Ctrl-U: clear the line
        t.line("book a flight to Rome next week")
        let shown = try t.waitFor("Save all 2? [Enter/n/e]")
        #expect(shown.contains("2. Book a flight to Rome"))
        #expect(!shown.contains("(model)"))  // the edited one is the person's own words now
        t.send("\r")
        try t.waitFor("✓ Saved")
        try t.waitFor("✓ Saved")
        try t.waitFor("tasker✦ ")
        t.line("/quit")
        _ = try t.waitForExit()
        let stored = try tasks(box)
        #expect(stored.map { $0["title"]?.stringValue } == ["Pick up the dry cleaning", "Book a flight to Rome"])
        #expect(stored[1]["priority"] == "normal")
    }

    @Test func theLadderRunsOnceAndModelShowsTheAcceptedForm() throws {
        let rejection = try Wire.fixture("error-500-llamacpp-json-schema.json")
        let one = Wire.completion(#"{"tasks": [{"source": "buy milk", "title": "Buy milk"}]}"#)
        let server = try ScriptedModelServer([.json(status: 500, body: rejection), .json(body: one), .json(body: one)])
        let box = try sandbox(server.baseURL)
        let t = try PseudoTerminal(["--db", box.db], environment: box.environment)
        try t.waitFor("tasker✦ ")
        t.line("/model")
        try t.waitFor("structured output: not known yet")
        t.line("buy milk")
        try t.waitFor("Save? [Enter/n/e]")
        t.send("\r")
        try t.waitFor("✓ Saved")
        t.line("/model")
        let model = try t.waitFor("structured output: json_object with schema (llama-cpp-python)")
        #expect(model.contains("model: scripted"))
        #expect(model.contains("endpoint: \(server.baseURL)"))
        t.line("buy milk")
        try t.waitFor("Save? [Enter/n/e]")
        t.line("n")
        try t.waitFor("Dropped.")
        t.line("/quit")
        _ = try t.waitForExit()
        #expect(server.requests.map { $0.json["response_format"]?["type"]?.stringValue } == ["json_schema", "json_object", "json_object"])
        #expect(server.requests[2].json["response_format"]?["schema"] != nil)
        let memory = box.dir.path("config/tasker/structured-output.json")
        #expect(FileManager.default.fileExists(atPath: memory))
    }

    @Test func aSilentModelIsNamedAfterFirstTokenSecondsAndTheRulesReadingOffered() throws {
        let server = try ScriptedModelServer([.hang(seconds: 20)])
        let box = try sandbox(server.baseURL, extra: #", "first_token_seconds": 1"#)
        let t = try PseudoTerminal(["--db", box.db], environment: box.environment)
        try t.waitFor("tasker✦ ")
        let started = Date()
        t.line("call mom tomorrow 5pm #family")
        try t.waitFor("the model sent nothing for 1 s (first_token_seconds in config.json)")
        #expect(Date().timeIntervalSince(started) < 8)
        let preview = try t.waitFor("Save? [Enter/n/e]")
        #expect(preview.contains("[#family]"))
        t.send("\r")
        try t.waitFor("✓ Saved")
        t.line("/quit")
        _ = try t.waitForExit()
        #expect(try tasks(box).count == 1)
        server.stop()
    }

    @Test func ctrlCCancelsAWaitingDictationAtOnce() throws {
        let server = try ScriptedModelServer([.hang(seconds: 30)])
        let box = try sandbox(server.baseURL, extra: #", "first_token_seconds": 30"#)
        let t = try PseudoTerminal(["--db", box.db], environment: box.environment)
        try t.waitFor("tasker✦ ")
        t.line("call mom tomorrow 5pm")
        try t.waitFor("s · Ctrl-C cancels")  // the spinner counts the seconds
        let started = Date()
        t.send("\u{3}")
        try t.waitFor("Cancelled. Nothing was saved")
        #expect(Date().timeIntervalSince(started) < 2)
        try t.waitFor("tasker✦ ")
        t.line("/quit")
        _ = try t.waitForExit()
        #expect(try tasks(box).isEmpty)
        server.stop()
    }
}
