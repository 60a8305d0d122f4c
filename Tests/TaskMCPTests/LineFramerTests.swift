import Testing
@testable import TaskMCP

@Suite struct LineFramerTests {
    @Test func splitsLinesAcrossChunks() {
        var framer = LineFramer(limit: 100)
        var frames = framer.push(Array("{\"a\":1}\n{\"b\"".utf8))
        frames += framer.push(Array(":2}\r\n\n  \n{\"c\":3}".utf8))
        #expect(frames == [.text("{\"a\":1}"), .text("{\"b\":2}")])
        #expect(framer.finish() == .text("{\"c\":3}"))
        #expect(framer.finish() == nil)
    }

    @Test func overlongLineIsReportedOnceAndSkippedToItsNewline() {
        var framer = LineFramer(limit: 10)
        var frames = framer.push(Array("12345".utf8))
        #expect(frames.isEmpty)
        frames = framer.push(Array("678901234".utf8))
        #expect(frames == [.oversized(limit: 10)])
        frames = framer.push(Array(String(repeating: "x", count: 1000).utf8))
        #expect(frames.isEmpty)
        frames = framer.push(Array("yyy\nok\n".utf8))
        #expect(frames == [.text("ok")])
    }

    @Test func lineOfExactlyTheLimitPasses() {
        var framer = LineFramer(limit: 4)
        #expect(framer.push(Array("abcd\nabcde\nab\n".utf8)) == [.text("abcd"), .oversized(limit: 4), .text("ab")])
    }

    @Test func overlongLastLineWithoutNewlineEndsQuietly() {
        var framer = LineFramer(limit: 4)
        #expect(framer.push(Array("abcdefgh".utf8)) == [.oversized(limit: 4)])
        #expect(framer.finish() == nil)
    }

    @Test func invalidUTF8IsItsOwnFrame() {
        var framer = LineFramer(limit: 100)
        #expect(framer.push([0x7B, 0xFF, 0xFE, 0x7D, 0x0A]) == [.invalidUTF8])
    }

    @Test func hugeInputIsFramedWithBoundedBuffer() {
        var framer = LineFramer(limit: LineFramer.defaultLimit)
        let chunk = [UInt8](repeating: 0x61, count: 1 << 20)
        var frames: [InboundFrame] = []
        for _ in 0..<50 { frames += framer.push(chunk) }
        frames += framer.push(Array("\n{}\n".utf8))
        #expect(frames == [.oversized(limit: LineFramer.defaultLimit), .text("{}")])
    }
}
