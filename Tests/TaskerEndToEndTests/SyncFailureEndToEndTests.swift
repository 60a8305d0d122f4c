import Foundation
import Testing
import TaskCore
import TaskerTestSupport

/// The real `tasker` against Radicale behind the fault proxy, which refuses one task's PUT: the sync
/// exits 0 with one warning, `sync --status` and `list_tasks` name the task and why, and the next
/// sync, once the server takes it, sends it and clears the mark.
@Suite struct SyncFailureEndToEndTests {
    @Test func aTaskTheServerRefusesIsMarkedNotSyncedAndTheRestSyncs() throws {
        guard let lab = try BackgroundSyncEndToEndTests().radicale() else { return }
        let control = lab.storage.path("fault.json")
        let (proxy, line) = try CalDAVServer.startPython([FixtureFile.url("caldav/fault_proxy.py").path, String(lab.server.port), control])
        defer {
            kill(proxy.processIdentifier, SIGKILL)
            proxy.waitUntilExit()
            lab.server.stop()
        }
        let device = try BackgroundSyncEndToEndTests.Device(url: "http://127.0.0.1:\(line)/user/tasks/", interval: 0)
        #expect(try device.run(["add", "Alpha"]).status == 0)
        #expect(try device.run(["add", "Beta"]).status == 0)
        try #"{"status": 400, "methods": ["PUT"], "body": "SUMMARY:Beta"}"#.write(toFile: control, atomically: true, encoding: .utf8)

        let sync = try device.run(["sync"])
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(sync.stdout.contains("synced: 1 sent, 0 received, 1 warning"), "\(sync.stdout)")
        #expect(sync.stdout.contains("warning: not synced 'Beta': the server refused it (HTTP 400: injected fault); it is sent again next sync"))
        let status = try device.run(["sync", "--status"])
        #expect(status.stdout.contains("; 1 task not synced\n"), "\(status.stdout)")
        #expect(status.stdout.contains("not synced: 'Beta': the server refused it (HTTP 400: injected fault)"))
        var listed = try JSONValue.parse(try device.run(["call", "list_tasks"]).stdout)["tasks"]?.arrayValue ?? []
        #expect(listed.first { $0["title"] == "Beta" }?["sync_error"] == "the server refused it (HTTP 400: injected fault); it is sent again next sync")
        #expect(listed.first { $0["title"] == "Alpha" }?["sync_error"] == nil)
        #expect(listed.count == 2)

        try FileManager.default.removeItem(atPath: control)
        let again = try device.run(["sync"])
        #expect(again.stdout.contains("synced: 1 sent, 0 received\n"), "\(again.stdout)")
        #expect(!(try device.run(["sync", "--status"]).stdout.contains("not synced")))
        listed = try JSONValue.parse(try device.run(["call", "list_tasks"]).stdout)["tasks"]?.arrayValue ?? []
        #expect(listed.allSatisfy { $0["sync_error"] == nil })
    }
}
