import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A scripted OpenAI-compatible server on 127.0.0.1 that streams (SSE), for the REPL's model path.
/// Each request takes the next reply; with none left it answers 500.
final class REPLModelServer: @unchecked Sendable {
    enum Reply {
        case text(String)
        case toolCall(name: String, arguments: String)
    }

    private let lock = NSLock()
    private var replies: [Reply]
    private var bodies: [String] = []
    private let listener: Int32
    let port: UInt16

    var baseURL: String { "http://127.0.0.1:\(port)/v1" }
    /// Request bodies received, in order.
    var requests: [String] { lock.withLock { bodies } }

    init(_ replies: [Reply]) throws {
        self.replies = replies
        listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let fd = listener
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 16) == 0 else { throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        Thread { [self] in
            while true {
                let client = accept(fd, nil, nil)
                if client < 0 { return }
                Thread { [self] in serve(client) }.start()
            }
        }.start()
    }

    deinit {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func serve(_ fd: Int32) {
        defer { close(fd) }
        var data = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var expected: Int?
        var headerLength = 0
        while true {
            let n = read(fd, &buffer, buffer.count)
            if n <= 0 { return }
            data.append(contentsOf: buffer[0..<n])
            let text = String(decoding: data, as: UTF8.self)
            guard let end = text.range(of: "\r\n\r\n") else { continue }
            if expected == nil {
                let head = text[..<end.lowerBound].lowercased()
                let length = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                headerLength = text[..<end.upperBound].utf8.count
                expected = headerLength + length
            }
            if let expected, data.count >= expected {
                let body = String(decoding: data[headerLength...], as: UTF8.self)
                respond(fd, body)
                return
            }
        }
    }

    private func respond(_ fd: Int32, _ body: String) {
        let reply: Reply? = lock.withLock {
            bodies.append(body)
            return replies.isEmpty ? nil : replies.removeFirst()
        }
        guard let reply else {
            let error = #"{"error":{"message":"no scripted reply left"}}"#
            send(fd, "HTTP/1.1 500 Scripted\r\nContent-Type: application/json\r\nContent-Length: \(error.utf8.count)\r\nConnection: close\r\n\r\n\(error)")
            return
        }
        var events: [String] = []
        switch reply {
        case .text(let text):
            for word in text.split(separator: " ", omittingEmptySubsequences: false).enumerated() {
                let piece = (word.offset == 0 ? "" : " ") + word.element
                events.append(#"{"choices":[{"index":0,"delta":{"content":\#(Self.quote(piece))},"finish_reason":null}]}"#)
            }
            events.append(#"{"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}"#)
        case .toolCall(let name, let arguments):
            events.append(#"{"choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"\#(name)","arguments":""}}]},"finish_reason":null}]}"#)
            events.append(#"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":\#(Self.quote(arguments))}}]},"finish_reason":null}]}"#)
            events.append(#"{"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}"#)
        }
        let stream = events.map { "data: \($0)\n\n" }.joined() + "data: [DONE]\n\n"
        send(fd, "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\n" + stream)
    }

    static func quote(_ text: String) -> String {
        let escaped = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return "\"\(escaped)\""
    }

    private func send(_ fd: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n <= 0 { return }
            offset += n
        }
    }
}
