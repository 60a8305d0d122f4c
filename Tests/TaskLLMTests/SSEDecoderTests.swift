import Foundation
import Testing
@testable import TaskLLM
import TaskerTestSupport

@Suite struct SSEDecoderTests {
    @Test func decodesFixtureWhateverTheSplit() throws {
        let bytes = Array(try Wire.fixture("stream-openai-content.sse").utf8)
        var whole = SSEDecoder()
        let expected = whole.feed(bytes) + whole.finish()
        #expect(expected.count == 6)
        #expect(expected.last?.data == "[DONE]")
        for size in [1, 2, 3, 7, 64, 333] {
            var decoder = SSEDecoder()
            var events: [SSEDecoder.Event] = []
            var i = 0
            while i < bytes.count {
                events += decoder.feed(bytes[i..<min(i + size, bytes.count)])
                i += size
            }
            events += decoder.finish()
            #expect(events == expected, "split every \(size) bytes")
        }
    }

    @Test func multiLineDataCommentsCRLFAndOtherFields() {
        var decoder = SSEDecoder()
        let text = ": ping\r\nevent: message\r\nid: 7\r\ndata: first\r\ndata:second\r\n\r\nretry: 10\ndata: x\r\r"
        let events = decoder.feed(Array(text.utf8))
        #expect(events == [SSEDecoder.Event(data: "first\nsecond"), SSEDecoder.Event(data: "x")])
    }

    @Test func lastEventWithoutBlankLineIsKeptAtFinish() {
        var decoder = SSEDecoder()
        #expect(decoder.feed(Array("data: [DONE]".utf8)).isEmpty)
        #expect(decoder.finish() == [SSEDecoder.Event(data: "[DONE]")])
    }

    @Test func multibyteCharacterSplitAcrossReads() {
        var decoder = SSEDecoder()
        let bytes = Array("data: ✓ done\n\n".utf8)
        var events = decoder.feed(bytes[0..<7])
        events += decoder.feed(bytes[7...])
        #expect(events == [SSEDecoder.Event(data: "✓ done")])
    }
}
