import Foundation
import TaskCore
import TaskStore
import TaskMCP
import TaskToolkit

/// Round-trip time of `tools/call list_tasks` with 1,000 tasks in the database (target: median ≤ 1 ms):
/// in process through the dispatcher and the in-memory transport, then through a real `tasker mcp`
/// over pipes when the `tasker` binary sits beside this one.
enum MCPBenchmark {
    static let taskCount = 1_000
    static let iterations = 1_000
    static let requests: [(label: String, arguments: String)] = [
        ("list_tasks default (50 of 1000)", "{}"),
        ("list_tasks all 1000", #"{"filter":"all","limit":1000}"#),
    ]

    static func run() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tasker-mcp-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("bench.sqlite").path
        let now = Date(timeIntervalSince1970: 1_796_207_400)  // 2026-12-02T10:30Z
        let zone = TimeZone(identifier: "Europe/London") ?? .current
        let store = try TaskStore(path: path, clock: { now }, timeZone: zone)
        try store.bootstrap()
        let toolkit = TaskToolkit(store: store)
        for n in 0..<taskCount {
            _ = try toolkit.call("create_task", ["title": .string("Task number \(n)"), "priority": n % 7 == 0 ? "high" : "normal", "estimate_minutes": .int(5 + n % 60), "contexts": ["bench"]])
        }

        let server = MCPServer(catalog: toolkit, info: ServerInfo(version: "bench"))
        let transport = InMemoryTransport()
        transport.enqueue(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"bench","version":"1"}}}"#)
        transport.enqueue(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
        try server.serve(transport)
        _ = transport.drain()
        for request in requests {
            let arguments = try JSONValue.parse(request.arguments)
            let baseline = try measure { _ = try toolkit.call("list_tasks", arguments) }
            report("toolkit.call alone (no MCP) \(request.label)", baseline, bytes: nil)
            let line = #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_tasks","arguments":\#(request.arguments)}}"#
            var bytes = 0
            let times = try measure {
                transport.enqueue(line)
                try server.serve(transport)
                bytes = transport.drain().first?.utf8.count ?? 0
            }
            report("in-process  \(request.label)", times, bytes: bytes)
        }

        let tasker = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tasker")
        guard FileManager.default.isExecutableFile(atPath: tasker.path) else {
            print("over pipes: skipped, no tasker beside tasker-bench (swift build -c release --product tasker --scratch-path .build-release)")
            return
        }
        let client = try PipeClient(tasker: tasker.path, arguments: ["mcp", "--db", path, "--now", "2026-12-02T10:30", "--tz", "Europe/London"])
        defer { client.close() }
        _ = try client.roundTrip(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"bench","version":"1"}}}"#)
        try client.send(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
        for request in requests {
            let line = #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_tasks","arguments":\#(request.arguments)}}"#
            var bytes = 0
            let times = try measure { bytes = try client.roundTrip(line).count }
            report("over pipes  \(request.label)", times, bytes: bytes)
        }
    }

    /// Milliseconds per call, after a warm-up.
    private static func measure(_ body: () throws -> Void) throws -> [Double] {
        for _ in 0..<50 { try body() }
        let clock = ContinuousClock()
        var times: [Double] = []
        times.reserveCapacity(iterations)
        for _ in 0..<iterations {
            let elapsed = try clock.measure(body)
            times.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
        }
        return times.sorted()
    }

    private static func report(_ label: String, _ sorted: [Double], bytes: Int?) {
        let median = sorted[sorted.count / 2]
        let p99 = sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))]
        let verdict = median <= 1.0 ? "meets" : "misses"
        let size = bytes.map { ", reply \($0) bytes" } ?? ""
        print(String(format: "mcp %@: median %.3f ms, p99 %.3f ms%@ (%@ target median ≤ 1 ms)", label, median, p99, size, verdict))
    }

    /// A minimal MCP client over a child process's pipes: one line out, one line back.
    private final class PipeClient {
        let process = Process()
        let input = Pipe()
        let output = Pipe()
        private var buffer: [UInt8] = []
        private var chunk = [UInt8](repeating: 0, count: 1 << 16)

        init(tasker: String, arguments: [String]) throws {
            process.executableURL = URL(fileURLWithPath: tasker)
            process.arguments = arguments
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.standardError
            try process.run()
        }

        func send(_ line: String) throws {
            try input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
        }

        func roundTrip(_ line: String) throws -> [UInt8] {
            try send(line)
            let fd = output.fileHandleForReading.fileDescriptor
            while true {
                if let newline = buffer.firstIndex(of: 0x0A) {
                    let reply = Array(buffer[..<newline])
                    buffer.removeSubrange(...newline)
                    return reply
                }
                let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                guard count > 0 else { throw CocoaError(.fileReadUnknown) }
                buffer.append(contentsOf: chunk[0..<count])
            }
        }

        func close() {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
    }
}
