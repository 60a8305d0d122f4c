import Testing
@testable import TaskCore
@testable import TaskStore

@Suite struct JSONValueTests {
    static let values: [JSONValue] = [
        nil, true, false, 0, -42, .int(Int.max), .int(Int.min), 1.5, 2.0, -0.25, 1e300, 123456789012345.0, 1e15,
        "", "plain", "quote \" backslash \\ slash /", "controls \n\r\t\u{08}\u{0C}\u{01}\u{1F}\u{7F}",
        "unicode é 日本 😀 \u{2028} \u{2029} \u{2027} \u{202A}", "\u{E2}",
        [], [1, "two", [3], ["four": 4]], [:],
        ["b": 1, "a": ["z": nil, "y": [true, false]], "É": "accent", "_meta": [:], "A": 0],
    ]

    @Test(arguments: values)
    func compactAndPrettyFormsReadBackAsTheSameValue(_ value: JSONValue) throws {
        #expect(try JSONValue.parse(value.encoded()) == value)
        #expect(try JSONValue.parse(value.prettyEncoded()) == value)
        #expect(!value.encoded().contains("\n"))
    }

    @Test func compactFormIsExactAndStable() {
        let value: JSONValue = ["b": [1, 2.0, "x\n\"y\""], "a": nil, "c": ["é": true, "Z": "\u{2028}\u{01}"]]
        #expect(value.encoded() == #"{"a":null,"b":[1,2.0,"x\n\"y\""],"c":{"Z":"\u2028\u0001","é":true}}"#)
        #expect(JSONValue.double(.nan).encoded() == "null")
        #expect(JSONValue.object(["k": [1]]).prettyEncoded() == "{\n  \"k\": [\n    1\n  ]\n}")
    }

    @Test func anEncodedTextEmbedsAsAStringLiteral() throws {
        for value in Self.values {
            let text = value.encoded()
            var bytes: [UInt8] = []
            var copy = text
            copy.withUTF8 { JSONValue.appendStringLiteral(utf8: $0, to: &bytes) }
            #expect(String(decoding: bytes, as: UTF8.self) == JSONValue.string(text).encoded())
            #expect(try JSONValue.parse(String(decoding: bytes, as: UTF8.self)) == .string(text))
        }
    }

    @Test(arguments: [
        ("", 0), ("{", 1), ("{\"a\" 1}", 5), ("[1,]", 3), ("01", 1), ("1.", 2), ("-", 1), ("\"\\x\"", 3),
        ("\"\\ud800\"", 7), ("tru", 0), ("{\"a\":1} x", 8), ("\"a\nb\"", 2), ("nul", 0),
    ])
    func malformedTextSaysWhereItStopped(_ text: String, offset: Int) {
        #expect(throws: JSONParseError.self) { try JSONValue.parse(text) }
        do { _ = try JSONValue.parse(text) } catch { #expect(error.offset == offset, "\(text): \(error)") }
    }

    @Test func numbersSurrogatesAndDepth() throws {
        #expect(try JSONValue.parse("5") == .int(5))
        #expect(try JSONValue.parse("5.0") == .double(5))
        #expect(try JSONValue.parse("-1e3") == .double(-1000))
        #expect(try JSONValue.parse("99999999999999999999") == .double(1e20))
        #expect(try JSONValue.parse("\"\\ud83d\\ude00 \\u00e9\"") == "😀 é")
        #expect(try JSONValue.parse(" \t\r\n[ ] ") == [])
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        #expect(throws: JSONParseError.self) { try JSONValue.parse(deep) }
        let fine = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(try JSONValue.parse(fine).arrayValue?.count == 1)
    }
}
