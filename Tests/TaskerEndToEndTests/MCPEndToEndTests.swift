import Foundation
import Testing
import TaskerTestSupport

/// `tasker mcp` as a client sees it: golden transcripts, hostile input, EOF, two servers on one
/// database, and the official Python SDK as the client.
@Suite struct MCPEndToEndTests {
    static let repoRoot = FixtureFile.repositoryRoot
    static let fixtures = FixtureFile.url("mcp")
    static let clock = ["--now", "2026-12-02T10:30", "--tz", "Europe/London"]
    static let initialize = #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"e2e","version":"1"}}}"#
    static let initialized = #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#

    /// Each test's folder; removed when the suite value (one per test) is released.
    let directory = TemporaryDirectory("mcp")

    /// A new database path in this test's folder.
    func temporaryDatabase() -> String { directory.path("tasks-\(UUID().uuidString).sqlite") }

    static var transcriptNames: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)) ?? []
        return names.filter { $0.hasSuffix(".transcript") }.sorted()
    }

    // MARK: golden transcripts

    @Test func transcriptsExist() {
        #expect(Self.transcriptNames.count >= 3, "Fixtures/mcp/*.transcript are missing")
    }

    /// Replays `Fixtures/mcp/NAME.transcript` through the real binary and compares every reply line
    /// byte for byte. `TASKER_UPDATE_GOLDEN=1` rewrites the expected lines instead (review the diff).
    @Test(arguments: transcriptNames)
    func goldenTranscript(_ name: String) throws {
        let url = Self.fixtures.appendingPathComponent(name)
        let transcript = try MCPTranscript(text: String(contentsOf: url, encoding: .utf8))
        let db = temporaryDatabase()
        let run = try TaskerBinary.run(["mcp", "--db", db] + Self.clock, stdin: transcript.input)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let replies = try transcript.replies(fromOutput: run.stdout)
        if ProcessInfo.processInfo.environment["TASKER_UPDATE_GOLDEN"] == "1" {
            try transcript.rewritten(with: replies).write(to: url, atomically: true, encoding: .utf8)
            return
        }
        for (step, got) in zip(transcript.steps, replies) {
            #expect(got == step.expected, "after: \(step.request)")
        }
    }

    // MARK: hostile input

    @Test func everyBadInputThenPingThroughTheBinary() throws {
        let db = temporaryDatabase()
        let bad: [(String, Int?)] = [
            (#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#, -32600),  // before initialize
            ("not json at all", -32700),
            ("42", -32600),
            (#""x""#, -32600),
            ("[]", -32600),
            (#"[{"jsonrpc":"2.0","id":2,"method":"ping"}]"#, -32600),
            (#"{"id":3,"method":"ping"}"#, -32600),
            (#"{"jsonrpc":"1.0","id":4,"method":"ping"}"#, -32600),
            (#"{"jsonrpc":"2.0","id":{"x":1},"method":"ping"}"#, -32600),
            (#"{"jsonrpc":"2.0","id":5,"method":"no/such/method"}"#, -32601),
            (#"{"jsonrpc":"2.0","id":6,"method":"ping","params":[1]}"#, -32602),
            (#"{"jsonrpc":"2.0","id":7,"method":"server/discover","params":{}}"#, -32602),
            (String(repeating: "x", count: 50 * 1024 * 1024), -32700),
            (#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#, nil),
            (#"{"jsonrpc":"2.0","method":"notifications/unknown"}"#, nil),
            (#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":77}}"#, nil),
            (#"{"jsonrpc":"2.0","id":8,"result":{}}"#, nil),
        ]
        var input = ""
        for (n, (line, _)) in bad.enumerated() {
            input += line + "\n" + #"{"jsonrpc":"2.0","id":"ping-\#(n)","method":"ping"}"# + "\n"
        }
        input += Self.initialize + "\n" + #"{"jsonrpc":"2.0","id":"last","method":"tools/list"}"# + "\n"
        let started = Date()
        let run = try TaskerBinary.run(["mcp", "--db", db], stdin: input)
        #expect(Date().timeIntervalSince(started) < 30)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        let replies = lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(replies.count == lines.count, "every stdout line is a JSON object")
        var index = 0
        for (n, (line, code)) in bad.enumerated() {
            if let code {
                let reply = index < replies.count ? replies[index] : [:]
                #expect((reply["error"] as? [String: Any])?["code"] as? Int == code, "reply to \(line.prefix(60))")
                index += 1
            }
            let ping = index < replies.count ? replies[index] : [:]
            #expect(ping["id"] as? String == "ping-\(n)" && ping["result"] != nil, "ping after \(line.prefix(60))")
            index += 1
        }
        #expect(replies.count == index + 2)
        #expect(replies.last?["id"] as? String == "last")
        #expect((replies.last?["result"] as? [String: Any])?["tools"] as? [Any] != nil)
    }

    @Test func hugeLineWithoutNewlineGetsOneErrorAndEOFExitsCleanly() throws {
        let db = temporaryDatabase()
        let server = try MCPProcess(["mcp", "--db", db])
        let huge = Data(repeating: UInt8(ascii: "{"), count: 50 * 1024 * 1024)
        let writer = Thread { server.sendRaw(huge) }
        writer.start()
        let reply = server.receive(timeout: 30)
        #expect(reply?.contains("-32700") == true, "an answer arrives before the line ends: \(reply ?? "nothing")")
        while writer.isExecuting { usleep(10_000) }
        server.closeInput()
        #expect(server.waitForExit(timeout: 5) == 0)
        #expect(server.pendingLines.isEmpty)
    }

    // MARK: lifecycle over real pipes

    @Test func repliesArriveWhileStdinIsOpenAndEOFExitsWithinTwoSeconds() throws {
        let db = temporaryDatabase()
        let server = try MCPProcess(["mcp", "--db", db] + Self.clock)
        let reply = server.request(Self.initialize)
        let result = reply?["result"] as? [String: Any]
        #expect((result?["serverInfo"] as? [String: Any])?["name"] as? String == "tasker")
        server.send(Self.initialized)
        #expect(server.request(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#)?["id"] as? Int == 1)
        let closed = Date()
        server.closeInput()
        #expect(server.waitForExit(timeout: 2) == 0)
        #expect(Date().timeIntervalSince(closed) < 2)
        #expect(server.pendingLines.isEmpty, "nothing but replies on stdout")
    }

    @Test func extraArgumentsAreAUsageError() throws {
        let run = try TaskerBinary.run(["mcp", "--db", temporaryDatabase(), "serve"])
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("mcp takes no arguments"))
    }

    // MARK: sharing the database

    @Test func twoServersAndACommandWriteTheSameDatabaseAtOnce() throws {
        let db = temporaryDatabase()
        let servers = try [MCPProcess(["mcp", "--db", db] + Self.clock), MCPProcess(["mcp", "--db", db] + Self.clock)]
        for server in servers {
            #expect(server.request(Self.initialize)?["result"] != nil)
            server.send(Self.initialized)
        }
        let perServer = 40, perCommand = 8
        final class Tally: @unchecked Sendable {
            let lock = NSLock()
            var problems: [String] = []
            func add(_ problem: String) { lock.lock(); problems.append(problem); lock.unlock() }
        }
        let tally = Tally()
        let group = DispatchGroup()
        for (s, server) in servers.enumerated() {
            group.enter()
            Thread {
                for n in 0..<perServer {
                    let line = #"{"jsonrpc":"2.0","id":\#(n),"method":"tools/call","params":{"name":"create_task","arguments":{"title":"server \#(s) task \#(n)"}}}"#
                    let result = server.request(line)?["result"] as? [String: Any]
                    if result?["isError"] as? Bool != false { tally.add("server \(s) call \(n): \(String(describing: result))") }
                }
                group.leave()
            }.start()
        }
        group.enter()
        Thread {
            for n in 0..<perCommand {
                let run = try? TaskerBinary.run(["call", "create_task", #"{"title":"command task \#(n)"}"#, "--db", db] + Self.clock)
                if run?.status != 0 { tally.add("tasker call \(n): \(run?.stderr ?? "did not run")") }
            }
            group.leave()
        }.start()
        #expect(group.wait(timeout: .now() + 120) == .success)
        #expect(tally.problems.isEmpty, "\(tally.problems.count) failures, first: \(tally.problems.prefix(3))")
        let list = servers[0].request(#"{"jsonrpc":"2.0","id":"all","method":"tools/call","params":{"name":"list_tasks","arguments":{"filter":"all","limit":1000}}}"#)
        let structured = (list?["result"] as? [String: Any])?["structuredContent"] as? [String: Any]
        #expect(structured?["count"] as? Int == 2 * perServer + perCommand)
        for server in servers {
            server.closeInput()
            #expect(server.waitForExit(timeout: 5) == 0)
            #expect(!server.stderr.contains("locked"), "stderr: \(server.stderr)")
        }
    }

    // MARK: the official Python SDK

    @Test func officialPythonSDKClient() throws {
        let python = Self.repoRoot.appendingPathComponent(".venv/bin/python")
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            Issue.record("no Python MCP SDK at \(python.path): run scripts/setup --with-python (it creates .venv with `pip install mcp`)")
            return
        }
        let process = Process()
        process.executableURL = python
        process.arguments = [Self.repoRoot.appendingPathComponent("Tests/python/mcp_sdk_client.py").path, TaskerBinary.url.path, temporaryDatabase()]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.contains("all checks passed"))
    }
}
