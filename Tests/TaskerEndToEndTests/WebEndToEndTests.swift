import Foundation
import Testing
import TaskCore
import TaskerTestSupport

/// `tasker web` with the real binary: a headless chromium (Selenium) captures, completes, plans and
/// approves; plain HTTP shows each refusal with its status and nothing changed in the store.
@Suite(.serialized) struct WebEndToEndTests {
    let directory = TemporaryDirectory("web-e2e")
    var db: String { directory.path("t.sqlite") }

    /// A calendar (the fixture's 10:00–11:00 standup), working hours, and a fixed clock.
    func environment() throws -> [String: String] {
        let home = directory.path
        try FileManager.default.createDirectory(atPath: home + "/tasker", withIntermediateDirectories: true)
        let config = """
            {"calendars": [{"name": "Work", "ics": "\(FixtureFile.url("calendar/workday.ics").path)"}],
             "working_hours": "09:00-18:00", "working_days": ["mon", "tue", "wed", "thu", "fri"]}
            """
        try config.write(toFile: home + "/tasker/config.json", atomically: true, encoding: .utf8)
        return ["XDG_CONFIG_HOME": home, "XDG_DATA_HOME": home + "/data", "XDG_STATE_HOME": home + "/state",
                "XDG_CACHE_HOME": home + "/cache", "TASKER_NOW": "2026-03-10T08:47", "TZ": "Europe/London"]
    }

    func tasker(_ arguments: [String], stdin: String = "", extra: [String: String] = [:]) throws -> TaskerBinary.Result {
        try TaskerBinary.run(["--db", db] + arguments, stdin: stdin, environment: try environment().merging(extra) { _, new in new })
    }

    /// `tasker web --port 0` and the one-time login URL it printed.
    func web() throws -> (server: HTTPServerProcess, login: String) {
        let server = try HTTPServerProcess(database: db, environment: try environment(), command: ["web", "--port", "0"])
        let range = try #require(server.stderr.range(of: #"http://127\.0\.0\.1:\d+/login/[0-9A-Za-z]+"#, options: .regularExpression))
        return (server, String(server.stderr[range]))
    }

    /// One tools/call through the real `tasker mcp` as the agent with `key`: the call's structured result.
    func agentCall(key: String, _ tool: String, _ arguments: JSONValue) throws -> JSONValue {
        let initialize = #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#
        let call: JSONValue = ["jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": ["name": .string(tool), "arguments": arguments]]
        let result = try tasker(["mcp"], stdin: initialize + "\n" + call.encoded() + "\n", extra: ["TASKER_AGENT_KEY": key])
        let reply = try #require(result.stdout.split(separator: "\n").last)
        return try JSONValue.parse(String(reply))["result"]?["structuredContent"] ?? .null
    }

    func titles() throws -> [String] {
        let listed = try JSONValue.parse(try tasker(["call", "list_tasks", #"{"filter": "all", "fields": ["all"]}"#]).stdout)
        return listed["tasks"]?.arrayValue?.compactMap { $0["title"]?.stringValue } ?? []
    }

    @Test func aBrowserCapturesCompletesPlansAndApproves() throws {
        for tool in ["/usr/bin/chromium", "/usr/bin/chromedriver"] where !FileManager.default.isExecutableFile(atPath: tool) {
            Issue.record("\(tool) is missing: install Debian's chromium and chromium-driver (scripts/setup does)")
            return
        }
        guard VenvPython.isInstalled, try VenvPython.run(["-c", "import selenium"]).status == 0 else {
            Issue.record("selenium is missing from .venv: run scripts/setup --with-python")
            return
        }
        for (title, minutes) in [("Write report", 90), ("Review PR", 45), ("Email the team", 20)] {
            #expect(try tasker(["call", "create_task", #"{"title": "\#(title)", "estimate_minutes": \#(minutes), "due": "today"}"#]).status == 0)
        }
        let key = try tasker(["agent", "add", "helper", "--scopes", "read,write:tasks"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let asked = try agentCall(key: key, "create_task", ["title": "Water the plants"])
        #expect(asked["status"] == "pending_approval")
        let approvalID = try #require(asked["approval_id"]?.stringValue)

        let (server, login) = try web()
        let shots = FixtureFile.repositoryRoot.appendingPathComponent(".build/web-screenshots").path
        try FileManager.default.createDirectory(atPath: shots, withIntermediateDirectories: true)
        let script = FixtureFile.repositoryRoot.appendingPathComponent("Tests/python/web_browser.py").path
        let run = try VenvPython.run([script, login, shots])
        print(run.stdout)
        #expect(run.status == 0, "\(run.stdout)\n\(server.stderr)")
        #expect(run.stdout.contains("ok   five chips"))
        #expect(run.stdout.contains("ok   360 px wide"))
        #expect(run.stdout.contains("timing load_to_interactive_ms="))
        for name in ["capture", "today", "plan", "approvals"] {
            #expect(FileManager.default.fileExists(atPath: shots + "/web-\(name).png"), "screenshot \(name)")
        }

        let all = try JSONValue.parse(try tasker(["call", "list_tasks", #"{"filter": "all", "fields": ["all"]}"#]).stdout)
        let saved = all["tasks"]?.arrayValue?.first { $0["title"]?.stringValue?.lowercased() == "call mom" }
        #expect(saved?["status"] == "done", "saved from the page, then completed there")
        #expect(saved?["priority"] == "high")
        #expect(saved?["contexts"] == ["family"])
        let email = all["tasks"]?.arrayValue?.first { $0["title"] == "Email the team" }
        #expect(email?["due"] == "2026-03-13T15:00:00+00:00", "rescheduled to friday 3pm from the page")
        let status = try agentCall(key: key, "approval_status", ["approval_id": .string(approvalID)])
        #expect(status["status"] == "executed", "the agent sees its call approved: \(status.encoded())")
        #expect(try titles().contains("Water the plants"))
    }

    @Test func refusalsAnswerWithTheirStatusAndChangeNothing() throws {
        let key = try tasker(["agent", "add", "asker", "--scopes", "read,write:tasks"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let approvalID = try #require(try agentCall(key: key, "create_task", ["title": "Evil agent"])["approval_id"]?.stringValue)
        let (server, login) = try web()
        let port = server.port
        let path = String(login.dropFirst("http://127.0.0.1:\(port)".count))
        let entered = try RawHTTP.exchange(port: port, method: "GET", path: path, headers: [:])
        #expect(entered.status == 303)
        let cookieLine = try #require(entered.text.split(separator: "\r\n").first { $0.lowercased().hasPrefix("set-cookie:") })
        #expect(cookieLine.contains("HttpOnly") && cookieLine.contains("SameSite=Strict"))
        let cookie = String(cookieLine.dropFirst("set-cookie:".count).split(separator: ";")[0]).trimmingCharacters(in: .whitespaces)
        #expect(try RawHTTP.exchange(port: port, method: "GET", path: path, headers: [:]).status == 401, "the login token works once")

        let page = try RawHTTP.exchange(port: port, method: "GET", path: "/", headers: ["Cookie": cookie])
        #expect(page.status == 200)
        #expect(page.text.contains("Content-Security-Policy: default-src 'self'"))
        let csrfRange = try #require(page.text.range(of: #"name="csrf-token" content="[0-9A-Za-z]+""#, options: .regularExpression))
        let csrf = String(page.text[csrfRange].split(separator: "\"")[3])

        func create(_ title: String, _ changes: [String: String]) throws -> Int? {
            var headers = ["Cookie": cookie, "X-Tasker-CSRF": csrf, "Content-Type": "application/json", "Origin": "http://127.0.0.1:\(port)"]
            for (name, value) in changes { headers[name] = value }
            let body = #"{"tool": "create_task", "arguments": {"title": "\#(title)"}}"#
            return try RawHTTP.exchange(port: port, path: "/api/call", headers: headers, body: body).status
        }
        #expect(try create("Evil no csrf", ["X-Tasker-CSRF": ""]) == 403)
        #expect(try create("Evil wrong csrf", ["X-Tasker-CSRF": (csrf.first == "A" ? "B" : "A") + csrf.dropFirst()]) == 403)
        #expect(try create("Evil origin", ["Origin": "http://evil.example"]) == 403)
        #expect(try create("Evil other port", ["Origin": "http://127.0.0.1:\(port == 1 ? 2 : port - 1)"]) == 403)
        #expect(try create("Evil host", ["Host": "evil.example:\(port)"]) == 421)
        #expect(try create("Evil no cookie", ["Cookie": ""]) == 401)
        #expect(try create("Evil wrong cookie", ["Cookie": "tasker_session_\(port)=nope"]) == 401)
        #expect(try create("Evil text", ["Content-Type": "text/plain"]) == 415)
        #expect(try RawHTTP.exchange(port: port, path: "/api/call", headers: ["Cookie": cookie, "X-Tasker-CSRF": csrf, "Content-Type": "application/json"],
                                     body: #"{"tool": "delete_task", "arguments": {"id": 1}}"#).status == 403, "a tool the page does not call")
        #expect(try RawHTTP.exchange(port: port, method: "GET", path: "/", headers: [:]).status == 401, "the page needs the session")
        func approve(_ changes: [String: String]) throws -> Int? {
            var headers = ["Cookie": cookie, "X-Tasker-CSRF": csrf, "Content-Type": "application/json"]
            for (name, value) in changes { headers[name] = value }
            return try RawHTTP.exchange(port: port, path: "/api/approve", headers: headers, body: #"{"id": "\#(approvalID)"}"#).status
        }
        #expect(try approve(["X-Tasker-CSRF": ""]) == 403)
        #expect(try approve(["Origin": "http://evil.example"]) == 403)
        #expect(try approve(["Cookie": ""]) == 401)
        #expect(try approve(["Host": "localhost.evil.example:\(port)"]) == 421)
        #expect(try tasker(["approvals"]).stdout.contains(approvalID), "still pending after the refused approvals")
        #expect(try titles().isEmpty, "nothing was created by a refused request")
        #expect(try create("Good", [:]) == 200, "the same request with everything right")
        #expect(try titles() == ["Good"])
    }
}
