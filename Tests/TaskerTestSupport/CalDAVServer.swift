import Foundation

/// A real CalDAV server on 127.0.0.1 with a temporary storage folder and no authentication —
/// Radicale (`Fixtures/caldav/radicale_server.py`) or Xandikos (`xandikos_server.py`, which makes the
/// task collection itself) — started for a test and killed by `stop()` or when released.
public final class CalDAVServer: @unchecked Sendable {
    /// Which server: both take the same collection URL, `/user/tasks/`.
    public enum Kind: String, CaseIterable, Sendable, CustomStringConvertible {
        case radicale, xandikos
        public var description: String { rawValue }
    }

    public let port: Int
    public let kind: Kind
    private let process: Process
    private let pid: Int32?
    private var stopped = false

    /// Whether the venv has Radicale and caldav; tests say loudly when it does not.
    public static var isAvailable: Bool { isAvailable(.radicale) }

    /// Whether the venv has this server and caldav.
    public static func isAvailable(_ kind: Kind) -> Bool {
        VenvPython.isInstalled && ((try? VenvPython.run(["-c", "import \(kind.rawValue), caldav"]).status) == 0)
    }

    /// The task collection tests use (`make` creates it on Radicale; Xandikos starts with it).
    public var collectionURL: String { "http://127.0.0.1:\(port)/user/tasks/" }

    /// Starts the server on a free port with its storage in `storage`.
    public init(storage: String, kind: Kind = .radicale) throws {
        self.kind = kind
        let (process, line) = try Self.startPython([FixtureFile.url("caldav/\(kind.rawValue)_server.py").path, storage])
        let parts = line.split(separator: " ")
        self.process = process
        port = Int(parts.first ?? "") ?? 0
        pid = parts.count > 1 ? Int32(parts[1]) : nil
    }

    deinit { stop() }

    /// Makes the VTODO calendar at `url` (default `collectionURL`, which Xandikos already has) with the third-party client.
    public func makeTaskCalendar(_ url: String? = nil) throws {
        if kind == .xandikos && url == nil { return }
        let result = try VenvPython.run([FixtureFile.url("caldav/third_party.py").path, url ?? collectionURL, "mkcal"])
        guard result.status == 0 else { throw Stopped(what: "third_party.py mkcal") }
    }

    /// Kills the server (SIGKILL: children of the test runner inherit its blocked SIGTERM).
    public func stop() {
        guard !stopped else { return }
        stopped = true
        if let pid { kill(pid, SIGKILL) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// Starts the venv's Python on a fixture script that prints one line when it is ready (its port),
    /// and returns the process and that line.
    public static func startPython(_ arguments: [String]) throws -> (Process, String) {
        let process = Process()
        process.executableURL = VenvPython.url
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        guard let line = readLine(out.fileHandleForReading) else { throw Stopped(what: arguments[0]) }
        return (process, line)
    }

    /// One line; nil at the end of the stream (the process is gone).
    public static func readLine(_ handle: FileHandle) -> String? {
        var line = Data()
        while true {
            guard let byte = try? handle.read(upToCount: 1), !byte.isEmpty else { return line.isEmpty ? nil : String(decoding: line, as: UTF8.self) }
            if byte == Data("\n".utf8) { return String(decoding: line, as: UTF8.self) }
            line += byte
        }
    }

    public struct Stopped: Error, CustomStringConvertible {
        public var what: String
        public init(what: String) { self.what = what }
        public var description: String { "\(what) stopped early" }
    }
}
