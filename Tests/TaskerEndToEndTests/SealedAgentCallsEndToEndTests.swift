import Foundation
import Testing
import TaskCore
import TaskerTestSupport

/// With sealing on, what agents send and get leaves no clear text behind: an agent over stdio (with
/// its key) creates a task with a note and asks for another call carrying the same sentence, the
/// owner approves it, and a `--batch` with `client_id` replays one; then the database, its WAL (kept
/// on disk by the still-running server) and a `.backup` copy hold the sentence 0 times.
@Suite struct SealedAgentCallsEndToEndTests {
    let directory = TemporaryDirectory("sealed-agents")
    var db: String { directory.path("t.sqlite") }
    var environment: [String: String] { ["XDG_CONFIG_HOME": directory.path("config"), "TASKER_KEYRING": "off"] }
    let sentence = "Ring the locksmith about the cellar door on Friday"

    func tasker(_ arguments: [String], stdin: String = "") throws -> TaskerBinary.Result {
        let result = try TaskerBinary.run(["--db", db] + arguments, stdin: stdin, environment: environment)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result
    }

    func call(_ mcp: MCPProcess, _ id: Int, _ tool: String, _ arguments: JSONValue) throws -> JSONValue {
        let request: JSONValue = ["jsonrpc": "2.0", "id": .int(id), "method": "tools/call", "params": ["name": .string(tool), "arguments": arguments]]
        mcp.send(request.encoded())
        let line = try #require(mcp.receive())
        return try JSONValue.parse(line)["result"]?["structuredContent"] ?? .null
    }

    func occurrences(_ path: String) -> Int {
        guard let data = FileManager.default.contents(atPath: path) else { return 0 }
        var count = 0
        var range = data.startIndex..<data.endIndex
        while let found = data.range(of: Data(sentence.utf8), in: range) {
            count += 1
            range = found.upperBound..<data.endIndex
        }
        return count
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3"), "needs the sqlite3 command (Debian sqlite3)"))
    func agentsApprovalsAndReplaysLeaveNoClearTextInTheFileItsWALOrABackup() throws {
        _ = try tasker(["crypto", "enable"])
        let key = try tasker(["agent", "add", "bot", "--scopes", "read,write:tasks"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let mcp = try MCPProcess(["mcp", "--db", db], environment: environment.merging(["TASKER_AGENT_KEY": key]) { _, new in new })
        mcp.send(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#)
        _ = try #require(mcp.receive())

        // An ask call carrying the sentence waits; the owner approves it and it runs.
        let asked = try call(mcp, 1, "create_task", ["title": "Cellar door", "notes": .string(sentence)])
        #expect(asked["status"] == "pending_approval")
        let approvalID = try #require(asked["approval_id"]?.stringValue)
        _ = try tasker(["approve", approvalID])
        let status = try call(mcp, 2, "approval_status", ["approval_id": .string(approvalID)])
        #expect(status["status"] == "executed" && status["result"]?["task"]?["notes"]?.stringValue == sentence, "opened for the agent")

        // Allowed: the agent's own task with the note.
        _ = try tasker(["agent", "policy", "bot", "write:tasks", "allow"])
        let created = try call(mcp, 3, "create_task", ["title": "Locksmith", "notes": .string(sentence)])
        #expect(created["ok"] == true && created["task"]?["notes"]?.stringValue == sentence)

        // A batch with client_id: the second line replays the first answer.
        let line = JSONValue.object(["title": "Spare key", "notes": .string(sentence), "client_id": "c-1"]).encoded()
        let batch = try tasker(["call", "create_task", "--batch"], stdin: line + "\n" + line + "\n")
        let answers = try batch.stdout.split(separator: "\n").map { try JSONValue.parse(String($0)) }
        #expect(answers.count == 2 && answers[1]["replayed"] == true && answers[1]["task"]?["notes"]?.stringValue == sentence)

        let listed = try tasker(["call", "list_tasks", #"{"filter": "all", "fields": ["all"]}"#]).stdout
        #expect(listed.components(separatedBy: sentence).count == 4, "three tasks carry the note, opened")
        func sqlite(_ arguments: [String]) throws -> TaskerBinary.Result {
            try TaskerBinary.run(arguments, input: Data(), executable: URL(fileURLWithPath: "/usr/bin/sqlite3"))
        }
        let kinds = try sqlite([db, "SELECT DISTINCT typeof(arguments) || typeof(result) FROM approvals UNION ALL SELECT DISTINCT typeof(arguments) || typeof(result) FROM client_keys"])
        #expect(kinds.stdout.split(separator: "\n") == ["blobblob", "blobblob"], "\(kinds.stdout)")

        // The server still runs, so its WAL is on disk; a backup copies what the file holds.
        #expect(FileManager.default.fileExists(atPath: db + "-wal"))
        let backup = directory.path("copy.sqlite")
        #expect(try sqlite([db, ".backup \(backup)"]).status == 0)
        for file in [db, db + "-wal", backup] { #expect(occurrences(file) == 0, "\(file)") }
        #expect(FileManager.default.contents(atPath: backup).map { $0.count > 0 } == true)
        mcp.closeInput()
        #expect(mcp.waitForExit(timeout: 10) == 0)
        for file in [db, db + "-wal"] { #expect(occurrences(file) == 0, "\(file)") }
    }
}
