import Foundation

extension String {
    /// The text without white space around it: `trimmingCharacters(in: .whitespacesAndNewlines)`,
    /// or `.whitespaces` when `newlines` is false.
    ///
    /// When both ends are ASCII other than white space — nearly every argument, title and JSON
    /// line — the text comes back as it is without asking Foundation, whose trim goes through
    /// `NSString` and costs microseconds (a fifth of a `--batch` line's time before this).
    public func trimmed(newlines: Bool = true) -> String {
        if let first = utf8.first, let last = utf8.last, Self.isPlainASCII(first), Self.isPlainASCII(last) { return self }
        return trimmingCharacters(in: newlines ? .whitespacesAndNewlines : .whitespaces)
    }

    /// An ASCII byte that neither trim removes (tab, line feed, vertical tab, form feed, carriage
    /// return and space are white space or newlines).
    private static func isPlainASCII(_ byte: UInt8) -> Bool { byte < 0x80 && byte != 0x20 && !(0x09...0x0D).contains(byte) }
}
