import Foundation
import Testing
import TaskCore
import TaskerTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `tasker mcp --http` with the real binary: the official Python SDK as an agent, and the abuse
/// cases, each answered with the right status while the server keeps serving.
@Suite(.serialized) struct MCPHTTPEndToEndTests {
    let directory = TemporaryDirectory("mcp-http")
    var db: String { directory.path("t.sqlite") }

    func tasker(_ arguments: [String]) throws -> TaskerBinary.Result { try TaskerBinary.run(["--db", db] + arguments) }

    func addAgent(_ name: String, scopes: String) throws -> String {
        let added = try tasker(["agent", "add", name, "--scopes", scopes])
        #expect(added.status == 0)
        return added.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static let initialize = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}"#
    static let listTools = #"{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{}}"#

    func headers(_ key: String?, session: String? = nil) -> [String: String] {
        var h = ["Content-Type": "application/json", "Accept": "application/json, text/event-stream"]
        if let key { h["Authorization"] = "Bearer \(key)" }
        if let session { h["MCP-Session-Id"] = session }
        return h
    }

    func session(_ port: UInt16, key: String) throws -> String {
        let reply = try RawHTTP.exchange(port: port, headers: headers(key), body: Self.initialize)
        #expect(reply.status == 200)
        let line = try #require(reply.text.split(separator: "\r\n").first { $0.lowercased().hasPrefix("mcp-session-id:") })
        return line.split(separator: ":", maxSplits: 1)[1].trimmingCharacters(in: .whitespaces)
    }

    @Test func officialPythonSDKListsAndCallsToolsWithAnAgentKey() throws {
        guard VenvPython.isInstalled else {
            Issue.record("the Python MCP SDK is missing: run scripts/setup --with-python")
            return
        }
        let key = try addAgent("sdk", scopes: "read,write:tasks")
        #expect(try tasker(["agent", "policy", "sdk", "write:tasks", "allow"]).status == 0)
        let server = try HTTPServerProcess(database: db, arguments: ["--verbose"])
        let script = FixtureFile.repositoryRoot.appendingPathComponent("Tests/python/mcp_http_client.py").path
        let run = try VenvPython.run([script, server.url, key])
        #expect(run.status == 0, "\(run.stdout)\n\(server.stderr)")
        #expect(run.stdout.contains("ok   tools/list: 22 tools over HTTP"))
        #expect(server.stderr.contains("POST /mcp 403"), "the denied scope was a 403")
        #expect(server.stderr.contains("DELETE /mcp 204"), "the SDK ended its session")
        #expect(!server.stderr.contains(key), "the key is never logged")
        let receipts = try tasker(["receipts", "--agent", "sdk"])
        #expect(receipts.stdout.contains("delete_task denied"))
        #expect(receipts.stdout.contains("create_task allowed"))
    }

    @Test func abuseIsAnsweredAndTheServerKeepsServing() throws {
        let key = try addAgent("bot", scopes: "read")
        let revokedKey = try addAgent("gone", scopes: "read")
        #expect(try tasker(["agent", "revoke", "gone"]).status == 0)
        let server = try HTTPServerProcess(database: db)
        let port = server.port
        func status(_ method: String = "POST", _ h: [String: String], _ body: String = Self.initialize) throws -> Int? {
            let reply = try RawHTTP.exchange(port: port, method: method, headers: h, body: body)
            return reply.status
        }
        func stillServes() throws {
            #expect(try status("POST", headers(key)) == 200, "still serving")
        }
        #expect(try status("POST", headers(nil)) == 401, "no key")
        #expect(try status("POST", headers("tkr_AAAAAAAA_" + String(repeating: "x", count: 43))) == 401, "wrong key")
        #expect(try status("POST", headers("not-a-key")) == 401, "malformed key")
        #expect(try status("POST", headers(revokedKey)) == 401, "revoked key")
        #expect(try status("POST", headers(key).merging(["Origin": "http://evil.example"]) { _, n in n }) == 403, "bad Origin")
        #expect(try status("POST", headers(key).merging(["Origin": "http://127.0.0.1:\(port)"]) { _, n in n }) == 200, "own Origin")
        #expect(try status("POST", headers(key).merging(["Host": "evil.example:\(port)"]) { _, n in n }) == 421, "wrong Host")
        #expect(try status("POST", headers(key), Self.listTools) == 400, "missing session id")
        #expect(try status("POST", headers(key, session: "mcp_nosuchsession"), Self.listTools) == 404, "unknown session")
        #expect(try status("POST", headers(key), "{not json") == 400, "malformed JSON")
        #expect(try status("POST", headers(key), "[]") == 400, "a batch")
        #expect(try status("GET", headers(key), "") == 405, "GET until SSE is needed")
        #expect(try status("POST", headers(key).merging(["MCP-Protocol-Version": "1999-01-01"]) { _, n in n }, Self.initialize) == 400, "unsupported version")
        try stillServes()

        // A session: tools/list works with it, a notification is 202, DELETE ends it, then 404.
        let id = try session(port, key: key)
        let listed = try RawHTTP.exchange(port: port, headers: headers(key, session: id), body: Self.listTools)
        #expect(listed.status == 200 && listed.text.contains("approval_status"))
        #expect(try status("POST", headers(key, session: id), #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#) == 202)
        let other = try addAgent("other", scopes: "read")
        #expect(try status("POST", headers(other, session: id), Self.listTools) == 404, "a session belongs to the agent that opened it")
        let denied = try RawHTTP.exchange(port: port, headers: headers(key, session: id),
                                          body: #"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"complete_task","arguments":{"id":1}}}"#)
        #expect(denied.status == 403)
        #expect(denied.text.contains(#"error="insufficient_scope", scope="destructive""#))
        #expect(try status("DELETE", headers(key, session: id), "") == 204)
        #expect(try status("POST", headers(key, session: id), Self.listTools) == 404, "ended session")

        // 10 MiB body: refused from its Content-Length, before it is read.
        let big = String(repeating: "x", count: 10 << 20)
        #expect(try status("POST", headers(key), big) == 413, "10 MiB body")
        try stillServes()

        // 200 concurrent connections: each answered or closed, none hangs; then the server serves.
        final class Statuses: @unchecked Sendable {
            let lock = NSLock()
            var all: [Int?] = []
        }
        let collected = Statuses()
        let request = headers(key)
        DispatchQueue.concurrentPerform(iterations: 200) { _ in
            let result = try? RawHTTP.exchange(port: port, headers: request, body: Self.initialize)
            collected.lock.withLock { collected.all.append(result?.status) }
        }
        let statuses = collected.all
        #expect(statuses.count == 200)
        #expect(statuses.contains(200), "some were served")
        #expect(statuses.allSatisfy { $0 == nil || $0 == 200 }, "the rest were closed, not answered wrongly: \(Set(statuses.map { $0 ?? 0 }))")
        try stillServes()

        // A client that sends part of its headers and stalls: others are served meanwhile, and the
        // server closes it after its idle timeout (10 s).
        let stalled = try RawHTTP.connect(port: port)
        RawHTTP.send(stalled, Array("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n".utf8))
        let started = Date()
        try stillServes()
        let end = RawHTTP.readAll(stalled)
        close(stalled)
        let waited = Date().timeIntervalSince(started)
        #expect(end.status == nil || end.status == 408, "closed without a normal answer")
        #expect(waited < 18, "closed by the server's timeout (\(waited) s)")
        try stillServes()
        #expect(server.process.isRunning)
    }
}
