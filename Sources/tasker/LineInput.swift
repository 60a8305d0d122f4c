import Foundation
import TaskCore

/// Lines from standard input, read with `read(2)` so the caller can tell whether another line is
/// already waiting (a pipe full of lines) or would have to be waited for (a person or a script
/// that waits for each answer).
///
/// A line ends at `\n` only (one `\r` before it is dropped, for CRLF files); every other Unicode
/// line break stays inside the line, so line N of the input is always the Nth line returned,
/// blank lines included. Each line is decoded as strict UTF-8.
final class LineInput {
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false
    private let fd: Int32
    /// How many lines were returned so far.
    private(set) var lineNumber = 0

    init(fd: Int32 = STDIN_FILENO) { self.fd = fd }

    /// The next line without its newline, or why it is not text; waiting for it if `wait`; nil at
    /// end of input, or when not waiting and no whole line is ready yet.
    func nextLine(wait: Bool) -> Result<String, UTF8Input.Invalid>? {
        while true {
            if let newline = buffer[start...].firstIndex(of: 0x0A) {
                let line = decode(start, newline)
                start = newline + 1
                if start > 65_536 { buffer.removeFirst(start); start = 0 }
                return line
            }
            if atEnd {
                guard start < buffer.count else { return nil }
                let line = decode(start, buffer.count)
                start = buffer.count
                return line
            }
            if !wait && !inputReady() { return nil }
            fill()
        }
    }

    /// The lines that are there without waiting (already read, or readable at once), at most `limit`.
    func readyLines(limit: Int) -> [Result<String, UTF8Input.Invalid>] {
        var lines: [Result<String, UTF8Input.Invalid>] = []
        while lines.count < limit, let line = nextLine(wait: false) { lines.append(line) }
        return lines
    }

    /// The next line, writing what `out` holds first when the line is not there yet (so a script
    /// that waits for each answer gets it before Tasker waits for its next line); nil at end of input.
    func nextLine(flushing out: inout OutputBuffer) -> Result<String, UTF8Input.Invalid>? {
        if let line = nextLine(wait: false) { return line }
        out.flush()
        return nextLine(wait: true)
    }

    private func decode(_ from: Int, _ to: Int) -> Result<String, UTF8Input.Invalid> {
        lineNumber += 1
        let end = to > from && buffer[to - 1] == 0x0D ? to - 1 : to
        // Valid text (nearly every line) is taken straight from the buffer; the error names the line.
        // An ASCII line (checked 8 bytes at a time) needs no validating: `String(validating:)` is
        // generic and looks its metadata up at each call, in the one part of `parse --json -` that
        // runs on a single core.
        let text = buffer.withUnsafeBufferPointer { all -> String? in
            let bytes = UnsafeBufferPointer(rebasing: all[from..<end])
            return LineInput.isASCII(bytes) ? String(decoding: bytes, as: UTF8.self) : String(validating: bytes, as: UTF8.self)
        }
        if let text { return .success(text) }
        return UTF8Input.decode(buffer[from..<end], source: "line \(lineNumber)")
    }

    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var i = 0
        var high: UInt64 = 0
        while i + 8 <= bytes.count {
            high |= UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            i += 8
        }
        while i < bytes.count {
            high |= UInt64(base[i])
            i += 1
        }
        return high & 0x8080_8080_8080_8080 == 0
    }

    private func inputReady() -> Bool {
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&pfd, 1, 0) > 0
    }

    /// Reads up to 256 KiB at a time: a pipe full of lines costs few `read(2)` calls.
    private func fill() {
        var chunk = [UInt8](repeating: 0, count: 262_144)
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n > 0 {
            buffer.append(contentsOf: chunk[0..<n])
        } else if n == 0 || errno != EINTR {
            atEnd = true
        }
    }
}
