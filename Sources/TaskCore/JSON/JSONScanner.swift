/// JSON text read as UTF-8 bytes one value, member or element at a time: what `JSONValue.parse`
/// builds trees with, and what a typed reader (the Taskwarrior import) walks to fill its own fields
/// without building a tree or a dictionary per object.
///
/// The bytes belong to the caller, who keeps them alive while the scanner is used (inside
/// `String.withUTF8` or `withUnsafeBufferPointer`). Error offsets count bytes from the buffer's start.
/// Nesting is capped at 512 levels so hostile input cannot exhaust the stack.
///
/// Walking an object by hand:
/// ```
/// if try scanner.beginObject() {
///     repeat {
///         let key = try scanner.readKey()
///         let value = try scanner.readValue(depth: depth + 1)
///     } while try scanner.nextMember()
/// }
/// ```
public struct JSONScanner {
    public let bytes: UnsafeBufferPointer<UInt8>
    /// The offset of the next byte to read.
    public private(set) var index: Int

    public init(bytes: UnsafeBufferPointer<UInt8>, index: Int = 0) {
        self.bytes = bytes
        self.index = index
    }

    public var atEnd: Bool { index >= bytes.count }

    /// The next byte, whitespace included; nil at the end.
    public var next: UInt8? { index < bytes.count ? bytes[index] : nil }

    public func error(_ reason: String) -> JSONParseError { JSONParseError(offset: index, reason: reason) }

    /// Skips JSON's insignificant white space (space, tab, line feed, carriage return).
    public mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    /// Reads one value starting at the next byte (no white space skipped before it).
    /// - Throws: `JSONParseError` where the text stops being JSON.
    public mutating func readValue(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth < 512 else { throw error("nested too deeply") }
        guard index < bytes.count else { throw error("unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try readObject(depth: depth)
        case UInt8(ascii: "["): return try readArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try readNumber()
        default: throw error("unexpected character")
        }
    }

    // MARK: Objects and arrays, a member or element at a time

    /// Consumes the `{` at the next byte (the caller has checked it is one) and any white space;
    /// false when the object is empty (its `}` consumed too).
    public mutating func beginObject() -> Bool {
        index += 1
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "}") { index += 1; return false }
        return true
    }

    /// A member's key and its `:`, with the white space around them; the value is next.
    public mutating func readKey() throws(JSONParseError) -> String {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a string key") }
        let key = try readString()
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':'") }
        index += 1
        skipWhitespace()
        return key
    }

    /// After a member's value: true when a `,` says another member follows, false at the `}`.
    public mutating func nextMember() throws(JSONParseError) -> Bool {
        try next(closing: UInt8(ascii: "}"), "expected ',' or '}'")
    }

    /// Consumes the `[` at the next byte (the caller has checked it is one) and any white space;
    /// false when the array is empty (its `]` consumed too). Each element starts after white space.
    public mutating func beginArray() -> Bool {
        index += 1
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "]") { index += 1; return false }
        return true
    }

    /// After an element: true when a `,` says another element follows (white space after it
    /// skipped), false at the `]`.
    public mutating func nextElement() throws(JSONParseError) -> Bool {
        guard try next(closing: UInt8(ascii: "]"), "expected ',' or ']'") else { return false }
        skipWhitespace()
        return true
    }

    /// After a member or element: true at a `,`, false at `closing`, each consumed.
    private mutating func next(closing: UInt8, _ expected: String) throws(JSONParseError) -> Bool {
        skipWhitespace()
        guard index < bytes.count else { throw error("unexpected end of input") }
        if bytes[index] == UInt8(ascii: ",") { index += 1; return true }
        if bytes[index] == closing { index += 1; return false }
        throw error(expected)
    }

    private mutating func readObject(depth: Int) throws(JSONParseError) -> JSONValue {
        var members: [String: JSONValue] = [:]
        guard beginObject() else { return .object(members) }
        repeat {
            let key = try readKey()
            members[key] = try readValue(depth: depth + 1)
        } while try nextMember()
        return .object(members)
    }

    private mutating func readArray(depth: Int) throws(JSONParseError) -> JSONValue {
        var items: [JSONValue] = []
        guard beginArray() else { return .array(items) }
        repeat {
            items.append(try readValue(depth: depth + 1))
        } while try nextElement()
        return .array(items)
    }

    // MARK: Scalars

    private mutating func expectWord(_ word: StaticString) throws(JSONParseError) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw error("unexpected end of input") }
        let utf8 = word.utf8Start
        for i in 0..<count where bytes[index + i] != utf8[i] {
            throw error("unexpected character")
        }
        index += count
    }

    private mutating func readHex4() throws(JSONParseError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("truncated \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[index]
            let digit: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw error("bad \\u escape")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    /// Reads the string literal at the next byte (its opening quote). A string without escapes
    /// becomes a `String` straight from the input bytes; one with escapes is assembled first.
    public mutating func readString() throws(JSONParseError) -> String {
        index += 1  // opening quote
        let start = index
        while index < bytes.count {
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                let end = index
                index += 1
                guard let string = String(validating: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self) else {
                    throw error("string is not valid UTF-8")
                }
                return string
            }
            if b == UInt8(ascii: "\\") || b < 0x20 { break }
            index += 1
        }
        return try readEscapedString(from: start)
    }

    private mutating func readEscapedString(from start: Int) throws(JSONParseError) -> String {
        var buffer: [UInt8] = []
        var start = start
        while true {
            guard index < bytes.count else { throw error("unterminated string") }
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                buffer.append(contentsOf: bytes[start..<index])
                index += 1
                break
            }
            if b < 0x20 { throw error("control character in string") }
            if b != UInt8(ascii: "\\") { index += 1; continue }
            buffer.append(contentsOf: bytes[start..<index])
            index += 1
            guard index < bytes.count else { throw error("unterminated string") }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): buffer.append(0x22)
            case UInt8(ascii: "\\"): buffer.append(0x5C)
            case UInt8(ascii: "/"): buffer.append(0x2F)
            case UInt8(ascii: "b"): buffer.append(0x08)
            case UInt8(ascii: "f"): buffer.append(0x0C)
            case UInt8(ascii: "n"): buffer.append(0x0A)
            case UInt8(ascii: "r"): buffer.append(0x0D)
            case UInt8(ascii: "t"): buffer.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try readHex4()
                if (0xD800...0xDBFF).contains(scalar) {
                    guard index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"),
                        bytes[index + 1] == UInt8(ascii: "u")
                    else { throw error("unpaired surrogate") }
                    index += 2
                    let low = try readHex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw error("unpaired surrogate") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    throw error("unpaired surrogate")
                }
                guard let unicode = Unicode.Scalar(scalar) else { throw error("bad \\u escape") }
                buffer.append(contentsOf: String(Character(unicode)).utf8)
            default: throw error("bad escape")
            }
            start = index
        }
        guard let string = String(validating: buffer, as: UTF8.self) else {
            throw error("string is not valid UTF-8")
        }
        return string
    }

    private static func isDigit(_ b: UInt8) -> Bool { b &- UInt8(ascii: "0") < 10 }

    private mutating func readNumber() throws(JSONParseError) -> JSONValue {
        let start = index
        var isInteger = true
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        guard index < bytes.count, Self.isDigit(bytes[index]) else { throw error("bad number") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard index < bytes.count, Self.isDigit(bytes[index]) else { throw error("bad number") }
            while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, Self.isDigit(bytes[index]) else { throw error("bad number") }
            while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
        }
        // Up to 18 digits always fit in an Int: read them without making a String.
        let digits = index - start - (negative ? 1 : 0)
        if isInteger && digits <= 18 {
            var value = 0
            for i in (start + (negative ? 1 : 0))..<index { value = value * 10 + Int(bytes[i] &- UInt8(ascii: "0")) }
            return .int(negative ? -value : value)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        if isInteger, let i = Int(text) { return .int(i) }
        guard let d = Double(text) else { throw JSONParseError(offset: start, reason: "bad number") }
        return .double(d)
    }
}
