import Foundation
import TaskCore

/// Lines from standard input, read with `read(2)` so the caller can tell whether another line is
/// already waiting (a pipe full of lines) or would have to be waited for (a person or a script
/// that waits for each answer).
///
/// A line ends at `\n` only (one `\r` before it is dropped, for CRLF files); every other Unicode
/// line break stays inside the line, so line N of the input is always the Nth line returned,
/// blank lines included. Each line is decoded as strict UTF-8.
public final class LineInput {
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false
    private let fd: Int32
    /// How many lines were returned so far.
    public private(set) var lineNumber = 0

    public init(fd: Int32 = STDIN_FILENO) { self.fd = fd }

    /// The next line without its newline, or why it is not text; waiting for it if `wait`; nil at
    /// end of input, or when not waiting and no whole line is ready yet.
    public func nextLine(wait: Bool) -> Result<String, UTF8Input.Invalid>? {
        guard let range = lineRange(from: start, wait: wait) else { return nil }
        lineNumber += 1
        let line = buffer.withUnsafeBufferPointer { LineInput.decode(UnsafeBufferPointer(rebasing: $0[range]), lineNumber: lineNumber) }
        advance(to: range)
        return line
    }

    /// Where the line starting at `from` is in `buffer`, without its newline (the last line of the
    /// input may have none), reading more input as needed: waiting for it if `wait`, else only
    /// while input is ready; nil when there is no such line (yet). Never moves what is in `buffer`.
    private func lineRange(from: Int, wait: Bool) -> Range<Int>? {
        while true {
            let newline = buffer.withUnsafeBufferPointer { all -> Int? in
                guard from < all.count, let base = all.baseAddress, let found = memchr(base + from, 0x0A, all.count - from) else { return nil }
                return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            }
            if let newline { return from..<newline }
            if atEnd { return from < buffer.count ? from..<buffer.count : nil }
            if !wait && !inputReady() { return nil }
            fill()  // (appends: ranges found before stay valid)
        }
    }

    /// Moves past the line at `range` (and its newline), dropping what was read once 64 KiB are behind.
    private func advance(to range: Range<Int>) {
        start = min(range.upperBound + 1, buffer.count)
        if start > 65_536 { buffer.removeFirst(start); start = 0 }
    }

    /// The next line, writing what `out` holds first when the line is not there yet (so a script
    /// that waits for each answer gets it before Tasker waits for its next line); nil at end of input.
    public func nextLine(flushing out: inout OutputBuffer) -> Result<String, UTF8Input.Invalid>? {
        if let line = nextLine(wait: false) { return line }
        out.flush()
        return nextLine(wait: true)
    }

    /// One line's bytes (without its `\n`) as text: a `\r` before the end dropped, strict UTF-8;
    /// the error names line `lineNumber`. Valid text (nearly every line) is taken straight from the
    /// bytes, and an ASCII line (checked 8 bytes at a time) needs no validating: `String(validating:)`
    /// is generic and looks its metadata up at each call.
    public static func decode(_ line: UnsafeBufferPointer<UInt8>, lineNumber: Int) -> Result<String, UTF8Input.Invalid> {
        let bytes = line.last == 0x0D ? UnsafeBufferPointer(rebasing: line.dropLast()) : line
        if isASCII(bytes) { return .success(String(decoding: bytes, as: UTF8.self)) }
        if let text = String(validating: bytes, as: UTF8.self) { return .success(text) }
        return UTF8Input.decode(bytes, source: "line \(lineNumber)")
    }

    /// Lines that are there without waiting (already read, or readable at once), not yet decoded:
    /// one copy of their bytes and each line's range in it, for `decode` on whichever thread parses
    /// the line. The one part of `parse --json -` that runs on a single core is then only finding
    /// the newlines.
    public struct RawLines: Sendable {
        public var bytes: [UInt8] = []
        public var ranges: [Range<Int>] = []
        /// The input line number of the first.
        public var firstNumber = 0
    }

    /// Up to `limit` lines that are there without waiting (already read, or readable at once).
    public func readyRawLines(limit: Int) -> RawLines {
        var ranges: [Range<Int>] = []
        var next = start
        while ranges.count < limit, let range = lineRange(from: next, wait: false) {
            ranges.append(range)
            next = min(range.upperBound + 1, buffer.count)
        }
        let origin = start
        let lines = RawLines(bytes: Array(buffer[origin..<next]), ranges: ranges.map { ($0.lowerBound - origin)..<($0.upperBound - origin) },
                             firstNumber: lineNumber + 1)
        lineNumber += ranges.count
        if let last = ranges.last { advance(to: last) }
        return lines
    }

    public static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
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
