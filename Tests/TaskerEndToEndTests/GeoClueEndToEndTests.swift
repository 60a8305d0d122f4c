import Foundation
import Testing
import TaskCore
import TaskerTestSupport

/// `tasker remind --watch` with the real GeoClue 2 daemon on the test's own bus (as the system bus),
/// fed NMEA sentences over `--nmea-socket` by `Fixtures/geoclue/nmea_feed.py`, GeoClue's demo agent
/// answering for the user, and python-dbusmock's notification server: walking into a place with
/// 5 m noise reminds once, leaving and coming back reminds again. Without GeoClue, `remind --watch`
/// says in one line that location reminders are off and keeps the time reminders.
@Suite(.serialized) struct GeoClueEndToEndTests {
    static let geoclue = "/usr/libexec/geoclue"
    static let agent = "/usr/libexec/geoclue-2.0/demos/agent"
    let directory = TemporaryDirectory("geoclue-e2e")
    let center = GeoPoint(latitude: 52.52, longitude: 13.405)

    static var missing: String? {
        if let missing = PrivateSessionBus.missing { return missing }
        for path in [geoclue, agent] where !FileManager.default.isExecutableFile(atPath: path) {
            return "\(path) is not installed (apt: geoclue-2.0)"
        }
        return nil
    }

    func start(_ path: String, _ arguments: [String], _ environment: [String: String], log: String) throws -> Process {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = arguments
        p.environment = ["PATH": "/usr/bin:/bin", "HOME": directory.path].merging(environment) { _, b in b }
        #expect(FileManager.default.createFile(atPath: log, contents: nil))
        let handle = FileHandle(forWritingAtPath: log)
        p.standardOutput = handle
        p.standardError = handle
        try p.run()
        return p
    }

    func stop(_ processes: [Process]) {
        for p in processes where p.isRunning {
            kill(p.processIdentifier, SIGKILL)
            p.waitUntilExit()
        }
    }

    /// Puts the fed position `metres` from the place's centre, with `jitter` metres of noise.
    func walk(to metres: Double, jitter: Double = 5) throws {
        let p = center.moved(metres: metres, bearing: 90)
        try "\(p.latitude) \(p.longitude) \(jitter)\n".write(toFile: directory.path("control"), atomically: true, encoding: .utf8)
    }

    func sqlite(_ db: String, _ sql: String) -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        p.arguments = [db, sql]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        guard (try? p.run()) != nil else { return "" }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func anArriveReminderFiresOncePerVisitFromTheRealDaemon() throws {
        if let missing = Self.missing {
            print("⚠️ SKIPPED GeoClueEndToEndTests: \(missing); run scripts/setup")
            return
        }
        let bus = try PrivateSessionBus(logPath: directory.path("notifications.log"))
        defer { bus.stop() }
        let system = ["DBUS_SESSION_BUS_ADDRESS": bus.address, "DBUS_SYSTEM_BUS_ADDRESS": bus.address]
        try walk(to: 400)
        let socket = directory.path("nmea.sock")
        let feed = try start(PrivateSessionBus.python, [FixtureFile.url("geoclue/nmea_feed.py").path, socket, directory.path("control")],
                             [:], log: directory.path("feed.log"))
        #expect(waitFor(timeout: 10) { FileManager.default.fileExists(atPath: socket) })
        let daemon = try start(Self.geoclue, ["--nmea-socket", socket, "-t", "0"], system, log: directory.path("geoclue.log"))
        let agent = try start(Self.agent, [], system, log: directory.path("agent.log"))
        var processes = [feed, daemon, agent]
        defer { stop(processes) }

        let db = directory.path("geo.sqlite")
        let config = directory.path("config")
        try FileManager.default.createDirectory(atPath: config + "/tasker", withIntermediateDirectories: true)
        try #"{"place_dwell_seconds": 2}"#.write(toFile: config + "/tasker/config.json", atomically: true, encoding: .utf8)
        let env = system.merging(["XDG_CONFIG_HOME": config, "TZ": "UTC"]) { a, _ in a }
        let place = try TaskerBinary.run(["--db", db, "call", "create_place",
                                          #"{"name": "Supermarket", "latitude": 52.52, "longitude": 13.405, "radius_m": 100}"#], environment: env)
        #expect(place.status == 0, "\(place.stderr)")
        _ = try TaskerBinary.run(["--db", db, "call", "create_task", #"{"title": "Buy milk", "place": "supermarket"}"#], environment: env)

        let watch = try start(TaskerBinary.url.path, ["--db", db, "remind", "--watch"], env, log: directory.path("watch.log"))
        processes.append(watch)
        let diagnostics = { "watch: \((try? String(contentsOfFile: directory.path("watch.log"), encoding: .utf8)) ?? "")\n"
            + "geoclue: \((try? String(contentsOfFile: directory.path("geoclue.log"), encoding: .utf8))?.suffix(1500) ?? "")\n"
            + "fences: \(sqlite(db, "SELECT side, visit FROM place_fences"))\nnotifications: \(bus.logText)" }
        // Outside: GeoClue reports, the fence settles outside, nothing is shown.
        #expect(waitFor(timeout: 30) { sqlite(db, "SELECT side FROM place_fences") == "outside" }, "\(diagnostics())")
        #expect(bus.calls("Notify").isEmpty)

        // Into the fence, 90 m from the centre with 5 m of noise: one reminder, however long we stay.
        try walk(to: 90)
        #expect(waitFor(timeout: 30) { bus.calls("Notify").count == 1 }, "\(diagnostics())")
        #expect(bus.calls("Notify").first?.contains(#""Buy milk" "Arriving at Supermarket" ["done", "Done", "snooze", "Next visit"]"#) == true,
                "\(bus.calls("Notify"))")
        Thread.sleep(forTimeInterval: 6)
        #expect(bus.calls("Notify").count == 1, "jitter inside the fence reminds once: \(diagnostics())")

        // Away and back: the next visit reminds again.
        try walk(to: 400)
        #expect(waitFor(timeout: 30) { sqlite(db, "SELECT side, visit FROM place_fences") == "outside|1" }, "\(diagnostics())")
        try walk(to: 40)
        #expect(waitFor(timeout: 30) { bus.calls("Notify").count == 2 }, "\(diagnostics())")
        #expect(sqlite(db, "SELECT count(*) FROM delivered_reminders WHERE key LIKE 'place:%'") == "2")
    }

    @Test func withoutGeoClueLocationRemindersAreOffInOneLineAndTimeRemindersWork() throws {
        guard PrivateSessionBus.missing == nil else {
            print("⚠️ SKIPPED GeoClueEndToEndTests (no GeoClue): \(PrivateSessionBus.missing ?? ""); run scripts/setup")
            return
        }
        let bus = try PrivateSessionBus(logPath: directory.path("plain.log"))
        defer { bus.stop() }
        // The system bus is the test's own, where nobody serves GeoClue.
        let env = ["DBUS_SESSION_BUS_ADDRESS": bus.address, "DBUS_SYSTEM_BUS_ADDRESS": bus.address,
                   "XDG_CONFIG_HOME": directory.path("config-plain"), "TZ": "UTC", "TASKER_NOW": "2026-12-02T15:00"]
        let db = directory.path("plain.sqlite")
        _ = try TaskerBinary.run(["--db", db, "call", "create_place", #"{"name": "work", "latitude": 51.5, "longitude": -0.12}"#], environment: env)
        _ = try TaskerBinary.run(["--db", db, "call", "create_task", #"{"title": "Print slides", "place": "work"}"#], environment: env)
        _ = try TaskerBinary.run(["--db", db, "call", "create_task", #"{"title": "Call mom", "due": "2026-12-02T15:00"}"#], environment: env)
        let watch = try start(TaskerBinary.url.path, ["--db", db, "remind", "--watch"], env, log: directory.path("plain-watch.log"))
        defer { stop([watch]) }
        #expect(waitFor(timeout: 20) { bus.calls("Notify").count == 1 }, "\(bus.logText)")
        let log = (try? String(contentsOfFile: directory.path("plain-watch.log"), encoding: .utf8)) ?? ""
        let lines = log.split(separator: "\n").filter { $0.contains("location reminders are off") }
        #expect(lines.count == 1, "\(log)")
        #expect(lines.first?.contains("GeoClue is not running") == true, "\(log)")
        #expect(lines.first?.hasSuffix("time reminders keep working; tasker tries again in 1 min") == true, "\(log)")
    }
}
