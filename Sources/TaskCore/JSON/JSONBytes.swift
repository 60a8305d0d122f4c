import Foundation

/// JSON scalars appended as bytes, as `JSONValue.appendEncoded` writes them.
public enum JSONBytes {
    /// A string literal (quotes and escapes), or null for nil.
    public static func appendString(_ text: String?, to out: inout [UInt8]) {
        guard var text else { return out.append(contentsOf: "null".utf8) }
        text.withUTF8 { JSONValue.appendStringLiteral(utf8: $0, to: &out) }
    }

    /// An integer, or null for nil.
    public static func appendInt(_ value: Int?, to out: inout [UInt8]) {
        guard let value else { return out.append(contentsOf: "null".utf8) }
        if value >= 0 && value < 10 { return out.append(UInt8(truncatingIfNeeded: 48 + value)) }
        out.append(contentsOf: String(value).utf8)
    }

    /// `true` or `false`.
    public static func appendBool(_ value: Bool, to out: inout [UInt8]) {
        out.append(contentsOf: (value ? "true" : "false").utf8)
    }
}
