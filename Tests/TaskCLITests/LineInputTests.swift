import Foundation
import Testing
@testable import TaskCLI

/// `LineInput`: lines from a file descriptor, ASCII ones taken without the generic validation.
@Suite struct LineInputTests {
    /// The ASCII check reads 8 bytes at a time and then the tail: a byte ≥ 0x80 at any position of
    /// any length is seen.
    @Test func asciiCheckSeesAHighByteAnywhere() {
        for length in 0...19 {
            let plain = [UInt8](repeating: UInt8(ascii: "a"), count: length)
            #expect(plain.withUnsafeBufferPointer(LineInput.isASCII))
            for position in 0..<length {
                var bytes = plain
                bytes[position] = 0x80
                #expect(!bytes.withUnsafeBufferPointer(LineInput.isASCII), "length \(length), high byte at \(position)")
            }
        }
    }

    /// ASCII, UTF-8 and invalid lines, with CRLF endings and no newline at the end, read through a
    /// pipe as raw lines and decoded: each line as it was written, the invalid one as an error that
    /// names it.
    @Test func readsAsciiUtf8AndInvalidLines() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let text: [UInt8] = Array("plain ascii line that is long\r\ncafé tomorrow\n".utf8) + [0x62, 0xFF, 0x0A] + Array("last".utf8)
        #expect(text.withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) } == text.count)
        close(fds[1])
        defer { close(fds[0]) }
        let input = LineInput(fd: fds[0])
        let raw = input.readyRawLines(limit: 10)
        #expect(raw.firstNumber == 1)
        let lines = raw.bytes.withUnsafeBufferPointer { all in
            raw.ranges.enumerated().map { LineInput.decode(UnsafeBufferPointer(rebasing: all[$1]), lineNumber: raw.firstNumber + $0) }
        }
        #expect(input.nextLine(wait: true) == nil)
        #expect(input.lineNumber == 4)
        #expect(lines.count == 4)
        #expect(try lines[0].get() == "plain ascii line that is long")
        #expect(try lines[1].get() == "café tomorrow")
        guard case .failure(let invalid) = lines[2] else { Issue.record("line 3 should be invalid"); return }
        #expect(invalid.description.contains("line 3"))
        #expect(try lines[3].get() == "last")
    }
}
