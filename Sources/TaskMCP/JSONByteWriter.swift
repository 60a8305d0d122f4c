import TaskCore

/// Writes JSON as UTF-8 bytes, byte for byte what `JSONValue.encoded()` writes (compact, keys sorted,
/// the same escapes and number forms), several times faster because it appends bytes instead of
/// string pieces. `tools/call` replies carry a tool's result twice (as text and as structured
/// content), so this is where the server spends its time.
enum JSONByteWriter {
    static func append(_ value: JSONValue, to out: inout [UInt8]) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .int(let i): out.append(contentsOf: String(i).utf8)
        case .double(let d): out.append(contentsOf: format(d).utf8)
        case .string(let s): appendString(s, to: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (n, item) in items.enumerated() {
                if n > 0 { out.append(UInt8(ascii: ",")) }
                append(item, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (n, key) in members.keys.sorted().enumerated() {
                if n > 0 { out.append(UInt8(ascii: ",")) }
                appendString(key, to: &out)
                out.append(UInt8(ascii: ":"))
                if let member = members[key] { append(member, to: &out) }
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// A JSON string literal of `text`, quotes included.
    static func appendString(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendString(utf8: $0, to: &out) }
    }

    /// A JSON string literal of UTF-8 `bytes`, quotes included.
    static func appendString(utf8 bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var runStart = 0
        var i = 0
        let count = bytes.count
        func flush(_ end: Int, _ out: inout [UInt8]) {
            if end > runStart { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<end])) }
        }
        while i < count {
            let b = bytes[i]
            let escape: String?
            var width = 1
            switch b {
            case 0x22: escape = "\\\""
            case 0x5C: escape = "\\\\"
            case 0x0A: escape = "\\n"
            case 0x0D: escape = "\\r"
            case 0x09: escape = "\\t"
            case 0x08: escape = "\\b"
            case 0x0C: escape = "\\f"
            case 0xE2 where i + 2 < count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9):
                escape = bytes[i + 2] == 0xA8 ? "\\u2028" : "\\u2029"
                width = 3
            case ..<0x20:
                let hex = String(b, radix: 16)
                escape = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: escape = nil
            }
            if let escape {
                flush(i, &out)
                out.append(contentsOf: escape.utf8)
                i += width
                runStart = i
            } else {
                i += 1
            }
        }
        flush(count, &out)
        out.append(UInt8(ascii: "\""))
    }

    /// Numbers exactly as `JSONValue.encoded()` writes them.
    private static func format(_ d: Double) -> String {
        guard d.isFinite else { return "null" }
        if d.rounded() == d && abs(d) < 1e15 { return String(Int(d)) + ".0" }
        return String(d)
    }
}
