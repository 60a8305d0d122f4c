import Foundation
import TaskerTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `tasker mcp --http 127.0.0.1:0` (or another server `command`, such as `web`) as a child process:
/// started, its port read from the `127.0.0.1:PORT/` it prints on stderr, stopped with SIGTERM when released.
final class HTTPServerProcess: @unchecked Sendable {
    let process = Process()
    let errors = Pipe()
    private(set) var port: UInt16 = 0
    private let lock = NSLock()
    private var stderrText = ""

    init(database: String, arguments: [String] = [], environment: [String: String] = [:], directory: String? = nil,
         command: [String] = ["mcp", "--http", "127.0.0.1:0"]) throws {
        process.executableURL = TaskerBinary.url
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.arguments = ["--db", database] + command + arguments
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "TZ": "Europe/London"]
            .merging(environment) { _, new in new }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = Pipe()
        process.standardError = errors
        errors.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let text = String(decoding: handle.availableData, as: UTF8.self)
            self?.lock.withLock { self?.stderrText += text }
        }
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if let range = stderr.range(of: #"127\.0\.0\.1:(\d+)/"#, options: .regularExpression) {
                port = UInt16(stderr[range].dropFirst("127.0.0.1:".count).dropLast(1))!
                return
            }
            usleep(20_000)
        }
        throw HTTPTestError.noPort(stderr)
    }

    var stderr: String { lock.withLock { stderrText } }
    var url: String { "http://127.0.0.1:\(port)/mcp" }

    deinit {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        errors.fileHandleForReading.readabilityHandler = nil
    }
}

enum HTTPTestError: Error { case noPort(String), connect }

/// One raw HTTP/1.1 exchange over a socket: what the server answered, or nil when it closed
/// without answering.
struct RawHTTP {
    static func connect(port: UInt16) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = port.bigEndian
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let rc = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard rc == 0 else {
            close(fd)
            throw HTTPTestError.connect
        }
        return fd
    }

    static func send(_ fd: Int32, _ bytes: [UInt8]) {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return }
            sent += n
        }
    }

    /// Reads until the server closes; the status code (nil if nothing came) and the whole text.
    static func readAll(_ fd: Int32) -> (status: Int?, text: String) {
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            data.append(contentsOf: buffer[0..<n])
        }
        let text = String(decoding: data, as: UTF8.self)
        let status = text.hasPrefix("HTTP/1.1 ") ? Int(text.dropFirst(9).prefix(3)) : nil
        return (status, text)
    }

    /// Sends one request (Connection: close) and returns the status and the text.
    static func exchange(port: UInt16, method: String = "POST", path: String = "/mcp", headers: [String: String], body: String = "") throws
        -> (status: Int?, text: String)
    {
        let fd = try connect(port: port)
        defer { close(fd) }
        var head = "\(method) \(path) HTTP/1.1\r\n"
        var all = ["Host": "127.0.0.1:\(port)", "Connection": "close", "Content-Length": "\(body.utf8.count)"]
        all.merge(headers) { _, new in new }
        for (name, value) in all.sorted(by: { $0.key < $1.key }) where !value.isEmpty { head += "\(name): \(value)\r\n" }
        send(fd, Array((head + "\r\n" + body).utf8))
        return readAll(fd)
    }
}
