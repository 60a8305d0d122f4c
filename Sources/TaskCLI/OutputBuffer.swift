import Foundation
import TaskCore

/// Lines for stdout gathered in one buffer and written with few `write(2)` calls: how streaming
/// commands (`parse --json -`, `call --batch`) answer thousands of lines a second.
///
/// The owner flushes before it waits for more input, so a script that writes one line and waits
/// for its answer gets it at once; on a terminal every line is written as it is ready. A closed
/// reader ends the process with SIGPIPE, as `Output.out` does.
public struct OutputBuffer {
    private var bytes: [UInt8] = []
    private let fd: Int32
    /// Write each line as soon as it is complete (stdout is a terminal).
    private let eachLine: Bool
    /// Written once this many bytes are waiting.
    public static let limit = 64 * 1024

    public init(fd: Int32 = STDOUT_FILENO) {
        self.fd = fd
        eachLine = isatty(fd) == 1
        bytes.reserveCapacity(Self.limit + 4096)
    }

    /// Appends one line (a newline is added), built by `body` straight into the buffer.
    public mutating func line(_ body: (inout [UInt8]) -> Void) {
        body(&bytes)
        bytes.append(0x0A)
        if eachLine || bytes.count >= Self.limit { flush() }
    }

    /// Appends whole lines, each already ending in a newline. Lines of `limit` bytes or more (a
    /// batch's part) are written from `text` itself after what is waiting, not copied in first.
    public mutating func lines(_ text: [UInt8]) {
        if text.count >= Self.limit {
            flush()
            text.withUnsafeBytes { try? FileDescriptorWriter.write(fd, $0) }
            return
        }
        bytes.append(contentsOf: text)
        if eachLine || bytes.count >= Self.limit { flush() }
    }

    /// Appends `text` and a newline.
    public mutating func line(_ text: String) {
        line { $0.append(contentsOf: text.utf8) }
    }

    /// Writes what is waiting.
    public mutating func flush() {
        guard !bytes.isEmpty else { return }
        bytes.withUnsafeBytes { try? FileDescriptorWriter.write(fd, $0) }
        bytes.removeAll(keepingCapacity: true)
    }
}
