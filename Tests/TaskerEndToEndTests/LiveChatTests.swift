import Foundation
import Testing
import TaskerTestSupport

/// `tasker parse --refine` and the chat against a real local model (see LiveModelTests and
/// docs/MODEL.md); not run without TASKER_LIVE_MODEL_URL. A small model's answers are poor: these check the
/// path (a structured answer, drafts shown, one confirmation), never answer quality.
@Suite struct LiveChatTests {
    static let url = ProcessInfo.processInfo.environment["TASKER_LIVE_MODEL_URL"]
    static let model = ProcessInfo.processInfo.environment["TASKER_LIVE_MODEL"] ?? "smollm2"

    func sandbox() throws -> REPLEndToEndTests.Sandbox {
        let box = try REPLEndToEndTests.Sandbox()
        try #"{"base_url": "\#(Self.url ?? "")", "model": "\#(Self.model)", "timeout_seconds": 120, "first_token_seconds": 60}"#
            .write(toFile: box.dir.folder("config/tasker") + "/config.json", atomically: true, encoding: .utf8)
        return box
    }

    @Test(.enabled(if: url != nil, "set TASKER_LIVE_MODEL_URL to run against a real model"))
    func parseRefineUsesTheModel() throws {
        let box = try sandbox()
        let result = try TaskerBinary.run(["parse", "--refine", "--json", "buy milk tomorrow and also call mom friday at 5pm"],
                                          environment: box.environment)
        #expect(result.status == 0)
        let output = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        print("live parse --refine: \(result.stdout)")
        #expect(output["structured_output"] is String, "the server accepted one of the structured-output forms")
        #expect((output["drafts"] as? [Any])?.isEmpty == false)
    }

    @Test(.enabled(if: url != nil, "set TASKER_LIVE_MODEL_URL to run against a real model"))
    func chatDictationShowsDraftsAndOneConfirmation() throws {
        let box = try sandbox()
        let t = try PseudoTerminal(["--db", box.db], environment: box.environment)
        try t.waitFor("tasker✦ ")
        t.line("buy milk tomorrow and also call mom friday at 5pm")
        let screen = try t.waitFor("Save", timeout: 120)
        print("live chat: \(screen)")
        t.line("n")
        try t.waitFor("Dropped")
        t.line("/model")
        try t.waitFor("structured output: json")
        t.line("/quit")
        _ = try t.waitForExit()
    }
}
