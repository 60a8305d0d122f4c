import Foundation
import Testing
import TaskCore
import TaskerTestSupport

/// MCP 2026-07-28 through the real binary: the official Python SDK (2.3.0) in its default mode finds
/// the revision with server/discover and works with no handshake over stdio and HTTP; over HTTP the
/// headers must agree with the body and no session is made.
@Suite(.serialized) struct MCPModernEndToEndTests {
    let directory = TemporaryDirectory("mcp-modern")
    var db: String { directory.path("t.sqlite") }
    static let script = FixtureFile.repositoryRoot.appendingPathComponent("Tests/python/mcp_modern_client.py").path
    static let envelope = #""_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}"#

    func addAgent(_ name: String, scopes: String) throws -> String {
        let added = try TaskerBinary.run(["--db", db, "agent", "add", name, "--scopes", scopes])
        #expect(added.status == 0)
        return added.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func theSDKSpeaks2026OverStdio() throws {
        guard VenvPython.isInstalled else {
            Issue.record("the Python MCP SDK is missing: run scripts/setup --with-python")
            return
        }
        let run = try VenvPython.run([Self.script, "stdio", TaskerBinary.url.path, db])
        #expect(run.status == 0, "\(run.stdout)")
        #expect(run.stdout.contains("ok   stdio: server/discover adopted 2026-07-28"))
        #expect(run.stdout.contains("ok   stdio: an unknown version gets -32022"))
    }

    @Test func theSDKSpeaks2026OverHTTPWithAnAgentKey() throws {
        guard VenvPython.isInstalled else {
            Issue.record("the Python MCP SDK is missing: run scripts/setup --with-python")
            return
        }
        let key = try addAgent("modern", scopes: "read,write:tasks")
        #expect(try TaskerBinary.run(["--db", db, "agent", "policy", "modern", "write:tasks", "allow"]).status == 0)
        let server = try HTTPServerProcess(database: db, arguments: ["--verbose"])
        let run = try VenvPython.run([Self.script, "http", server.url, key])
        #expect(run.status == 0, "\(run.stdout)\n\(server.stderr)")
        #expect(run.stdout.contains("ok   http: resultType complete"))
        let receipts = try TaskerBinary.run(["--db", db, "receipts", "--agent", "modern"]).stdout
        #expect(receipts.contains("create_task allowed"), "the agent is known by its key on every request: \(receipts)")
    }

    @Test func overHTTPTheHeadersMustMatchTheBodyAndNoSessionIsMade() throws {
        let key = try addAgent("raw", scopes: "read")
        let server = try HTTPServerProcess(database: db)
        let body = #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_tasks","arguments":{},\#(Self.envelope)}}"#
        func send(_ extra: [String: String]) throws -> (status: Int?, text: String) {
            var headers = ["Content-Type": "application/json", "Accept": "application/json, text/event-stream", "Authorization": "Bearer \(key)",
                           "MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/call", "Mcp-Name": "list_tasks"]
            headers.merge(extra) { _, new in new }
            return try RawHTTP.exchange(port: server.port, headers: headers, body: body)
        }
        let good = try send([:])
        #expect(good.status == 200, "\(good.text)")
        #expect(!good.text.lowercased().contains("mcp-session-id"), "no session for a 2026 request")
        #expect(good.text.contains(#""resultType":"complete""#))
        for (header, value) in [("Mcp-Method", "tools/list"), ("Mcp-Name", "delete_task"), ("MCP-Protocol-Version", "2025-11-25")] {
            let mismatched = try send([header: value])
            #expect(mismatched.status == 400 && mismatched.text.contains("-32020"), "\(header): \(mismatched.text)")
        }
        let unknownVersion = try send(["MCP-Protocol-Version": "2099-01-01"])
        #expect(unknownVersion.status == 400, "\(unknownVersion.text)")
        // Without a key, a 2026 request is refused like any other.
        var noKey = ["Content-Type": "application/json", "Accept": "application/json"]
        noKey["Mcp-Method"] = "tools/call"
        #expect(try RawHTTP.exchange(port: server.port, headers: noKey, body: body).status == 401)
    }
}
