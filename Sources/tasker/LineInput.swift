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

    /// The next line, writing what `out` holds first when the line is not there yet (so a script
    /// that waits for each answer gets it before Tasker waits for its next line); nil at end of input.
    func nextLine(flushing out: inout OutputBuffer) -> Result<String, UTF8Input.Invalid>? {
        if let line = nextLine(wait: false) { return line }
        out.flush()
        return nextLine(wait: true)
    }

    private func decode(_ from: Int, _ to: Int) -> Result<String, UTF8Input.Invalid> {
        lineNumber += 1
        return buffer.withUnsafeBufferPointer { LineInput.decode(UnsafeBufferPointer(rebasing: $0[from..<to]), lineNumber: lineNumber) }
    }

    /// One line's bytes (without its `\n`) as text: a `\r` before the end dropped, strict UTF-8;
    /// the error names line `lineNumber`. Valid text (nearly every line) is taken straight from the
    /// bytes, and an ASCII line (checked 8 bytes at a time) needs no validating: `String(validating:)`
    /// is generic and looks its metadata up at each call.
    static func decode(_ line: UnsafeBufferPointer<UInt8>, lineNumber: Int) -> Result<String, UTF8Input.Invalid> {
        let bytes = line.last == 0x0D ? UnsafeBufferPointer(rebasing: line.dropLast()) : line
        if isASCII(bytes) { return .success(String(decoding: bytes, as: UTF8.self)) }
        if let text = String(validating: bytes, as: UTF8.self) { return .success(text) }
        return UTF8Input.decode(bytes, source: "line \(lineNumber)")
    }

    /// Lines that are there without waiting (already read, or readable at once), not yet decoded:
    /// one copy of their bytes and each line's range in it, for `decode` on whichever thread parses
    /// the line. The one part of `parse --json -` that runs on a single core is then only finding
    /// the newlines.
    struct RawLines: Sendable {
        var bytes: [UInt8] = []
        var ranges: [Range<Int>] = []
        /// The input line number of the first.
        var firstNumber = 0
    }

    /// Up to `limit` lines that are there without waiting (already read, or readable at once).
    func readyRawLines(limit: Int) -> RawLines {
        var lines = RawLines(firstNumber: lineNumber + 1)
        var ranges: [Range<Int>] = []
        let origin = start
        var next = start
        while ranges.count < limit {
            let newline = buffer.withUnsafeBufferPointer { all -> Int? in
                guard next < all.count, let base = all.baseAddress,
                    let found = memchr(base + next, 0x0A, all.count - next)
                else { return nil }
                return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            }
            if let newline {
                ranges.append(next..<newline)
                next = newline + 1
            } else if atEnd {
                if next < buffer.count {
                    ranges.append(next..<buffer.count)
                    next = buffer.count
                }
                break
            } else if inputReady() {
                fill()  // (appends: the ranges found so far stay valid)
            } else {
                break
            }
        }
        lines.bytes = Array(buffer[origin..<next])
        lines.ranges = ranges.map { ($0.lowerBound - origin)..<($0.upperBound - origin) }
        lineNumber += ranges.count
        start = next
        if start > 65_536 { buffer.removeFirst(start); start = 0 }
        return lines
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
