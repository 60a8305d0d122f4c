import Foundation

/// The secret sent as `Authorization: Bearer …`.
///
/// Its description is a fixed placeholder, so interpolating it by mistake cannot print it.
public struct APIKey: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The secret itself; read it only to build the request header.
    public let value: String

    /// A key from text, trimmed; nil when nothing is left.
    public init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        value = trimmed
    }

    public var description: String { "[key]" }
    public var debugDescription: String { "[key]" }
}
