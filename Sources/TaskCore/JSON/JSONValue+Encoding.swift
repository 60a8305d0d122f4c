/// JSON text out of a `JSONValue`: compact (no insignificant whitespace, object keys sorted,
/// non-ASCII kept as UTF-8) so one value always encodes to the same line — JSON Lines, MCP framing
/// and golden fixtures rely on that — or indented for people.
///
/// Written as UTF-8 bytes rather than string pieces: MCP replies and tool results are the hot path.
extension JSONValue {
    /// The compact form.
    public func encoded() -> String {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        appendEncoded(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Indented JSON for people (`tasker call` on a terminal, `tasker tools --json`).
    public func prettyEncoded() -> String {
        var out: [UInt8] = []
        write(to: &out, indent: 0)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the compact form's UTF-8 bytes to `out`.
    public func appendEncoded(to out: inout [UInt8]) {
        write(to: &out, indent: nil)
    }

    /// Appends one object's compact form to `out` straight from its members, with no dictionary in
    /// between: what `.object(members).encoded()` writes, provided `members` hands over each key
    /// once and in sorted order (checked in debug builds). How a shape written once as a list of
    /// members is both a `JSONValue` and bytes in an output buffer (`parse --json -`).
    public static func appendObject(to out: inout [UInt8], _ members: (_ member: (String, JSONValue) -> Void) -> Void) {
        out.append(UInt8(ascii: "{"))
        var previous: String?
        members { key, value in
            assert(previous.map { $0 < key } ?? true, "members must come in sorted key order: \(key) after \(previous ?? "")")
            if previous != nil { out.append(UInt8(ascii: ",")) }
            previous = key
            appendStringLiteral(key, to: &out)
            out.append(UInt8(ascii: ":"))
            value.appendEncoded(to: &out)
        }
        out.append(UInt8(ascii: "}"))
    }

    /// Appends `bytes` (UTF-8 text) as a JSON string literal, quotes included — how JSON text is
    /// embedded in another message (MCP's text content) without building a `String` first.
    public static func appendStringLiteral(utf8 bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        // Most strings hold nothing to escape: one pass to see that, then one copy.
        if !bytes.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0xE2 }) {
            out.append(contentsOf: bytes)
            out.append(UInt8(ascii: "\""))
            return
        }
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
            // U+2028 and U+2029 are valid in JSON but end lines in JavaScript: escaped for safety.
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

    /// Compact when `indent` is nil, else indented two spaces a level starting at `indent`.
    private func write(to out: inout [UInt8], indent: Int?) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .int(let i): out.append(contentsOf: String(i).utf8)
        case .double(let d): out.append(contentsOf: JSONValue.format(d).utf8)
        case .string(let s): JSONValue.appendStringLiteral(s, to: &out)
        case .array(let items):
            if items.isEmpty { out.append(contentsOf: "[]".utf8); return }
            out.append(UInt8(ascii: "["))
            for (n, item) in items.enumerated() {
                if n > 0 { out.append(UInt8(ascii: ",")) }
                JSONValue.newline(&out, indent.map { $0 + 1 })
                item.write(to: &out, indent: indent.map { $0 + 1 })
            }
            JSONValue.newline(&out, indent)
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            if members.isEmpty { out.append(contentsOf: "{}".utf8); return }
            out.append(UInt8(ascii: "{"))
            for (n, member) in members.sorted(by: { $0.key < $1.key }).enumerated() {
                if n > 0 { out.append(UInt8(ascii: ",")) }
                JSONValue.newline(&out, indent.map { $0 + 1 })
                JSONValue.appendStringLiteral(member.key, to: &out)
                out.append(contentsOf: (indent == nil ? ":" : ": ").utf8)
                member.value.write(to: &out, indent: indent.map { $0 + 1 })
            }
            JSONValue.newline(&out, indent)
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func newline(_ out: inout [UInt8], _ indent: Int?) {
        guard let indent else { return }
        out.append(0x0A)
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * 2))
    }

    /// Appends `text` as a JSON string literal, quotes included: what `.string(text)` encodes to,
    /// for writers that put JSON straight into an output buffer.
    public static func appendStringLiteral(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendStringLiteral(utf8: $0, to: &out) }
    }

    /// A double as JSON: integral values keep a `.0` so they read back as doubles; NaN and
    /// infinities, which JSON cannot express, become null.
    private static func format(_ d: Double) -> String {
        guard d.isFinite else { return "null" }
        if d.rounded() == d && abs(d) < 1e15 { return String(Int(d)) + ".0" }
        return String(d)
    }
}
