import Foundation
import TaskCore

#if canImport(Glibc)
import Glibc
#endif

/// A scripted OpenAI-compatible HTTP server on 127.0.0.1 for tests: records each request and answers
/// from a queue (JSON bodies, chunked server-sent events with delays, hangs, cut connections).
final class ScriptedServer: @unchecked Sendable {
    enum Reply {
        /// A complete response with a Content-Length.
        case json(status: Int = 200, body: String, headers: [String] = [])
        /// A chunked `text/event-stream`: each piece sent as one chunk after `delay` seconds;
        /// with `cut`, the connection closes without the final chunk (curl error 18).
        case events(pieces: [String], delay: Double = 0, cut: Bool = false)
        /// Reads the request and says nothing for `seconds`, then closes.
        case hang(seconds: Double)
    }

    struct Request {
        var path: String
        var headers: [String: String]
        var body: String
        var json: JSONValue { (try? JSONValue.parse(body)) ?? .null }
    }

    private let lock = NSLock()
    private var replies: [Reply]
    private var recorded: [Request] = []
    private var listener: Int32 = -1
    private var stopped = false
    private(set) var port: UInt16 = 0

    var baseURL: String { "http://127.0.0.1:\(port)/v1" }

    var requests: [Request] { lock.withLock { recorded } }

    init(_ replies: [Reply]) throws {
        self.replies = replies
        listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 16) == 0 else { throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    deinit { stop() }

    func stop() {
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
        case .json(let status, let body, let headers):
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
        return Request(path: requestLine.count > 1 ? String(requestLine[1]) : "", headers: headers, body: body)
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

/// Test helpers: fixtures, SSE framing, chat completion bodies.
enum Wire {
    static func fixture(_ name: String) throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fixtures/openai/\(name)")
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// A plain chat.completion whose message content is `content`.
    static func completion(_ content: String, finish: String = "stop") -> String {
        let body: JSONValue = [
            "id": "chatcmpl-t", "object": "chat.completion", "model": "m",
            "choices": [["index": 0, "message": ["role": "assistant", "content": .string(content)], "finish_reason": .string(finish)]],
        ]
        return body.encoded()
    }

    /// Server-sent event text for one data payload.
    static func event(_ payload: String) -> String { "data: \(payload)\n\n" }

    /// A content delta chunk.
    static func contentChunk(_ text: String?, finish: String? = nil) -> String {
        let delta: JSONValue = text.map { ["content": .string($0)] } ?? [:]
        let chunk: JSONValue = ["object": "chat.completion.chunk", "choices": [["index": 0, "delta": delta, "finish_reason": .string(finish)]]]
        return event(chunk.encoded())
    }
}
