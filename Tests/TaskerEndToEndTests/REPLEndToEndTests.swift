import Foundation
import Testing
import TaskerTestSupport

/// The chat REPL through a pseudo-terminal: the real binary, libedit, the real database.
@Suite struct REPLEndToEndTests {
    /// Wednesday 2 December 2026, 10:30 in London, for every run.
    static let now = "2026-12-02T10:30:00+00:00"

    /// A temp folder with a database path and XDG folders for history.
    struct Sandbox {
        let dir = TemporaryDirectory("repl")
        var db: String { dir.path("tasks.sqlite") }
        var environment: [String: String] {
            ["XDG_STATE_HOME": dir.path("state"), "XDG_CONFIG_HOME": dir.path("config"),
             "XDG_DATA_HOME": dir.path("data"), "TASKER_NOW": REPLEndToEndTests.now, "NO_COLOR": "1"]
        }

        init() throws {}

        func repl(_ extra: [String] = []) throws -> PseudoTerminal {
            let terminal = try PseudoTerminal(["--db", db] + extra, environment: environment)
            try terminal.waitFor("tasker> ")
            return terminal
        }

        /// Runs `tasker call TOOL JSON` on the same database and returns the parsed output text.
        func call(_ tool: String, _ json: String) throws -> String {
            let result = try TaskerBinary.run(["--db", db, "call", tool, json], environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout
        }

        func create(_ titles: [String]) throws {
            for title in titles { _ = try call("create_task", title) }
        }
    }

    @Test func offlineCaptureShowsChipsAndSavesOnEnter() throws {
        let box = try Sandbox()
        let t = try box.repl()
        t.line("call mom tomorrow 5pm #family")
        let preview = try t.waitFor("Save?")
        #expect(preview.contains("Call mom"))
        #expect(preview.contains("[#family]"))
        #expect(preview.contains("[Tomorrow, 5:00 PM]"))
        t.send("\r")
        try t.waitFor("✓ Saved")
        try t.waitFor("tasker> ")
        t.send("\u{4}")
        #expect(try t.waitForExit() == 0)
        let stored = try box.call("list_tasks", #"{"filter": "all", "fields": ["all"]}"#)
        #expect(stored.contains("\"title\":\"Call mom\""))
        #expect(stored.contains("\"family\""))
        #expect(stored.contains("2026-12-03T17:00:00+00:00"))
    }

    @Test func declinedAndEditedCaptures() throws {
        let box = try Sandbox()
        let t = try box.repl()
        t.line("buy milk")
        try t.waitFor("Save?")
        t.line("n")
        try t.waitFor("Dropped")
        t.line("buy bread")
        try t.waitFor("Save?")
        t.line("e")
        try t.waitFor("buy bread")           // the line comes back, editable
        t.send("\u{8}\u{8}\u{8}\u{8}\u{8}eggs\r")   // backspace "bread", type "eggs"
        try t.waitFor("Save?")
        t.send("\r")
        try t.waitFor("✓ Saved")
        t.line("/quit")
        _ = try t.waitForExit()
        let stored = try box.call("list_tasks", #"{"filter": "all", "fields": ["all"]}"#)
        #expect(stored.contains("Buy eggs"))
        #expect(!stored.contains("milk"))
        #expect(!stored.contains("bread"))
    }

    @Test func planMyDay() throws {
        let box = try Sandbox()
        try box.create([#"{"title": "Write report", "estimate_minutes": 90, "energy": "focused", "due": "2026-12-02T17:00"}"#,
                        #"{"title": "Email Bob", "estimate_minutes": 15}"#])
        let t = try box.repl()
        t.line("plan my day, 3 hours, focused")
        let plan = try t.waitFor("Total")
        #expect(plan.contains("Write report"))
        #expect(plan.contains("90 min"))
        try t.waitFor("of 3 h")
        try t.waitFor("tasker> ")
        t.send("\u{4}")
        _ = try t.waitForExit()
    }

    @Test func doneMoveDeferAndUndo() throws {
        let box = try Sandbox()
        try box.create([#"{"title": "Call mom"}"#, #"{"title": "Dentist"}"#, #"{"title": "Taxes"}"#])
        let t = try box.repl()
        t.line("done call mom")
        try t.waitFor("✓ Done: Call mom")
        t.line("move dentist to friday 3pm")
        try t.waitFor("✓ Moved 'Dentist' to Fri 4 Dec 3:00 PM")
        t.line("defer taxes to monday")
        try t.waitFor("✓ Deferred 'Taxes' until Mon 7 Dec")
        t.line("/undo")
        try t.waitFor("Restored the defer date of 'Taxes'")
        t.line("/quit")
        _ = try t.waitForExit()
        let all = try box.call("list_tasks", #"{"filter": "all", "fields": ["all"]}"#)
        #expect(all.contains("2026-12-04T15:00:00+00:00"))
        #expect(!all.contains("2026-12-07"), "the defer was undone")
        let open = try box.call("list_tasks", #"{"filter": "open", "fields": ["all"]}"#)
        #expect(!open.contains("Call mom"))
    }

    @Test func historyAcrossTwoRuns() throws {
        let box = try Sandbox()
        let first = try box.repl()
        first.line("what's due today")
        try first.waitFor("tasker> ")
        first.line("/key")
        try first.waitFor("tasker> ")
        first.send("\u{4}")
        _ = try first.waitForExit()
        let historyFile = box.dir.path("state/tasker/history")
        let attributes = try FileManager.default.attributesOfItem(atPath: historyFile)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let saved = try String(contentsOfFile: historyFile, encoding: .utf8)
        #expect(!saved.contains("/key"), "key commands are never kept")

        let second = try box.repl()
        second.send("\u{1B}[A")
        try second.waitFor("what")
        second.send("\r")
        try second.waitFor("Nothing due today")
        try second.waitFor("tasker> ")
        second.send("\u{4}")
        _ = try second.waitForExit()
    }

    @Test func tabCompletesCommands() throws {
        let box = try Sandbox()
        let t = try box.repl()
        t.send("/he\t")
        try t.waitFor("/help")
        t.send("\r")
        try t.waitFor("Commands:")
        try t.waitFor("tasker> ")
        t.send("/confirm n\t\r")
        try t.waitFor("confirm: never")
        try t.waitFor("tasker> ")
        t.send("\u{4}")
        _ = try t.waitForExit()
    }

    @Test func ctrlCDropsTheLine() throws {
        let box = try Sandbox()
        let t = try box.repl()
        t.send("buy milk")
        try t.waitFor("buy milk")
        t.send("\u{3}")
        try t.waitFor("tasker> ")
        t.line("/quit")
        #expect(try t.waitForExit() == 0)
        #expect(!(try box.call("list_tasks", #"{"filter": "all", "fields": ["all"]}"#)).contains("milk"))
    }

    @Test func pipedLinesHaveNoPromptsOrEscapes() throws {
        let box = try Sandbox()
        var env = box.environment
        env["NO_COLOR"] = nil
        let result = try TaskerBinary.run(["--db", box.db], stdin: "call mom tomorrow 5pm\nwhat's due today\n/quit\n", environment: env)
        #expect(result.status == 0)
        #expect(!result.stdout.contains("\u{1B}"))
        #expect(!result.stdout.contains("tasker>"))
        #expect(result.stdout.contains("✓ Saved"))
        // The session closed the database on the way out (SQLite folds the WAL back in and removes it).
        #expect(!FileManager.default.fileExists(atPath: box.db + "-wal"))
        #expect((try box.call("list_tasks", #"{"fields": ["all"]}"#)).contains("Call mom"))
    }
}
