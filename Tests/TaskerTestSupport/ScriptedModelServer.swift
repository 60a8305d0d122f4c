import Foundation
import TaskCore

#if canImport(Glibc)
import Glibc
#endif

/// A scripted OpenAI-compatible HTTP server on 127.0.0.1 for tests.
///
/// It records each request and answers from a queue of replies, one per connection: JSON bodies with
/// any status and headers (after a delay if asked), chunked server-sent events (with delays, or cut short), or a hang. With no
/// reply left it answers 500. The accept thread keeps the server alive until `stop()`.
public final class ScriptedModelServer: @unchecked Sendable {
    /// What the server does with one request.
    public enum Reply: Sendable {
        /// A complete response with a Content-Length, sent `delay` seconds after the request was read;
        /// `headers` are whole lines (`"Retry-After: 2"`).
        case json(status: Int = 200, body: String, headers: [String] = [], delay: Double = 0)
        /// A chunked `text/event-stream`: each piece sent as one chunk after `delay` seconds;
        /// with `cut`, the connection closes without the final chunk (curl error 18).
        case events(pieces: [String], delay: Double = 0, cut: Bool = false)
        /// Reads the request and says nothing for `seconds` (or until `stop()`), then closes.
        case hang(seconds: Double)
    }

    /// One request as the server read it.
    public struct Request: Sendable {
        /// GET, POST, PROPFIND…
        public var method: String
        public var path: String
        /// Header names lowercased.
        public var headers: [String: String]
        public var body: String
        /// The body parsed as JSON, or `.null` when it is not JSON.
        public var json: JSONValue { (try? JSONValue.parse(body)) ?? .null }
    }

    private let lock = NSLock()
    private var replies: [Reply]
    private var recorded: [Request] = []
    private var listener: Int32
    private var stopped = false
    public let port: UInt16

    /// The base URL a client is configured with (`…/v1`).
    public var baseURL: String { "http://127.0.0.1:\(port)/v1" }

    /// The requests received so far, in order.
    public var requests: [Request] { lock.withLock { recorded } }

    /// Listens on a free loopback port and starts answering with `replies`, in order.
    ///
    /// Throws a `POSIXError` when no socket can be bound.
    public init(_ replies: [Reply]) throws {
        self.replies = replies
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard fd >= 0, bound == 0, listen(fd, 16) == 0 else {
            if fd >= 0 { close(fd) }
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        port = UInt16(bigEndian: address.sin_port)
        Thread { [self] in acceptLoop() }.start()
    }

    deinit { stop() }

    /// Closes the port: new connections are refused and hanging replies end.
    public func stop() {
        let fd: Int32 = lock.withLock {
            stopped = true
            defer { listener = -1 }
            return listener
        }
        if fd >= 0 {
            shutdown(fd, Int32(SHUT_RDWR))
            close(fd)
        }
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    private func acceptLoop() {
        while true {
            let fd = lock.withLock { listener }
            guard fd >= 0 else { return }
            let client = accept(fd, nil, nil)
            if client < 0 { return }
            Thread { [self] in serve(client) }.start()
        }
    }

    private func serve(_ fd: Int32) {
        defer { close(fd) }
        guard let request = readRequest(fd) else { return }
        let reply: Reply = lock.withLock {
            recorded.append(request)
            return replies.isEmpty ? .json(status: 500, body: #"{"error":{"message":"no scripted reply left"}}"#) : replies.removeFirst()
        }
        switch reply {
        case .json(let status, let body, let headers, let delay):
            if delay > 0 { Thread.sleep(forTimeInterval: delay) }
            var head = "HTTP/1.1 \(status) Scripted\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n"
            for line in headers { head += line + "\r\n" }
            send(fd, head + "\r\n" + body)
        case .events(let pieces, let delay, let cut):
            send(fd, "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n")
            for piece in pieces {
                if delay > 0 { Thread.sleep(forTimeInterval: delay) }
                let size = String(piece.utf8.count, radix: 16)
                send(fd, "\(size)\r\n\(piece)\r\n")
            }
            if !cut { send(fd, "0\r\n\r\n") }
        case .hang(let seconds):
            let end = Date().addingTimeInterval(seconds)
            while Date() < end, !isStopped { Thread.sleep(forTimeInterval: 0.05) }
        }
    }

    private func readRequest(_ fd: Int32) -> Request? {
        var data = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var headerEnd: Int?
        var contentLength = 0
        while true {
            if let end = headerEnd, data.count >= end + contentLength { break }
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { return nil }
            data.append(contentsOf: buffer[0..<n])
            if headerEnd == nil, let range = findHeaderEnd(data) {
                headerEnd = range
                let head = String(decoding: data[0..<range], as: UTF8.self)
                for line in head.split(separator: "\r\n") where line.lowercased().hasPrefix("content-length:") {
                    contentLength = Int(line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) ?? 0
                }
            }
        }
        guard let end = headerEnd else { return nil }
        let head = String(decoding: data[0..<(end - 4)], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ")
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let body = String(decoding: data[end..<(end + contentLength)], as: UTF8.self)
        return Request(method: requestLine.first.map(String.init) ?? "", path: requestLine.count > 1 ? String(requestLine[1]) : "", headers: headers, body: body)
    }

    private func findHeaderEnd(_ data: [UInt8]) -> Int? {
        guard data.count >= 4 else { return nil }
        for i in 0...(data.count - 4) where data[i] == 13 && data[i + 1] == 10 && data[i + 2] == 13 && data[i + 3] == 10 {
            return i + 4
        }
        return nil
    }

    private func send(_ fd: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return }
            offset += n
        }
    }
}
