import Foundation
import Testing
import TaskerTestSupport

/// Text that did not come from Tasker reaches a terminal with its control characters shown, in the
/// chat, in the one-shot commands' human output and on stderr; JSON output stays exact.
@Suite struct TerminalTextEndToEndTests {
    typealias Sandbox = REPLEndToEndTests.Sandbox

    /// OSC 52: many terminals write "evil" to the clipboard when this is printed.
    static let title = "x\u{1B}]52;c;ZXZpbA==\u{07}y"
    static let shown = "x^[]52;c;ZXZpbA==^Gy"

    func json(_ text: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    func hasControl(_ text: String) -> Bool { text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" } }

    @Test func parseShowsTheTitleVisiblyAndItsJSONIsExact() throws {
        let human = try TaskerBinary.run(["parse", Self.title + " tomorrow"])
        #expect(human.status == 0)
        #expect(human.stdout.hasPrefix(Self.shown + "\n"))
        #expect(!hasControl(human.stdout))
        let exact = try TaskerBinary.run(["parse", "--json", Self.title + " tomorrow"])
        #expect(try json(exact.stdout)["title"] as? String == Self.title)
    }

    @Test func callPrintsTheStoredTitleExactlyAsJSON() throws {
        let box = try Sandbox()
        _ = try box.call("create_task", try String(decoding: JSONSerialization.data(withJSONObject: ["title": Self.title]), as: UTF8.self))
        let listed = try json(try box.call("list_tasks", #"{"filter": "all"}"#))
        let tasks = try #require(listed["tasks"] as? [[String: Any]])
        #expect(tasks.first?["title"] as? String == Self.title)
    }

    @Test func stderrShowsEchoedInputVisibly() throws {
        let tool = try TaskerBinary.run(["call", "evil\u{1B}[2J"])
        #expect(tool.status == 2)
        #expect(tool.stderr.contains("'evil^[[2J'"))
        let folder = try TaskerBinary.run(["--db", "/proc/no\u{1B}]0;title\u{07}/tasks.sqlite", "call", "list_tasks", "{}"])
        #expect(folder.status == 1)
        #expect(folder.stderr.contains("/proc/no^[]0;title^G"))
        #expect(!hasControl(tool.stderr + folder.stderr))
    }

    @Test func anEndpointsErrorBodyIsShownVisibly() throws {
        let body = #"{"error": {"message": "overloaded \u001b[2J\u001b]52;c;ZXZpbA==\u0007 try later"}}"#
        let server = try ScriptedModelServer(Array(repeating: .json(status: 400, body: body), count: 4))
        let folder = TemporaryDirectory("terminal-text"), home = folder.path
        try FileManager.default.createDirectory(atPath: home + "/tasker", withIntermediateDirectories: true)
        try #"{"base_url": "\#(server.baseURL)"}"#.write(toFile: home + "/tasker/config.json", atomically: true, encoding: .utf8)
        let result = try TaskerBinary.run(["parse", "--refine", "yeah basically buy milk"], environment: ["XDG_CONFIG_HOME": home])
        #expect(result.status == 0)
        #expect(result.stderr.contains("overloaded ^[[2J^[]52;c;ZXZpbA==^G try later"))
        #expect(!hasControl(result.stderr))
    }

    @Test func theChatListsAStoredTitleVisibly() throws {
        let box = try Sandbox()
        _ = try box.call("create_task", try String(decoding: JSONSerialization.data(withJSONObject: ["title": Self.title]), as: UTF8.self))
        let t = try box.repl()
        t.line("/list")
        try t.waitFor(Self.shown)
        try t.waitFor("tasker> ")
        t.line("/quit")
        _ = try t.waitForExit()
        #expect(!t.rawText.contains("\u{1B}]"), "no OSC sequence reached the terminal")
        #expect(!t.rawText.contains("\u{07}"))
    }
}
