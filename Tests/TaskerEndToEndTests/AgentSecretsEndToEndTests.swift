import Foundation
import Testing
import TaskCore
import TaskerTestSupport

/// Secrets stay put: the agent key given to `tasker mcp` never reaches a program it starts (sync's
/// `password_command` reads its own `/proc/<pid>/environ`), children get a minimal environment, and
/// `--agent-key-file` is held to the owner-only check.
@Suite struct AgentSecretsEndToEndTests {
    let directory = TemporaryDirectory("agent-secrets")
    var db: String { directory.path("t.sqlite") }
    var environment: [String: String] { ["XDG_CONFIG_HOME": directory.path("config"), "XDG_STATE_HOME": directory.path("state")] }

    func tasker(_ arguments: [String], environment extra: [String: String] = [:]) throws -> TaskerBinary.Result {
        try TaskerBinary.run(["--db", db] + arguments, environment: environment.merging(extra) { _, new in new })
    }

    func addAgent() throws -> String {
        let added = try tasker(["agent", "add", "bot", "--scopes", "read"])
        #expect(added.status == 0, "\(added.stderr)")
        return added.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static let initialize = #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#
    static let listTasks = #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_tasks","arguments":{}}}"#

    @Test func aPasswordCommandStartedByTheMCPServerSeesNoAgentKeyAndOnlyTheMinimalEnvironment() throws {
        let key = try addAgent()
        let dump = directory.path("child-environ")
        let script = "tr '\\000' '\\n' < /proc/$$/environ > \(dump); printf pw"
        let config: JSONValue = ["sync": ["url": "http://127.0.0.1:9/dav/", "username": "u", "password_command": ["/bin/sh", "-c", .string(script)],
                                          "interval_seconds": 60]]
        try config.encoded().write(toFile: directory.folder("config/tasker") + "/config.json", atomically: true, encoding: .utf8)
        let extra = ["TASKER_AGENT_KEY": key, "AWS_SECRET_ACCESS_KEY": "do-not-pass-me", "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/bus",
                     "LC_TIME": "C", "GNUPGHOME": directory.path("gnupg")]
        let mcp = try MCPProcess(["mcp", "--db", db], environment: environment.merging(extra) { _, new in new })
        #expect(mcp.request(Self.initialize) != nil)
        let reply = mcp.request(Self.listTasks)
        #expect(((reply?["result"] as? [String: Any])?["isError"] as? Bool) == false, "the key from the environment authenticates")
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: dump) && Date() < deadline { usleep(20_000) }
        usleep(100_000)
        mcp.closeInput()
        #expect(mcp.waitForExit(timeout: 10) == 0)
        let text = try String(contentsOfFile: dump, encoding: .utf8)
        #expect(!text.contains(key) && !text.contains("TASKER_AGENT_KEY"), "\(text)")
        let names = Set(text.split(separator: "\n").compactMap { $0.split(separator: "=", maxSplits: 1).first.map(String.init) })
        #expect(names.isSubset(of: ChildProcess.passedNames.union(["LC_TIME"])), "unexpected: \(names.subtracting(ChildProcess.passedNames))")
        #expect(names.isSuperset(of: ["PATH", "HOME", "TZ", "DBUS_SESSION_BUS_ADDRESS", "LC_TIME", "GNUPGHOME"]), "\(names)")
        #expect(!text.contains("do-not-pass-me") && !names.contains("XDG_CONFIG_HOME") && !names.contains("NO_COLOR"))
        #expect(!mcp.stderr.contains(key))
        #expect(try tasker(["receipts"]).stdout.contains("bot list_tasks allowed"))
    }

    @Test func theAgentKeyFileIsTheOwnerOnlyWay() throws {
        let key = try addAgent()
        let file = directory.path("agent.key")
        try (key + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        chmod(file, 0o644)
        let refused = try tasker(["mcp", "--agent-key-file", file], environment: [:])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("readable by group or others") && refused.stderr.contains("chmod 600"), "\(refused.stderr)")
        #expect(!refused.stderr.contains(key))
        chmod(file, 0o600)
        let served = try TaskerBinary.run(["--db", db, "mcp", "--agent-key-file", file], stdin: Self.initialize + "\n" + Self.listTasks + "\n",
                                          environment: environment)
        #expect(served.status == 0, "\(served.stderr)")
        #expect(try tasker(["receipts"]).stdout.contains("bot list_tasks allowed"), "the calls went through the agent's gate")
        #expect(try tasker(["mcp", "--agent-key-file", directory.path("none")]).status == 1)
        #expect(try tasker(["mcp", "--agent", "bot", "--agent-key-file", file]).status == 2)
        #expect(try tasker(["mcp", "--http", "127.0.0.1:0", "--agent-key-file", file]).status == 2)
    }
}
