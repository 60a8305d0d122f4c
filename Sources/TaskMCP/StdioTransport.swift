import Foundation
import TaskCore

/// MCP's stdio transport: newline-delimited messages on standard input and output.
///
/// Input is read in chunks with `read(2)` and framed by `LineFramer`, so no line can take more than
/// its limit in memory. Each message goes out with one `write(2)` loop (unbuffered), newline included.
public final class StdioTransport: MessageTransport {
    private var framer: LineFramer
    private var pending: [InboundFrame] = []
    private var pendingIndex = 0
    private var atEnd = false
    private let input: Int32
    private let output: Int32
    private var chunk = [UInt8](repeating: 0, count: 64 * 1024)

    public init(lineLimit: Int = LineFramer.defaultLimit, input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) {
        self.framer = LineFramer(limit: lineLimit)
        self.input = input
        self.output = output
    }

    /// A read error (standard input closed under us) counts as the end of input.
    public func receive() throws -> InboundFrame? {
        while true {
            if pendingIndex < pending.count {
                defer { pendingIndex += 1 }
                return pending[pendingIndex]
            }
            pending.removeAll(keepingCapacity: true)
            pendingIndex = 0
            if atEnd { return nil }
            let count = chunk.withUnsafeMutableBytes { buffer in read(input, buffer.baseAddress, buffer.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 {
                atEnd = true
                if let last = framer.finish() { pending.append(last) }
                continue
            }
            pending = chunk.withUnsafeBufferPointer { framer.push(UnsafeBufferPointer(rebasing: $0[0..<count])) }
        }
    }

    /// - Throws: `FileDescriptorWriter.Failure` when standard output is closed.
    public func send(_ line: String) throws {
        try FileDescriptorWriter.write(output, line + "\n")
    }
}
