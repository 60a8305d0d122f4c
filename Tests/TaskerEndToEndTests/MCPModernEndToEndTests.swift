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

    /// Approvals as MCP tasks, through the SDK with a client extension for the task shape: approved
    /// in another process → completed, rejected → failed, withdrawn → cancelled; over stdio and HTTP.
    @Test(arguments: ["stdio", "http"])
    func approvalsAreTasksForClientsThatDeclareTheExtension(_ transport: String) throws {
        guard VenvPython.isInstalled else {
            Issue.record("the Python MCP SDK is missing: run scripts/setup --with-python")
            return
        }
        let key = try addAgent("tasks-\(transport)", scopes: "read,write:tasks")
        let script = FixtureFile.repositoryRoot.appendingPathComponent("Tests/python/mcp_tasks_client.py").path
        var arguments = [script, transport, TaskerBinary.url.path, db, key]
        var server: HTTPServerProcess?
        if transport == "http" {
            server = try HTTPServerProcess(database: db)
            arguments.append(server?.url ?? "")
        }
        let run = try VenvPython.run(arguments)
        #expect(run.status == 0, "\(run.stdout)\n\(server?.stderr ?? "")")
        #expect(run.stdout.contains("ok   tasks/get: completed with the tool's result"))
        #expect(run.stdout.contains("ok   tasks/cancel: cancelled"))
    }

    /// One agent cannot read or withdraw another agent's task, and no method approves.
    @Test func anotherAgentsTaskIsNotThereAndNothingApprovesInBand() throws {
        let owner = try addAgent("owner", scopes: "read,write:tasks")
        let other = try addAgent("other", scopes: "read,write:tasks")
        let tasks = #""_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{"extensions":{"io.modelcontextprotocol/tasks":{}}}}"#
        func send(_ key: String, _ lines: [String]) throws -> [JSONValue] {
            let run = try TaskerBinary.run(["--db", db, "mcp"], stdin: lines.joined(separator: "\n") + "\n", environment: ["TASKER_AGENT_KEY": key])
            return try run.stdout.split(separator: "\n").map { try JSONValue.parse(String($0)) }
        }
        let made = try send(owner, [#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"create_task","arguments":{"title":"Secret plan"},\#(tasks)}}"#])
        #expect(made[0]["result"]?["resultType"] == "task", "\(made[0].encoded())")
        let id = try #require(made[0]["result"]?["taskId"]?.stringValue)
        let tried = try send(other, [
            #"{"jsonrpc":"2.0","id":1,"method":"tasks/get","params":{"taskId":"\#(id)",\#(tasks)}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"tasks/cancel","params":{"taskId":"\#(id)",\#(tasks)}}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"tasks/update","params":{"taskId":"\#(id)","inputResponses":{"approve":{"action":"accept"}},\#(tasks)}}"#,
            #"{"jsonrpc":"2.0","id":4,"method":"tasks/approve","params":{"taskId":"\#(id)",\#(tasks)}}"#,
        ])
        #expect(tried[0]["error"]?["code"] == -32602 && tried[1]["error"]?["code"] == -32602 && tried[2]["error"]?["code"] == -32602)
        #expect(tried[3]["error"]?["code"] == -32601, "no approve method")
        let mine = try send(owner, [#"{"jsonrpc":"2.0","id":1,"method":"tasks/update","params":{"taskId":"\#(id)","inputResponses":{"approve":{"action":"accept"}},\#(tasks)}}"#,
                                    #"{"jsonrpc":"2.0","id":2,"method":"tasks/get","params":{"taskId":"\#(id)",\#(tasks)}}"#])
        #expect(mine[1]["result"]?["status"] == "working", "an in-band 'accept' does not approve: \(mine[1].encoded())")
        #expect(try TaskerBinary.run(["--db", db, "approvals"]).stdout.contains(id))
    }

    /// A choice that is not one of the tasks the title matches (tampered, or another project's task) is
    /// asked again and changes nothing; a real one runs the call on it.
    @Test func aChoiceCountsOnlyWhenTheTitleStillMatchesIt() throws {
        for title in ["Water the roses", "Water the lawn", "Pay the plumber"] {
            #expect(try TaskerBinary.run(["--db", db, "call", "create_task", #"{"title": "\#(title)"}"#]).status == 0)
        }
        let meta = #""_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{"elicitation":{}}}"#
        func call(_ choice: String?) throws -> JSONValue {
            let answer = choice.map { #","inputResponses":{"task":{"action":"accept","content":{"task":"\#($0)"}}}"# } ?? ""
            let line = #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"update_task","arguments":{"title":"water the","priority":"high"}\#(answer),\#(meta)}}"#
            let run = try TaskerBinary.run(["--db", db, "mcp"], stdin: line + "\n")
            return try JSONValue.parse(String(run.stdout.split(separator: "\n").first ?? ""))
        }
        let asked = try call(nil)
        #expect(asked["result"]?["resultType"] == "input_required", "\(asked.encoded())")
        #expect(asked["result"]?["inputRequests"]?["task"]?["params"]?["requestedSchema"]?["properties"]?["task"]?["oneOf"]?.arrayValue?.count == 2)
        let tampered = try call("3")  // Pay the plumber: not what the title matches
        #expect(tampered["result"]?["resultType"] == "input_required", "asked again: \(tampered.encoded())")
        let chosen = try call("2")
        #expect(chosen["result"]?["structuredContent"]?["task"]?["title"] == "Water the lawn", "\(chosen.encoded())")
        let all = try TaskerBinary.run(["--db", db, "call", "list_tasks", #"{"fields": ["all"]}"#]).stdout
        #expect(all.components(separatedBy: #""priority":"high""#).count == 2, "only the chosen task changed")
    }
}
