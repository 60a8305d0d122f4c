import TaskCore
import Testing
@testable import TaskMCP

@Suite struct JSONByteWriterTests {
    static let values: [JSONValue] = [
        nil, true, false, 0, -42, .int(Int.max), .int(Int.min), 1.5, 2.0, -0.25, 1e300, 123456789012345.0, 1e15, .double(.nan),
        "", "plain", "quote \" backslash \\ slash /", "controls \n\r\t\u{08}\u{0C}\u{01}\u{1F}\u{7F}",
        "unicode é 日本 😀 \u{2028} \u{2029} \u{2027} \u{202A}", "\u{E2}",
        [], [1, "two", [3], ["four": 4]], [:],
        ["b": 1, "a": ["z": nil, "y": [true, false]], "É": "accent", "_meta": [:], "A": 0],
    ]

    @Test(arguments: values)
    func matchesTheEncoder(_ value: JSONValue) {
        var bytes: [UInt8] = []
        JSONByteWriter.append(value, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == value.encoded())
    }

    @Test func encodedJSONAsAStringMatchesTheEncoder() throws {
        for value in Self.values {
            let text = value.encoded()
            var bytes: [UInt8] = []
            JSONByteWriter.appendString(text, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == JSONValue.string(text).encoded())
            #expect(try JSONValue.parse(String(decoding: bytes, as: UTF8.self)) == .string(text))
        }
    }
}
