/// Why JSON text could not be read, with the byte offset where reading stopped.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible, ExitCodeError {
    public let offset: Int
    public let reason: String
    /// Bad JSON is a malformed call.
    public var exitCode: Int32 { 2 }

    public var description: String { "invalid JSON at byte \(offset): \(reason)" }
    /// What to pass instead, for the command line.
    public var commandLineMessage: String { description + "; pass one JSON object, e.g. '{\"title\": \"Call mom\"}'" }

    public init(offset: Int, reason: String) {
        self.offset = offset
        self.reason = reason
    }
}

extension JSONValue {
    /// Parses one JSON text (RFC 8259). Integers that fit in `Int` stay `.int`; others are `.double`.
    ///
    /// Nesting is capped at 512 levels so hostile input cannot exhaust the stack.
    /// - Throws: `JSONParseError` naming the byte offset where the text stopped being JSON.
    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        var text = text
        let result: Result<JSONValue, JSONParseError> = text.withUTF8 { bytes in
            do throws(JSONParseError) {
                return .success(try parse(utf8: bytes))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Parses one JSON text given as UTF-8 bytes (a line of a buffer, say), as `parse(_:)` does.
    public static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>) throws(JSONParseError) -> JSONValue {
        var scanner = JSONScanner(bytes: bytes)
        scanner.skipWhitespace()
        let value = try scanner.readValue(depth: 0)
        scanner.skipWhitespace()
        guard scanner.atEnd else { throw scanner.error("unexpected text after the JSON value") }
        return value
    }
}
