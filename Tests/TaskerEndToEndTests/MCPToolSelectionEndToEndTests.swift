import Foundation
import TaskCore
import TaskerTestSupport
import Testing

/// `tasker mcp --tools` and config.json's `mcp_tools`: a client offered fewer tools, through the binary.
@Suite struct MCPToolSelectionEndToEndTests {
    static let handshake = [
        #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#,
        #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
        #"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#,
        #"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"complete_task","arguments":{"id":1}}}"#,
    ].joined(separator: "\n") + "\n"

    /// The listed names and the reply to calling complete_task.
    static func serve(_ arguments: [String], home: TemporaryDirectory) throws -> (names: [String], call: JSONValue, stderr: String, status: Int32) {
        let run = try TaskerBinary.run(["--db", home.path("t.sqlite"), "mcp"] + arguments, stdin: handshake,
                                       environment: ["XDG_CONFIG_HOME": home.path("config")])
        let replies = run.stdout.split(separator: "\n").compactMap { try? JSONValue.parse(String($0)) }
        let names = replies.first { $0["id"] == 2 }?["result"]?["tools"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
        return (names, replies.first { $0["id"] == 3 } ?? .null, run.stderr, run.status)
    }

    @Test func toolsFlagAndConfigKeyOfferFewerTools() throws {
        let home = TemporaryDirectory("mcp-tools")
        let flagged = try Self.serve(["--tools", "capture,read"], home: home)
        #expect(flagged.names.count == 15 && flagged.names.first == "capture_task" && !flagged.names.contains("complete_task"), "\(flagged.names)")
        #expect(flagged.call["error"]?["code"] == -32602, "a tool not offered is unknown: \(flagged.call.encoded())")

        try FileManager.default.createDirectory(atPath: home.path("config/tasker"), withIntermediateDirectories: true)
        try Data(#"{"mcp_tools": "read"}"#.utf8).write(to: URL(fileURLWithPath: home.path("config/tasker/config.json")))
        #expect(try Self.serve([], home: home).names.count == 13)
        #expect(try Self.serve(["--tools", "all"], home: home).names.count == 34, "--tools wins over the config")

        let wrong = try Self.serve(["--tools", "capture,reed"], home: home)
        #expect(wrong.status == 2 && wrong.stderr.contains("'reed'") && wrong.stderr.split(separator: "\n").count == 1, "\(wrong.stderr)")
    }
}
