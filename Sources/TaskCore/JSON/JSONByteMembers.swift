import Foundation

/// A `JSONMemberWriter` that appends compact JSON to an output buffer, as `JSONValue.appendEncoded`
/// writes the same object: the hot path of task listings and `call --batch`, with no dictionary.
///
/// It takes the buffer over for its lifetime (`init(timeZone:into:)`) and hands it back closed
/// (`finish(into:)`), so no bytes are copied.
public struct JSONByteMembers: JSONMemberWriter {
    public let timeZone: TimeZone
    private var bytes: [UInt8] = []
    private var first = true

    /// Opens an object at the end of `out`, which is empty until `finish(into:)`.
    public init(timeZone: TimeZone, into out: inout [UInt8]) {
        self.timeZone = timeZone
        swap(&bytes, &out)
        bytes.append(UInt8(ascii: "{"))
    }

    /// Closes the object and gives the buffer back to `out`.
    public mutating func finish(into out: inout [UInt8]) {
        bytes.append(UInt8(ascii: "}"))
        swap(&bytes, &out)
    }

    private mutating func key(_ key: String) {
        if first { first = false } else { bytes.append(UInt8(ascii: ",")) }
        JSONBytes.appendString(key, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
    }

    public mutating func string(_ key: String, _ value: String?) {
        self.key(key)
        JSONBytes.appendString(value, to: &bytes)
    }

    public mutating func int(_ key: String, _ value: Int?) {
        self.key(key)
        JSONBytes.appendInt(value, to: &bytes)
    }

    public mutating func bool(_ key: String, _ value: Bool) {
        self.key(key)
        JSONBytes.appendBool(value, to: &bytes)
    }

    public mutating func strings(_ key: String, _ values: [String]) {
        self.key(key)
        bytes.append(UInt8(ascii: "["))
        for (i, value) in values.enumerated() {
            if i > 0 { bytes.append(UInt8(ascii: ",")) }
            JSONBytes.appendString(value, to: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    public mutating func date(_ key: String, _ value: Date?) {
        self.key(key)
        guard let value else { return bytes.append(contentsOf: "null".utf8) }
        ISODate.appendQuoted(value, in: timeZone, to: &bytes)
    }

    public mutating func value(_ key: String, _ value: JSONValue) {
        self.key(key)
        value.appendEncoded(to: &bytes)
    }
}
