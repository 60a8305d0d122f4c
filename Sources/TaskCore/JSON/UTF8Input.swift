/// Bytes from outside (an argument, standard input, a line of a batch or of MCP) decoded as strict
/// UTF-8: the one decoder every door uses, so invalid bytes are refused everywhere alike instead of
/// being stored as U+FFFD.
///
/// Refused: stray continuation bytes, truncated sequences, overlong forms (`C0 80`), encoded
/// surrogates (`ED A0 80`) and anything above U+10FFFF — exactly what Unicode calls ill-formed.
public enum UTF8Input {
    /// Bytes that are not UTF-8, and the offset of the first bad byte.
    public struct Invalid: Error, Equatable, Sendable, CustomStringConvertible, ExitCodeError {
        /// What was being read ("standard input", "argument 2", "line 7").
        public var source: String
        /// 0-based offset of the first byte that is not part of a well-formed sequence.
        public var offset: Int

        public init(source: String, offset: Int) {
            self.source = source
            self.offset = offset
        }

        /// Bytes that are not UTF-8 are refused like a wrong word.
        public var exitCode: Int32 { 2 }

        public var description: String {
            "\(source) is not valid UTF-8 (bad byte at offset \(offset)); convert it to UTF-8 (e.g. with iconv) and try again"
        }
    }

    /// The text of `bytes`, or where it stops being UTF-8. `source` is only worked out for bytes
    /// that are not UTF-8 (`"line \(n)"` costs more than decoding a short line).
    public static func decode<Bytes: Collection<UInt8>>(_ bytes: Bytes, source: @autoclosure () -> String) -> Result<String, Invalid> {
        if let text = String(validating: bytes, as: UTF8.self) { return .success(text) }
        return .failure(Invalid(source: source(), offset: firstInvalidOffset(bytes)))
    }

    /// - Throws: `Invalid`.
    public static func text<Bytes: Collection<UInt8>>(_ bytes: Bytes, source: String) throws(Invalid) -> String {
        try decode(bytes, source: source).get()
    }

    /// Walks well-formed scalars until the first error (only called once decoding has failed).
    static func firstInvalidOffset<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Int {
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .error: return offset
            case .emptyInput: return offset
            }
        }
    }
}
