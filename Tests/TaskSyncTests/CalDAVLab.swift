import Foundation
import Testing
import TaskCore
import TaskHTTP
import TaskStore
import TaskSync
import TaskerTestSupport

/// A real CalDAV server on 127.0.0.1 (Radicale, or Xandikos; temporary storage, no authentication)
/// behind a fault-injecting proxy, the Python `caldav` library as a third-party client, and Tasker
/// databases as devices.
final class CalDAVLab: @unchecked Sendable {
    let directory = TemporaryDirectory("caldav")
    private var radicale: CalDAVServer?
    private var processes: [Process] = []
    private(set) var radicalePort = 0
    private(set) var proxyPort = 0
    private var thirdParty: (process: Process, input: FileHandle, output: FileHandle)?
    let utc = TimeZone(identifier: "UTC")!

    /// The collection as devices see it (through the proxy).
    var url: String { "http://127.0.0.1:\(proxyPort)/user/tasks/" }
    /// The collection straight on the server (the third-party client's way in).
    var directURL: String { "http://127.0.0.1:\(radicalePort)/user/tasks/" }
    var storage: String { directory.path("storage") }
    var control: String { directory.path("fault.json") }

    /// Whether the venv has Radicale and caldav; tests say loudly when it does not.
    static var isAvailable: Bool { CalDAVServer.isAvailable }

    init(_ kind: CalDAVServer.Kind = .radicale) throws {
        let radicale = try CalDAVServer(storage: storage, kind: kind)
        self.radicale = radicale
        radicalePort = radicale.port
        trace("started \(kind) on \(radicalePort)")
        let (proxy, proxyLine) = try CalDAVServer.startPython([FixtureFile.url("caldav/fault_proxy.py").path, String(radicalePort), control])
        proxyPort = Int(proxyLine) ?? 0
        processes.append(proxy)
        if kind == .radicale { _ = try third("mkcal", [:]) }  // Xandikos starts with the collection
    }

    deinit { stop() }

    func trace(_ text: String) {
        if ProcessInfo.processInfo.environment["TASKER_TRACE_LAB"] != nil { FileHandle.standardError.write(Data((text + "\n").utf8)) }
    }

    func stop() {
        // SIGKILL: children of the test runner inherit its blocked SIGTERM.
        if let t = thirdParty {
            try? t.input.close()
            kill(t.process.processIdentifier, SIGKILL)
            t.process.waitUntilExit()
        }
        thirdParty = nil
        radicale?.stop()
        radicale = nil
        for p in processes where p.isRunning { kill(p.processIdentifier, SIGKILL) }
        for p in processes { p.waitUntilExit() }
        processes = []
    }

    /// Runs one command of the third-party client (Fixtures/caldav/third_party.py) and returns its output lines.
    @discardableResult
    func third(_ command: String, _ arguments: JSONValue) throws -> [String] {
        if thirdParty == nil {
            let process = Process()
            process.executableURL = VenvPython.url
            process.arguments = [FixtureFile.url("caldav/third_party.py").path, directURL, "serve"]
            let input = Pipe(), output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            thirdParty = (process, input.fileHandleForWriting, output.fileHandleForReading)
        }
        guard let t = thirdParty else { return [] }
        let request: JSONValue = [.string(command), arguments]
        try t.input.write(contentsOf: Data((request.encoded() + "\n").utf8))
        var lines: [String] = []
        while true {
            guard let line = CalDAVServer.readLine(t.output) else { throw CalDAVServer.Stopped(what: "third_party.py") }
            if line == "." { break }
            lines.append(line)
        }
        trace("third \(command): \(lines.count) lines")
        return lines
    }

    /// The third party's view: each VTODO as JSON (uid, summary, due line, status, raw), by UID.
    func thirdPartyView() throws -> [String: JSONValue] {
        var out: [String: JSONValue] = [:]
        for line in try third("list", [:]) {
            let value = try JSONValue.parse(line)
            if let uid = value["uid"]?.stringValue { out[uid] = value }
        }
        return out
    }

    /// Makes the proxy misbehave (see fault_proxy.py); nil puts it back to forwarding.
    func fault(_ rule: JSONValue?) throws {
        if let rule {
            try rule.encoded().write(toFile: control, atomically: true, encoding: .utf8)
        } else {
            try? FileManager.default.removeItem(atPath: control)
        }
    }

    /// A device: its own database.
    func device(_ name: String) throws -> TaskStore {
        let store = try TaskStore(path: directory.path(name + ".sqlite"), timeZone: utc)
        try store.bootstrap()
        return store
    }

    func provider(maxAttempts: Int = 3, timeZone: TimeZone? = nil) -> CalDAVSyncProvider {
        CalDAVSyncProvider(url: url, credentials: HTTPCredentials(username: "user", password: "secret-password"), timeZone: timeZone ?? utc,
                           maxAttempts: maxAttempts, timeoutSeconds: 20)
    }

    /// Writes a file straight into Radicale's storage (what no client could upload, Radicale itself checks).
    func plant(_ name: String, _ text: String) throws {
        try text.write(toFile: storage + "/collection-root/user/tasks/" + name, atomically: true, encoding: .utf8)
    }

    /// One HTTP request straight to Radicale.
    @discardableResult
    func raw(_ method: String, _ path: String, body: String? = nil, headers: [String] = []) throws -> HTTPResponse {
        try HTTPClient().perform(
            HTTPRequest(method: method, url: "http://127.0.0.1:\(radicalePort)" + path, headers: headers, body: body.map { Data($0.utf8) },
                        credentials: HTTPCredentials(username: "user", password: "x")),
            limits: HTTPLimits(seconds: 20))
    }
}
