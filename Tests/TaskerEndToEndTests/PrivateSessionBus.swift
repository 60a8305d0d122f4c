import Foundation

/// A D-Bus session bus of the test's own (`dbus-daemon --session`) with python-dbusmock's
/// `notification_daemon` template on it, logging every call to a file; stopped by `stop()`.
/// nil (with the reason in `missing`) when dbus-daemon or python3-dbusmock is not installed.
final class PrivateSessionBus {
    static let python = "/usr/bin/python3"

    /// Why the bus cannot run here, or nil when it can.
    static var missing: String? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon") else { return "dbus-daemon is not installed (apt: dbus)" }
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: python)
        probe.arguments = ["-c", "import dbusmock"]
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return "\(python) is missing" }
        probe.waitUntilExit()
        return probe.terminationStatus == 0 ? nil : "python3-dbusmock is not installed (apt: python3-dbusmock)"
    }

    let address: String
    let log: String
    private let daemon: Process
    private let mock: Process

    init(logPath: String) throws {
        daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        daemon.arguments = ["--session", "--nofork", "--print-address=1"]
        let out = Pipe()
        daemon.standardOutput = out
        daemon.standardError = FileHandle.nullDevice
        try daemon.run()
        var text = Data()
        while !text.contains(UInt8(ascii: "\n")) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text.append(chunk)
        }
        address = String(decoding: text, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        log = logPath
        mock = Process()
        mock.executableURL = URL(fileURLWithPath: Self.python)
        mock.arguments = ["-m", "dbusmock", "--session", "--template", "notification_daemon", "-l", logPath]
        mock.environment = ["DBUS_SESSION_BUS_ADDRESS": address, "PATH": "/usr/bin:/bin"]
        mock.standardOutput = FileHandle.nullDevice
        mock.standardError = FileHandle.nullDevice
        try mock.run()
        guard waitFor(timeout: 20, { self.answers() }) else {
            stop()
            throw BusError.mockDidNotStart(address)
        }
    }

    enum BusError: Error { case mockDidNotStart(String) }

    /// Whether the notification server is on the bus yet (`gdbus introspect` succeeds).
    private func answers() -> Bool {
        let gdbus = Process()
        gdbus.executableURL = URL(fileURLWithPath: "/usr/bin/gdbus")
        gdbus.arguments = ["introspect", "--session", "--dest", "org.freedesktop.Notifications", "--object-path", "/org/freedesktop/Notifications"]
        gdbus.environment = environment
        gdbus.standardOutput = FileHandle.nullDevice
        gdbus.standardError = FileHandle.nullDevice
        guard (try? gdbus.run()) != nil else { return false }
        gdbus.waitUntilExit()
        return gdbus.terminationStatus == 0
    }

    var environment: [String: String] { ["DBUS_SESSION_BUS_ADDRESS": address] }

    var logText: String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }

    /// The log's lines for one method (`Notify`, `CloseNotification`).
    func calls(_ member: String) -> [String] {
        logText.split(separator: "\n").map(String.init).filter { $0.split(separator: " ").dropFirst().first == Substring(member) }
    }

    /// Emits a signal from the mock server, as a desktop does when a button is clicked.
    func emit(_ member: String, signature: String, arguments: String) throws {
        let gdbus = Process()
        gdbus.executableURL = URL(fileURLWithPath: "/usr/bin/gdbus")
        gdbus.arguments = ["call", "--session", "--dest", "org.freedesktop.Notifications", "--object-path", "/org/freedesktop/Notifications",
                           "--method", "org.freedesktop.DBus.Mock.EmitSignal", "org.freedesktop.Notifications", member, signature, arguments]
        gdbus.environment = environment
        gdbus.standardOutput = FileHandle.nullDevice
        try gdbus.run()
        gdbus.waitUntilExit()
    }

    func stop() {
        for p in [mock, daemon] where p.isRunning {
            kill(p.processIdentifier, SIGKILL)
            p.waitUntilExit()
        }
    }

    deinit { stop() }
}

/// Polls `condition` every 50 ms until it holds or `timeout` seconds pass.
func waitFor(timeout: TimeInterval, _ condition: () -> Bool) -> Bool {
    let end = Date().addingTimeInterval(timeout)
    while Date() < end {
        if condition() { return true }
        usleep(50_000)
    }
    return condition()
}
