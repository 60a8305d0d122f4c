import Foundation
import Testing
import TaskCore
import TaskerTestSupport

/// `tasker remind` against a notification server on a private session bus (python-dbusmock's
/// notification_daemon): due and early reminders once with the right text, a completion from
/// `tasker call` closes the notification, "Done" completes the task, two watchers deliver once.
@Suite(.serialized) struct RemindEndToEndTests {
    let directory = TemporaryDirectory("remind-e2e")

    func bus() throws -> PrivateSessionBus? {
        if let missing = PrivateSessionBus.missing {
            print("⚠️ SKIPPED RemindEndToEndTests: \(missing); run scripts/setup")
            return nil
        }
        return try PrivateSessionBus(logPath: directory.path("notifications-\(UUID().uuidString.prefix(8)).log"))
    }

    func env(_ bus: PrivateSessionBus, now: String? = nil) -> [String: String] {
        var e = bus.environment.merging(["XDG_CONFIG_HOME": directory.path("config"), "TZ": "UTC"]) { a, _ in a }
        if let now { e["TASKER_NOW"] = now }
        return e
    }

    /// Starts `tasker remind --watch` in the background.
    func watcher(_ db: String, _ environment: [String: String]) throws -> Process {
        let p = Process()
        p.executableURL = TaskerBinary.url
        p.arguments = ["--db", db, "remind", "--watch"]
        p.environment = ["PATH": "/usr/bin:/bin", "HOME": directory.path].merging(environment) { _, b in b }
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        return p
    }

    func stop(_ processes: Process...) {
        for p in processes where p.isRunning {
            kill(p.processIdentifier, SIGKILL)
            p.waitUntilExit()
        }
    }

    @Test func dueAndEarlyRemindersAreDeliveredOnceWithTheirText() throws {
        guard let bus = try bus() else { return }
        defer { bus.stop() }
        let db = directory.path("once.sqlite")
        _ = try TaskerBinary.run(["--db", db, "call", "create_project", #"{"name": "Home"}"#], environment: env(bus))
        let made = try TaskerBinary.run(["--db", db, "call", "create_task", #"{"title": "Pay rent", "due": "2026-12-02T15:00", "project": "Home"}"#],
                                        environment: env(bus, now: "2026-12-02T09:00"))
        #expect(made.status == 0, "\(made.stderr)")
        for now in ["2026-12-02T14:44", "2026-12-02T14:45", "2026-12-02T14:50", "2026-12-02T15:00", "2026-12-02T15:30"] {
            let r = try TaskerBinary.run(["--db", db, "remind", "--once"], environment: env(bus, now: now))
            #expect(r.status == 0, "\(r.stderr)")
        }
        let notify = bus.calls("Notify")
        #expect(notify.count == 2, "\(bus.logText)")
        #expect(notify.first?.contains(#"Notify "tasker" 0 "" "Pay rent" "Due Today, 3:00 PM (in 15 min) · Home" ["done", "Done", "snooze", "Snooze 10 min"]"#) == true,
                "\(notify)")
        #expect(notify.last?.contains(#"Notify "tasker" 1 "" "Pay rent" "Due Today, 3:00 PM · Home""#) == true, "the due reminder replaces the early one: \(notify)")
    }

    @Test func completingFromTaskerCallClosesTheNotification() throws {
        guard let bus = try bus() else { return }
        defer { bus.stop() }
        let db = directory.path("close.sqlite")
        let e = env(bus, now: "2026-12-02T15:00")
        _ = try TaskerBinary.run(["--db", db, "call", "create_task", #"{"title": "Call mom", "due": "2026-12-02T15:00"}"#], environment: e)
        _ = try TaskerBinary.run(["--db", db, "call", "create_task", #"{"title": "Water plants", "due": "2026-12-02T15:00"}"#], environment: e)
        let watch = try watcher(db, e)
        defer { stop(watch) }
        #expect(waitFor(timeout: 15) { bus.calls("Notify").count == 2 }, "\(bus.logText)")
        let done = try TaskerBinary.run(["--db", db, "call", "complete_task", #"{"title": "call mom"}"#], environment: e)
        #expect(done.status == 0)
        let callMomID = bus.calls("Notify").firstIndex { $0.contains(#""Call mom""#) }.map { $0 + 1 } ?? 0
        #expect(waitFor(timeout: 10) { bus.calls("CloseNotification").contains { $0.hasSuffix("CloseNotification \(callMomID)") } }, "\(bus.logText)")
        let moved = try TaskerBinary.run(["--db", db, "call", "reschedule_task", #"{"title": "water plants", "due": "2026-12-03T10:00"}"#], environment: e)
        #expect(moved.status == 0)
        #expect(waitFor(timeout: 10) { bus.calls("CloseNotification").count == 2 }, "rescheduling closes too: \(bus.logText)")
    }

    @Test func clickingDoneCompletesTheTask() throws {
        guard let bus = try bus() else { return }
        defer { bus.stop() }
        let db = directory.path("done.sqlite")
        let e = env(bus, now: "2026-12-02T15:00")
        _ = try TaskerBinary.run(["--db", db, "call", "create_task", #"{"title": "Pay rent", "due": "2026-12-02T15:00"}"#], environment: e)
        let watch = try watcher(db, e)
        defer { stop(watch) }
        #expect(waitFor(timeout: 15) { bus.calls("Notify").count == 1 }, "\(bus.logText)")
        try bus.emit("ActionInvoked", signature: "us", arguments: "[<uint32 1>, <'done'>]")
        #expect(waitFor(timeout: 10) {
            (try? TaskerBinary.run(["--db", db, "call", "list_tasks", #"{"filter": "all"}"#], environment: e).stdout.contains(#""status":"done""#)) == true
        })
        #expect(waitFor(timeout: 10) { bus.calls("CloseNotification").count == 1 }, "\(bus.logText)")
    }

    /// An agent's request appears with Approve and Reject while the watcher runs; pressing Approve runs
    /// it (the agent's approval_status turns executed), pressing Reject on the next refuses it.
    @Test func anAgentsRequestIsDecidedFromTheNotification() throws {
        guard let bus = try bus() else { return }
        defer { bus.stop() }
        let db = directory.path("approvals.sqlite")
        let e = env(bus)
        let key = try TaskerBinary.run(["--db", db, "agent", "add", "helper", "--scopes", "read,write:tasks"], environment: e)
            .stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let watch = try watcher(db, e)
        defer { stop(watch) }
        func ask(_ title: String) throws -> String {
            let lines = [
                #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#,
                #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"create_task","arguments":{"title":"\#(title)"}}}"#,
            ]
            let run = try TaskerBinary.run(["--db", db, "mcp"], stdin: lines.joined(separator: "\n") + "\n",
                                           environment: e.merging(["TASKER_AGENT_KEY": key]) { _, b in b })
            let reply = try JSONValue.parse(String(run.stdout.split(separator: "\n").last ?? ""))
            return reply["result"]?["structuredContent"]?["approval_id"]?.stringValue ?? ""
        }
        let first = try ask("Book the vet")
        #expect(first.hasPrefix("apr_"))
        #expect(waitFor(timeout: 15) { bus.calls("Notify").contains { $0.contains("approve") && $0.contains("Book the vet") } }, "\(bus.logText)")
        let id = bus.calls("Notify").count
        try bus.emit("ActionInvoked", signature: "us", arguments: "[<uint32 \(id)>, <'approve'>]")
        #expect(waitFor(timeout: 10) {
            (try? TaskerBinary.run(["--db", db, "call", "list_tasks", "{}"], environment: e).stdout.contains("Book the vet")) == true
        }, "approved from the notification and run")
        let second = try ask("Sell the car")
        #expect(waitFor(timeout: 15) { bus.calls("Notify").contains { $0.contains("Sell the car") } }, "\(bus.logText)")
        try bus.emit("ActionInvoked", signature: "us", arguments: "[<uint32 \(bus.calls("Notify").count)>, <'reject'>]")
        #expect(waitFor(timeout: 10) {
            (try? TaskerBinary.run(["--db", db, "approvals"], environment: e).stdout.contains(second)) == false
        })
        #expect(try TaskerBinary.run(["--db", db, "call", "list_tasks", "{}"], environment: e).stdout.contains("Sell the car") == false)
        let receipts = try TaskerBinary.run(["--db", db, "receipts"], environment: e).stdout
        #expect(receipts.contains("approved") && receipts.contains("rejected"), "\(receipts)")
    }

    @Test func twoWatchersDeliverEachReminderOnceAtItsTime() throws {
        guard let bus = try bus() else { return }
        defer { bus.stop() }
        let db = directory.path("two.sqlite")
        let e = env(bus)
        let dueAt = Date().addingTimeInterval(8)
        let soon = ISODate.format(dueAt, in: TimeZone(identifier: "UTC")!)
        for title in ["One", "Two", "Three"] {
            let r = try TaskerBinary.run(["--db", db, "call", "create_task", #"{"title": "\#(title)", "due": "\#(soon)", "remind": 0}"#], environment: e)
            #expect(r.status == 0, "\(r.stderr)")
        }
        let a = try watcher(db, e), b = try watcher(db, e)
        defer { stop(a, b) }
        usleep(1_000_000)
        if Date() < dueAt.addingTimeInterval(-1) {
            #expect(bus.calls("Notify").isEmpty, "nothing before the due: \(bus.logText)")
        } else {
            print("⚠️ twoWatchers: the machine was too slow to check that nothing comes before the due")
        }
        #expect(waitFor(timeout: 15) { bus.calls("Notify").count >= 3 }, "\(bus.logText)")
        usleep(1_500_000)
        let notify = bus.calls("Notify")
        #expect(notify.count == 3, "each once: \(notify)")
        #expect(Set(["One", "Two", "Three"].filter { t in notify.contains { $0.contains("\"\(t)\"") } }).count == 3)
    }
}
