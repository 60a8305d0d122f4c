import Foundation
import Testing
import TaskerTestSupport

/// A public MCP conformance prober nobody here wrote (PyPI `mcp-conform`) against the real binary:
/// over stdio as the owner's keyless client and as a read-only agent, and over Streamable HTTP with an
/// agent key. It checks the initialize handshake, the JSON-RPC envelope, every listed tool's name,
/// description and input schema (as JSON Schema), and -32601 for an unknown method.
@Suite struct MCPConformTests {
    let directory = TemporaryDirectory("mcp-conform")
    var db: String { directory.path("t.sqlite") }
    static let prober = FixtureFile.repositoryRoot.appendingPathComponent(".venv/bin/mcp-conform")

    struct Report {
        var ok: Bool, passed: Int, failed: Int, tools: Int, failures: [String]

        /// Reads the prober's `--format json` report; nil when the text is not one.
        init?(_ text: String) {
            guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
                  let checks = object["checks"] as? [[String: Any]] else { return nil }
            ok = object["ok"] as? Bool ?? false
            passed = object["passed"] as? Int ?? 0
            failed = object["failed"] as? Int ?? -1
            tools = checks.filter { ($0["name"] as? String)?.hasSuffix("_input_schema") == true }.count
            failures = checks.filter { $0["passed"] as? Bool != true }.map { "\($0["name"] ?? "?"): \($0["message"] ?? "")" }
        }
    }

    func tasker(_ arguments: [String]) throws -> TaskerBinary.Result { try TaskerBinary.run(["--db", db] + arguments) }

    /// The prober over stdio, starting `tasker --db DB mcp EXTRA…` itself.
    func probeStdio(_ extra: [String] = []) throws -> (status: Int32, report: Report?, text: String) {
        let command = ([TaskerBinary.url.path, "--db", db, "mcp"] + extra).map { "'\($0)'" }.joined(separator: " ")
        let run = try VenvPython.run(Self.prober, ["server", "--command", command, "--format", "json", "--timeout", "30"])
        return (run.status, Report(run.stdout), run.stdout)
    }

    func installed() -> Bool {
        guard FileManager.default.isExecutableFile(atPath: Self.prober.path) else {
            Issue.record("mcp-conform is missing at \(Self.prober.path): run scripts/setup --with-tests (it installs PyPI mcp-conform into .venv)")
            return false
        }
        return true
    }

    @Test func theKeylessStdioServerPassesEveryCheck() throws {
        guard installed() else { return }
        let probe = try probeStdio()
        let report = try #require(probe.report, "not a report: \(probe.text)")
        #expect(probe.status == 0 && report.ok, "\(report.failures)")
        #expect(report.failed == 0)
        #expect(report.tools == 34, "the whole catalogue was probed")
        #expect(report.passed == 3 * 34 + 9, "\(report.passed) checks passed")
        print("MCPConformTests: stdio, keyless: \(report.passed)/\(report.passed + report.failed) checks, \(report.tools) tools")
    }

    @Test func aReadOnlyAgentOverStdioPassesOnItsSmallerCatalogue() throws {
        guard installed() else { return }
        let key = try tasker(["agent", "add", "reader", "--scopes", "read"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let file = directory.path("reader.key")
        try Data(key.utf8).write(to: URL(fileURLWithPath: file))
        chmod(file, 0o600)
        let probe = try probeStdio(["--agent-key-file", file])
        let report = try #require(probe.report, "not a report: \(probe.text)")
        #expect(probe.status == 0 && report.ok, "\(report.failures)")
        #expect(report.tools == 13, "a read-only agent is offered the readers")
        print("MCPConformTests: stdio, read-only agent: \(report.passed)/\(report.passed + report.failed) checks, \(report.tools) tools")
    }

    @Test func theHTTPServerPassesEveryCheckWithAnAgentKey() throws {
        guard installed() else { return }
        let key = try tasker(["agent", "add", "probe", "--scopes", "read,write:tasks"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let server = try HTTPServerProcess(database: db, arguments: ["--verbose"])
        let script = FixtureFile.repositoryRoot.appendingPathComponent("Tests/python/mcp_conform_http.py").path
        let run = try VenvPython.run([script, "http://127.0.0.1:\(server.port)", key])
        let report = try #require(Report(run.stdout), "not a report: \(run.stdout)\n\(server.stderr)")
        #expect(run.status == 0 && report.ok, "\(report.failures)\n\(server.stderr)")
        #expect(report.tools == 22, "an agent with read and write:tasks is offered 22 tools")
        #expect(server.stderr.contains("POST /mcp 200"), "the probe's requests reached the server")
        #expect(!server.stderr.contains(key), "the key is never logged")
        print("MCPConformTests: HTTP, agent: \(report.passed)/\(report.passed + report.failed) checks, \(report.tools) tools")
    }
}
