import Foundation
import Testing
import TaskCore
import TaskerTestSupport

/// The agent reproductions of issue 30 against the real binary, over stdio and HTTP: a call waiting
/// for approval is not an error, a broader tool does not undo a denied scope, a grant holds on the
/// task the tool really touches, an approval pins the task within the same second, and one agent
/// cannot push another's HTTP sessions out.
@Suite(.serialized) struct AgentTrustEndToEndTests {
    let directory = TemporaryDirectory("agent-trust")
    var db: String { directory.path("t.sqlite") }

    func tasker(_ arguments: [String], now: String = "2026-12-02T10:30") throws -> TaskerBinary.Result {
        try TaskerBinary.run(["--db", db, "--now", now] + arguments)
    }

    func addAgent(_ name: String, scopes: String) throws -> String {
        let added = try tasker(["agent", "add", name, "--scopes", scopes])
        #expect(added.status == 0, "\(added.stderr)")
        return added.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `tasker mcp` over stdio as the agent with `key`: the whole `result` of each tools/call.
    func mcp(key: String, now: String = "2026-12-02T10:30", _ calls: [(String, JSONValue)]) throws -> [JSONValue] {
        var lines = [#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#]
        for (index, call) in calls.enumerated() {
            let request: JSONValue = ["jsonrpc": "2.0", "id": .int(index + 1), "method": "tools/call", "params": ["name": .string(call.0), "arguments": call.1]]
            lines.append(request.encoded())
        }
        let result = try TaskerBinary.run(["--db", db, "--now", now, "mcp"], stdin: lines.joined(separator: "\n") + "\n",
                                          environment: ["TASKER_AGENT_KEY": key])
        let replies = try result.stdout.split(separator: "\n").map { try JSONValue.parse(String($0)) }
        return replies.dropFirst().map { $0["result"] ?? $0["error"] ?? .null }
    }

    func task(_ id: Int) throws -> JSONValue {
        let shown = try tasker(["call", "list_tasks", #"{"filter": "all", "fields": ["all"]}"#])
        let tasks = try JSONValue.parse(shown.stdout)["tasks"]?.arrayValue ?? []
        return tasks.first { $0["id"]?.intValue == id } ?? .null
    }

    @Test func overStdioPendingIsNotAnErrorAndUpdateTaskCannotReschedule() throws {
        let key = try addAgent("helper", scopes: "read,write:tasks")
        #expect(try tasker(["agent", "policy", "helper", "write:tasks", "ask"]).status == 0)
        let asked = try mcp(key: key, [("create_task", ["title": "Water the plants"])])
        #expect(asked[0]["isError"] == false, "waiting for a person is not a failure: \(asked[0].encoded())")
        #expect(asked[0]["structuredContent"]?["status"] == "pending_approval")

        // write:tasks allowed, destructive not given: update_task cannot do what reschedule_task may not.
        #expect(try tasker(["agent", "policy", "helper", "write:tasks", "allow"]).status == 0)
        let made = try tasker(["call", "create_task", #"{"title": "Dentist", "due": "2026-12-10T15:00", "notes": "bring the card"}"#])
        let id = try #require(try JSONValue.parse(made.stdout)["task"]?["id"]?.intValue)
        let tried = try mcp(key: key, [
            ("reschedule_task", ["id": .int(id), "due": "2027-03-01T09:00"]),
            ("update_task", ["id": .int(id), "due": "2027-03-01T09:00"]),
            ("update_task", ["id": .int(id), "notes": .null]),
            ("update_task", ["id": .int(id), "priority": "high"]),
        ])
        for refused in tried.prefix(3) { #expect(refused["isError"] == true || refused["code"] != nil, "\(refused.encoded())") }
        #expect(tried[3]["isError"] == false)
        let after = try task(id)
        #expect(after["due"]?.stringValue?.hasPrefix("2026-12-10T15:00") == true && after["notes"] == "bring the card" && after["priority"] == "high")
    }

    @Test func overStdioAGrantHoldsOnTheRealTargetAndApprovalsPinTheSameSecond() throws {
        for name in ["Kitchen", "Garden"] { #expect(try tasker(["call", "create_project", #"{"name": "\#(name)"}"#]).status == 0) }
        let kitchen = try JSONValue.parse(try tasker(["call", "create_task", #"{"title": "Water", "project": "Kitchen"}"#]).stdout)["task"]!["id"]!.intValue!
        #expect(try tasker(["call", "complete_task", #"{"id": \#(kitchen)}"#]).status == 0)
        let garden = try JSONValue.parse(try tasker(["call", "create_task", #"{"title": "Water the hedge", "project": "Garden"}"#]).stdout)["task"]!["id"]!.intValue!
        let key = try addAgent("gardener", scopes: "read")
        #expect(try tasker(["agent", "grant", "gardener", "--scope", "destructive", "--project", "Kitchen", "--until", "2026-12-03"]).status == 0)
        let tried = try mcp(key: key, [("complete_task", ["title": "water"])])
        #expect(tried[0]["structuredContent"]?["ok"] != true, "\(tried[0].encoded())")
        #expect(try task(garden)["status"] == "open", "the Garden task stays open")

        // Same second: the request, a rename by the owner, and the approval.
        let trusted = try addAgent("trusted", scopes: "read,write:tasks,destructive")
        let asked = try mcp(key: trusted, [("complete_task", ["id": .int(garden)])])
        let approval = try #require(asked[0]["structuredContent"]?["approval_id"]?.stringValue)
        #expect(try tasker(["call", "update_task", #"{"id": \#(garden), "new_title": "Water the hedge and pay £900"}"#]).status == 0)
        let approved = try tasker(["approve", approval])
        #expect(approved.status == 1 && approved.stderr.contains("stale"), "\(approved.stdout)\(approved.stderr)")
        #expect(try task(garden)["status"] == "open")
    }

    @Test func overHTTPPendingIsNotAnErrorAndOneAgentCannotEvictAnother() throws {
        let quiet = try addAgent("quiet", scopes: "read,write:tasks")
        let noisy = try addAgent("noisy", scopes: "read")
        let server = try HTTPServerProcess(database: db)
        func headers(_ key: String, session: String? = nil) -> [String: String] {
            var h = ["Content-Type": "application/json", "Accept": "application/json, text/event-stream", "Authorization": "Bearer \(key)"]
            if let session { h["MCP-Session-Id"] = session }
            return h
        }
        let initialize = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}"#
        func open(_ key: String) throws -> String {
            let reply = try RawHTTP.exchange(port: server.port, headers: headers(key), body: initialize)
            let line = try #require(reply.text.split(separator: "\r\n").first { $0.lowercased().hasPrefix("mcp-session-id:") })
            return line.split(separator: ":", maxSplits: 1)[1].trimmingCharacters(in: .whitespaces)
        }
        let session = try open(quiet)
        let call = #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"create_task","arguments":{"title":"Fix the gate"}}}"#
        let pending = try RawHTTP.exchange(port: server.port, headers: headers(quiet, session: session), body: call)
        #expect(pending.status == 200)
        let body = try JSONValue.parse(String(pending.text.split(separator: "\r\n\r\n", maxSplits: 1)[1]))
        #expect(body["result"]?["isError"] == false, "\(pending.text)")
        #expect(body["result"]?["structuredContent"]?["status"] == "pending_approval")
        for _ in 0..<300 { _ = try open(noisy) }
        let list = #"{"jsonrpc":"2.0","id":3,"method":"tools/list","params":{}}"#
        #expect(try RawHTTP.exchange(port: server.port, headers: headers(quiet, session: session), body: list).status == 200,
                "the quiet agent's session survives 300 sessions of another agent")
    }

    /// An import waiting for approval pins the file's bytes: the file swapped after the request makes
    /// the approval stale and nothing is imported; the same bytes import.
    @Test func anApprovedImportRefusesAFileThatChangedSinceTheRequest() throws {
        let key = try addAgent("importer", scopes: "read,write:tasks,destructive")
        let folder = directory.path("t.sqlite.agents/importer/files")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "buy tiles\n".write(toFile: folder + "/list.txt", atomically: false, encoding: .utf8)
        let asked = try mcp(key: key, [("import_tasks", ["path": "list.txt", "format": "todotxt"])])
        let first = try #require(asked[0]["structuredContent"]?["approval_id"]?.stringValue, "\(asked[0].encoded())")
        let shown = try tasker(["approvals"]).stdout
        #expect(shown.contains("file sha256 ") && shown.contains("(10 bytes)"), "the owner sees the bytes asked with: \(shown)")
        try "transfer the savings to mallory\n".write(toFile: folder + "/list.txt", atomically: false, encoding: .utf8)
        let approved = try tasker(["approve", first])
        #expect(approved.status == 1 && approved.stderr.contains("stale"), "\(approved.stdout)\(approved.stderr)")
        #expect(!(try tasker(["call", "list_tasks"]).stdout.contains("mallory")))
        try "buy tiles\n".write(toFile: folder + "/list.txt", atomically: false, encoding: .utf8)
        let again = try mcp(key: key, [("import_tasks", ["path": "list.txt", "format": "todotxt"])])
        let second = try #require(again[0]["structuredContent"]?["approval_id"]?.stringValue)
        #expect(try tasker(["approve", second]).status == 0)
        #expect(try tasker(["call", "list_tasks"]).stdout.contains("Buy tiles") || (try tasker(["call", "list_tasks"]).stdout.contains("buy tiles")))
    }
}

