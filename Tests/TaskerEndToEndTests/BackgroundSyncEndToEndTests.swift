import Foundation
import Testing
import TaskerTestSupport

/// The chat and `tasker mcp` (stdio and HTTP) sync in the background with a real Radicale: a task
/// another device sends appears after the interval; a server that is down gives a status line, never
/// an error exit.
@Suite struct BackgroundSyncEndToEndTests {
    /// One device: a database and a config folder whose config.json points sync at `url`.
    struct Device {
        let dir = TemporaryDirectory("bgsync")
        let url: String
        let interval: Double
        var db: String { dir.path("tasks.sqlite") }
        var environment: [String: String] {
            ["XDG_STATE_HOME": dir.path("state"), "XDG_CONFIG_HOME": dir.path("config"), "XDG_DATA_HOME": dir.path("data"), "NO_COLOR": "1"]
        }

        init(url: String, interval: Double) throws {
            self.url = url
            self.interval = interval
            let config = """
                {"sync": {"url": "\(url)", "username": "user", "password_command": ["printf", "secret-password"], "interval_seconds": \(interval)}}
                """
            try config.write(toFile: dir.folder("config/tasker") + "/config.json", atomically: true, encoding: .utf8)
        }

        func run(_ arguments: [String]) throws -> TaskerBinary.Result {
            try TaskerBinary.run(["--db", db] + arguments, environment: environment)
        }

        /// Adds a task and syncs it to the server.
        func send(_ title: String) throws {
            #expect(try run(["add", title]).status == 0)
            let sync = try run(["sync"])
            #expect(sync.status == 0, "\(sync.stderr)")
            #expect(sync.stdout.contains("1 sent"), "\(sync.stdout)")
        }
    }

    /// Radicale with its storage folder (kept as long as the lab is).
    struct Lab {
        let storage: TemporaryDirectory
        let server: CalDAVServer
    }

    func radicale() throws -> Lab? {
        guard CalDAVServer.isAvailable else {
            Issue.record("SKIPPED: .venv has no radicale/caldav; run scripts/setup --with-python")
            return nil
        }
        let dir = TemporaryDirectory("radicale")
        let server = try CalDAVServer(storage: dir.path("storage"))
        try server.makeTaskCalendar()
        return Lab(storage: dir, server: server)
    }

    /// Nothing listens on port 1: a CalDAV server that is down.
    static let downURL = "http://127.0.0.1:1/user/tasks/"

    /// Presses Enter (the chat shows background news before each prompt) until `text` appears.
    func pressEnter(_ terminal: PseudoTerminal, until text: String, seconds: Double = 40) throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            terminal.line("")
            do {
                return try terminal.waitFor(text, timeout: 1)
            } catch let timeout as PseudoTerminal.Timeout {
                if Date() > deadline { throw timeout }
            }
        }
    }

    @Test func aTaskFromAnotherDeviceAppearsInARunningChat() throws {
        guard let lab = try radicale() else { return }
        let server = lab.server
        defer { server.stop(); _ = lab.storage }
        let here = try Device(url: server.collectionURL, interval: 1)
        let other = try Device(url: server.collectionURL, interval: 0)
        let chat = try PseudoTerminal(["--db", here.db], environment: here.environment)
        try chat.waitFor("tasker> ")
        try other.send("Buy oat milk")
        _ = try pressEnter(chat, until: "synced: 0 sent, 1 received")
        chat.line("done buy oat milk")
        try chat.waitFor("Buy oat milk")
        try chat.waitFor("tasker> ")
        chat.line("/quit")
        #expect(try chat.waitForExit() == 0)
        let all = try here.run(["call", "list_tasks", #"{"filter": "all"}"#])
        #expect(all.stdout.contains("Buy oat milk"), "\(all.stdout)")
        let open = try here.run(["call", "list_tasks", "{}"])
        #expect(!open.stdout.contains("Buy oat milk"), "completed in the chat: \(open.stdout)")
    }

    @Test func aServerThatIsDownIsAStatusLineInTheChatNotAnExit() throws {
        let here = try Device(url: Self.downURL, interval: 1)
        let chat = try PseudoTerminal(["--db", here.db], environment: here.environment)
        try chat.waitFor("tasker> ")
        let screen = try pressEnter(chat, until: "sync failing · tasker> ")
        #expect(screen.contains("sync failed: the CalDAV server at http://127.0.0.1:"))
        #expect(!screen.contains("secret-password"))
        #expect(!screen.contains("unknown key"), "config.json's sync section is not taken for a model setting")
        chat.line("call the plumber tomorrow")
        try chat.waitFor("Save?")
        chat.line("")
        try chat.waitFor("tasker> ")
        chat.line("/quit")
        #expect(try chat.waitForExit() == 0)
        let status = try here.run(["sync", "--status"])
        #expect(status.status == 0)
        #expect(status.stdout.contains("last sync failed at 20"), "\(status.stdout)")
        #expect(status.stdout.contains("is not reachable"), "\(status.stdout)")
    }

    @Test func aTaskFromAnotherDeviceReachesARunningMCPServerOverStdio() throws {
        guard let lab = try radicale() else { return }
        let server = lab.server
        defer { server.stop(); _ = lab.storage }
        let here = try Device(url: server.collectionURL, interval: 1)
        let other = try Device(url: server.collectionURL, interval: 0)
        let mcp = try MCPProcess(["mcp", "--db", here.db], environment: here.environment)
        #expect(mcp.request(MCPEndToEndTests.initialize)?["result"] != nil)
        mcp.send(MCPEndToEndTests.initialized)
        try other.send("Renew the passport")
        var found = false
        let deadline = Date().addingTimeInterval(40)
        var id = 1
        while !found && Date() < deadline {
            id += 1
            let started = Date()
            let reply = mcp.request(#"{"jsonrpc":"2.0","id":\#(id),"method":"tools/call","params":{"name":"list_tasks","arguments":{}}}"#)
            #expect(Date().timeIntervalSince(started) < 5, "a request never waits for a sync")
            found = "\(reply ?? [:])".contains("Renew the passport")
            if !found { usleep(300_000) }
        }
        #expect(found, "the task synced in the background appears in list_tasks")
        mcp.closeInput()
        #expect(mcp.waitForExit(timeout: 10) == 0)
        #expect(mcp.stderr.contains("tasker mcp: synced: 0 sent, 1 received"), "\(mcp.stderr)")
    }

    @Test func aServerThatIsDownIsLoggedByTheMCPServerWhichKeepsAnswering() throws {
        let here = try Device(url: Self.downURL, interval: 0.5)
        let mcp = try MCPProcess(["mcp", "--db", here.db], environment: here.environment)
        #expect(mcp.request(MCPEndToEndTests.initialize)?["result"] != nil)
        mcp.send(MCPEndToEndTests.initialized)
        usleep(1_500_000)
        let reply = mcp.request(#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"create_task","arguments":{"title":"Water the plants"}}}"#)
        #expect("\(reply ?? [:])".contains("Water the plants"))
        mcp.closeInput()
        #expect(mcp.waitForExit(timeout: 10) == 0)
        let failures = mcp.stderr.components(separatedBy: "\n").filter { $0.hasPrefix("tasker mcp: sync failed: the CalDAV server at http://127.0.0.1:") }
        #expect(failures.count == 1, "said once, not at every attempt: \(mcp.stderr)")
        #expect(!mcp.stderr.contains("secret-password"))
    }

    @Test func aTaskFromAnotherDeviceReachesARunningMCPServerOverHTTP() throws {
        guard let lab = try radicale() else { return }
        let server = lab.server
        defer { server.stop(); _ = lab.storage }
        let here = try Device(url: server.collectionURL, interval: 1)
        let other = try Device(url: server.collectionURL, interval: 0)
        let http = try HTTPServerProcess(database: here.db, environment: here.environment)
        try other.send("Book the dentist")
        let deadline = Date().addingTimeInterval(40)
        while !http.stderr.contains("tasker mcp: synced: 0 sent, 1 received") && Date() < deadline { usleep(100_000) }
        #expect(http.stderr.contains("tasker mcp: synced: 0 sent, 1 received"), "\(http.stderr)")
        let list = try here.run(["call", "list_tasks", "{}"])
        #expect(list.stdout.contains("Book the dentist"), "\(list.stdout)")
    }
}
