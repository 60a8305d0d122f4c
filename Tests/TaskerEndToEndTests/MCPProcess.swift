import Foundation
import TaskCore

/// A running `tasker mcp` with pipes on both ends: send a line, wait for a reply line, close stdin,
/// wait for the exit. Stdout is read on a background thread so the server never blocks on a full pipe.
final class MCPProcess: @unchecked Sendable {
    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()
    private let condition = NSCondition()
    private var lines: [String] = []
    private var partial: [UInt8] = []
    private var outputClosed = false
    private var stderrData = Data()
    /// The stderr reader saw the end of the pipe (the server exited and its writes are all in).
    private var stderrClosed = false

    init(_ arguments: [String], environment: [String: String] = [:]) throws {
        _ = TaskerBinary.ignoreBrokenPipes
        process.executableURL = TaskerBinary.url
        process.arguments = arguments
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "TZ": "Europe/London", "NO_COLOR": "1"]
            .merging(environment) { _, new in new }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let out = output.fileHandleForReading
        Thread { [self] in
            while true {
                let data = MCPProcess.readChunk(out.fileDescriptor)
                condition.lock()
                if data.isEmpty {
                    outputClosed = true
                    condition.broadcast()
                    condition.unlock()
                    return
                }
                for byte in data {
                    if byte == 0x0A {
                        lines.append(String(decoding: partial, as: UTF8.self))
                        partial.removeAll(keepingCapacity: true)
                    } else {
                        partial.append(byte)
                    }
                }
                condition.broadcast()
                condition.unlock()
            }
        }.start()
        let err = errors.fileHandleForReading
        Thread { [self] in
            var data = Data()
            while case let chunk = MCPProcess.readChunk(err.fileDescriptor), !chunk.isEmpty { data.append(chunk) }
            condition.lock()
            stderrData = data
            stderrClosed = true
            condition.broadcast()
            condition.unlock()
        }.start()
    }

    /// Writes to the server's stdin; a server that has gone away is seen by the next receive (no trap
    /// on a broken pipe, as `FileHandle.write` has).
    func send(_ line: String) {
        sendRaw(Data((line + "\n").utf8))
    }

    func sendRaw(_ data: Data) {
        data.withUnsafeBytes { try? FileDescriptorWriter.write(input.fileHandleForWriting.fileDescriptor, $0) }
    }

    /// One `read(2)` of up to 64 KiB, retried on EINTR (Foundation's `availableData` traps on it when a
    /// signal lands mid-read under load); empty at end of file or on an error.
    static func readChunk(_ fd: Int32) -> Data {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = read(fd, &buffer, buffer.count)
            if n >= 0 { return Data(buffer[0..<n]) }
            if errno != EINTR { return Data() }
        }
    }

    /// The next line from stdout, or nil after `timeout` seconds or at end of output.
    func receive(timeout: TimeInterval = 10) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while lines.isEmpty && !outputClosed {
            if !condition.wait(until: deadline) { break }
        }
        return lines.isEmpty ? nil : lines.removeFirst()
    }

    /// Sends a request and waits for its reply, parsed as a JSON object.
    func request(_ line: String, timeout: TimeInterval = 10) -> [String: Any]? {
        send(line)
        return receive(timeout: timeout).flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    func closeInput() {
        try? input.fileHandleForWriting.close()
    }

    /// The exit status, or nil when the process is still running after `timeout` seconds.
    func waitForExit(timeout: TimeInterval) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(5_000) }
        if process.isRunning { return nil }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Everything the server wrote to stderr; once it has exited, waits (up to 10 s) for the reader to
    /// have all of it, so a test that reads it right after the exit never sees it still empty.
    var stderr: String {
        condition.lock()
        defer { condition.unlock() }
        if !process.isRunning {
            let deadline = Date().addingTimeInterval(10)
            while !stderrClosed { if !condition.wait(until: deadline) { break } }
        }
        return String(decoding: stderrData, as: UTF8.self)
    }

    /// Lines still unread.
    var pendingLines: [String] {
        condition.lock()
        defer { condition.unlock() }
        return lines
    }

    deinit {
        if process.isRunning { process.terminate() }
    }
}
