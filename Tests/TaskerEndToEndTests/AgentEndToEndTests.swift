import Foundation
import Testing
import TaskCore
import TaskerTestSupport

/// Agents with the real binary: keys, MCP over stdio as an agent, the approval round trip, stale
/// requests, and `receipts --verify` against a row changed with the real `sqlite3` shell.
@Suite struct AgentEndToEndTests {
    let directory = TemporaryDirectory("agents-e2e")
    var db: String { directory.path("t.sqlite") }

    func tasker(_ arguments: [String], now: String = "2026-12-02T10:30", stdin: String = "", environment: [String: String] = [:]) throws
        -> TaskerBinary.Result
    {
        try TaskerBinary.run(["--db", db, "--now", now] + arguments, stdin: stdin, environment: environment)
    }

    /// Runs `tasker mcp` as the agent with `key`, sending initialize and the given tools/call lines;
    /// the replies' results, by id.
    func mcp(key: String, now: String = "2026-12-02T10:30", _ calls: [(String, JSONValue)]) throws -> [JSONValue] {
        var lines = [#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#]
        for (index, call) in calls.enumerated() {
            let request: JSONValue = ["jsonrpc": "2.0", "id": .int(index + 1), "method": "tools/call", "params": ["name": .string(call.0), "arguments": call.1]]
            lines.append(request.encoded())
        }
        let result = try tasker(["mcp"], now: now, stdin: lines.joined(separator: "\n") + "\n", environment: ["TASKER_AGENT_KEY": key])
        #expect(!result.stderr.contains(key), "the key never appears in logs")
        let replies = try result.stdout.split(separator: "\n").map { try JSONValue.parse(String($0)) }
        return replies.dropFirst().map { $0["result"]?["structuredContent"] ?? .null }
    }

    func addAgent(_ name: String, scopes: String) throws -> String {
        let added = try tasker(["agent", "add", name, "--scopes", scopes])
        #expect(added.status == 0, "\(added.stderr)")
        let key = added.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(key.hasPrefix("tkr_") && key.count == 56)
        let list = try tasker(["agent", "list"])
        #expect(!list.stdout.contains(key) && list.stdout.contains(name))
        return key
    }

    @Test func approvalRoundTripThenStale() throws {
        let key = try addAgent("claude", scopes: "read,write:tasks,destructive")
        let asked = try mcp(key: key, [("create_task", ["title": "Water the plants"])])
        #expect(asked[0]["status"] == "pending_approval")
        let id = try #require(asked[0]["approval_id"]?.stringValue)
        let waiting = try tasker(["approvals"])
        #expect(waiting.stdout.contains(id) && waiting.stdout.contains("claude create_task"))
        #expect(try tasker(["call", "list_tasks"]).stdout.contains("Water") == false)

        let approved = try tasker(["approve", id])
        #expect(approved.status == 0, "\(approved.stderr)")
        #expect(try tasker(["call", "list_tasks"]).stdout.contains("Water the plants"))
        let status = try mcp(key: key, [("approval_status", ["approval_id": .string(id)])])
        #expect(status[0]["status"] == "executed")
        #expect(status[0]["result"]?["task"]?["title"] == "Water the plants")
        #expect(try tasker(["approve", id]).status == 1, "decided once")

        // Stale: the agent asks to complete the task, the person edits it, then approves.
        let complete = try mcp(key: key, now: "2026-12-02T11:00", [("complete_task", ["title": "Water the plants"])])
        let staleID = try #require(complete[0]["approval_id"]?.stringValue)
        #expect(try tasker(["call", "update_task", #"{"title": "Water the plants", "priority": "high"}"#], now: "2026-12-02T12:00").status == 0)
        let stale = try tasker(["approve", staleID], now: "2026-12-02T12:05")
        #expect(stale.status == 1)
        #expect(stale.stderr.contains("stale"))
        let after = try mcp(key: key, now: "2026-12-02T12:10", [("approval_status", ["approval_id": .string(staleID)]), ("list_tasks", [:])])
        #expect(after[0]["status"] == "stale")
        #expect(after[1]["tasks"]?.arrayValue?.count == 1, "not completed")

        // Rejected, with the reason visible to the agent.
        let third = try mcp(key: key, [("create_task", ["title": "Buy a boat"])])
        let thirdID = try #require(third[0]["approval_id"]?.stringValue)
        #expect(try tasker(["reject", thirdID, "--reason", "not this year"]).status == 0)
        let rejected = try mcp(key: key, [("approval_status", ["approval_id": .string(thirdID)])])
        #expect(rejected[0]["status"] == "rejected" && rejected[0]["reason"] == "not this year")

        let receipts = try tasker(["receipts", "--agent", "claude"])
        for decision in ["asked", "approved", "allowed", "stale", "rejected"] { #expect(receipts.stdout.contains(" \(decision)"), "\(decision)") }
        #expect(!receipts.stdout.contains(key))
        #expect(try tasker(["receipts", "--verify"]).status == 0)
    }

    @Test func deniedScopeRevokedAndExpiredKeys() throws {
        let key = try addAgent("reader", scopes: "read")
        let denied = try mcp(key: key, [("complete_task", ["id": 1])])
        #expect(denied[0]["ok"] == false && denied[0]["error"]?.stringValue?.contains("destructive") == true)
        #expect(try tasker(["agent", "revoke", "reader"]).status == 0)
        let revoked = try tasker(["mcp"], stdin: "", environment: ["TASKER_AGENT_KEY": key])
        #expect(revoked.status == 1 && revoked.stderr.contains("revoked") && !revoked.stderr.contains(key))
        let short = try tasker(["agent", "add", "brief", "--expires", "1h"])
        let shortKey = short.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let expired = try tasker(["mcp"], now: "2026-12-02T12:00", environment: ["TASKER_AGENT_KEY": shortKey])
        #expect(expired.status == 1 && expired.stderr.contains("expired"))
        let wrong = try tasker(["mcp"], environment: ["TASKER_AGENT_KEY": "tkr_AAAAAAAA_" + String(repeating: "B", count: 43)])
        #expect(wrong.status == 1 && wrong.stderr.contains("not known"))
    }

    @Test func receiptsVerifyFindsARowChangedWithTheSQLiteShell() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3") else {
            print("SKIPPED receiptsVerifyFindsARowChangedWithTheSQLiteShell: /usr/bin/sqlite3 is missing; run scripts/setup (Debian package sqlite3)")
            return
        }
        let key = try addAgent("bot", scopes: "read")
        _ = try mcp(key: key, [("list_tasks", [:]), ("list_projects", [:]), ("list_pages", [:]), ("review", [:])])
        #expect(try tasker(["receipts", "--verify"]).stdout.contains("4 receipts, chain intact"))
        func sqlite(_ sql: String) throws -> TaskerBinary.Result {
            try TaskerBinary.run([db, sql], input: Data(), executable: URL(fileURLWithPath: "/usr/bin/sqlite3"))
        }
        let refused = try sqlite("UPDATE receipts SET decision = 'denied' WHERE seq = 3;")
        #expect(refused.status != 0 && refused.stderr.contains("append-only"))
        #expect(try sqlite("DELETE FROM receipts WHERE seq = 4;").stderr.contains("append-only"))
        let tampered = try sqlite("DROP TRIGGER receipts_no_update; UPDATE receipts SET tool = 'delete_task' WHERE seq = 3;")
        #expect(tampered.status == 0, "\(tampered.stderr)")
        let verify = try tasker(["receipts", "--verify"])
        #expect(verify.status == 1)
        #expect(verify.stderr.contains("receipt #3"))
    }
}
