import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `tasker parse --refine` end to end: the real binary against a scripted OpenAI-compatible server.
@Suite struct RefineCommandTests {
    static let secret = "sk-e2e-refine-5a4b3c"

    private func setup(config: String?, key: String? = nil) throws -> [String: String] {
        let home = NSTemporaryDirectory() + "tasker-refine-e2e-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: home + "/tasker", withIntermediateDirectories: true)
        if let config { try config.write(toFile: home + "/tasker/config.json", atomically: true, encoding: .utf8) }
        if let key {
            let result = try TaskerBinary.run(["key", "set"], stdin: key, environment: ["XDG_CONFIG_HOME": home])
            #expect(result.status == 0)
        }
        return ["XDG_CONFIG_HOME": home, "TASKER_NOW": "2026-12-02T10:30:00+00:00"]
    }

    private static func completion(_ content: String) -> String {
        let escaped = content.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return #"{"object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":"\#(escaped)"},"finish_reason":"stop"}]}"#
    }

    private func parseJSON(_ text: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func refinesWithAKeyAndNeverPrintsIt() throws {
        let server = try ModelServer([.json(body: Self.completion(#"{"tasks": [{"source": "um so buy milk", "title": "Buy milk", "energy": "quick", "estimate_minutes": 10}]}"#))])
        let env = try setup(config: #"{"base_url": "\#(server.baseURL)", "model": "local-test"}"#, key: Self.secret)
        let result = try TaskerBinary.run(["parse", "--refine", "--json", "um so buy milk"], environment: env)
        #expect(result.status == 0)
        let output = try parseJSON(result.stdout)
        #expect(output["model"] as? Bool == true)
        #expect(output["notice"] is NSNull)
        let drafts = try #require(output["drafts"] as? [[String: Any]])
        #expect(drafts.first?["title"] as? String == "Buy milk")
        #expect(drafts.first?["energy"] as? String == "quick")
        #expect(drafts.first?["estimateMinutes"] as? Int == 10)
        let sent = try #require(server.requests.first)
        #expect(sent.headers["authorization"] == "Bearer \(Self.secret)")
        #expect(sent.body.contains(#""model":"local-test""#))
        #expect(sent.body.contains(#""role":"system""#))
        #expect(!result.stdout.contains(Self.secret))
        #expect(!result.stderr.contains(Self.secret))
    }

    @Test func loopbackWithoutAKeySendsNoAuthorizationEvenWithOPENAI_API_KEY() throws {
        let server = try ModelServer([.json(body: Self.completion(#"{"tasks": [{"source": "buy milk", "title": "Buy milk"}]}"#))])
        var env = try setup(config: #"{"base_url": "\#(server.baseURL)"}"#)
        env["OPENAI_API_KEY"] = Self.secret
        let result = try TaskerBinary.run(["parse", "--refine", "--json", "buy milk"], environment: env)
        #expect(result.status == 0)
        #expect(try parseJSON(result.stdout)["model"] as? Bool == true)
        let sent = try #require(server.requests.first)
        #expect(sent.headers["authorization"] == nil)
        #expect(!sent.body.contains(Self.secret))
    }

    @Test func remoteEndpointWithoutAKeyStaysOffEvenWithOPENAI_API_KEY() throws {
        var env = try setup(config: #"{"preset": "openai"}"#)
        env["OPENAI_API_KEY"] = Self.secret
        let result = try TaskerBinary.run(["parse", "--refine", "--json", "buy milk tomorrow"], environment: env)
        #expect(result.status == 0)
        let output = try parseJSON(result.stdout)
        #expect(output["model"] as? Bool == false)
        #expect((output["notice"] as? String)?.contains("tasker key set") == true)
        #expect((output["drafts"] as? [[String: Any]])?.count == 1)
    }

    @Test func rejectedKeyKeepsTheRulesResultAndSaysWhatToDo() throws {
        let server = try ModelServer([.json(status: 401, body: #"{"error":{"message":"Incorrect API key provided: \#(Self.secret)"}}"#)])
        let env = try setup(config: #"{"base_url": "\#(server.baseURL)"}"#, key: Self.secret)
        let rules = try TaskerBinary.run(["parse", "--json", "call mom tomorrow 5pm"], environment: env)
        let result = try TaskerBinary.run(["parse", "--refine", "--json", "call mom tomorrow 5pm"], environment: env)
        #expect(result.status == 0)
        let output = try parseJSON(result.stdout)
        #expect(output["model"] as? Bool == false)
        #expect((output["notice"] as? String)?.contains("run `tasker key set`") == true)
        let draft = try #require((output["drafts"] as? [[String: Any]])?.first)
        let rulesDraft = try parseJSON(rules.stdout)
        #expect(draft["title"] as? String == rulesDraft["title"] as? String)
        #expect(!result.stdout.contains(Self.secret))
        #expect(!result.stderr.contains(Self.secret))
    }

    @Test func malformedConfigIsANoticeNotALoss() throws {
        let env = try setup(config: #"{"preset": "chatgpt"}"#)
        let result = try TaskerBinary.run(["parse", "--refine", "--json", "buy milk"], environment: env)
        #expect(result.status == 0)
        let output = try parseJSON(result.stdout)
        #expect(output["model"] as? Bool == false)
        #expect((output["notice"] as? String)?.contains("config.json: unknown preset 'chatgpt'") == true)
    }

    @Test func readableTextWithoutJSON() throws {
        let server = try ModelServer([.json(status: 500, body: "{}"), .json(status: 500, body: "{}"), .json(status: 500, body: "{}")])
        let env = try setup(config: #"{"base_url": "\#(server.baseURL)"}"#)
        let result = try TaskerBinary.run(["parse", "--refine", "buy milk"], environment: env)
        #expect(result.status == 0)
        #expect(result.stdout.lowercased().contains("buy milk"))
        #expect(result.stderr.contains("model not used"))
    }
}

/// A small scripted OpenAI-compatible server on 127.0.0.1 (JSON replies only; the streaming one
/// lives in TaskLLMTests, which this target cannot import).
final class ModelServer: @unchecked Sendable {
    enum Reply {
        /// A complete response with a Content-Length.
        case json(status: Int = 200, body: String, headers: [String] = [])
    }

    struct Request {
        var path: String
        var headers: [String: String]
        var body: String
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

