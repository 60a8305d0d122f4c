import Foundation

/// The random 32-byte key that seals notes and page bodies.
///
/// Its description is a fixed placeholder, so interpolating it by mistake cannot print it; the only
/// ways out are `exportText` (for `tasker crypto export-key`) and the sealing calls.
public struct DataKey: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    let bytes: [UInt8]

    /// A fresh random key. - Throws: `CryptoError.unavailable` when libsodium cannot start.
    public static func random() throws(CryptoError) -> DataKey {
        guard Sodium.isReady else { throw .unavailable }
        return DataKey(bytes: Sodium.randomBytes(Sodium.keyBytes))
    }

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// The key from its exported text: `tasker-data-key-v1:` and base64 of 32 bytes (white space around
    /// it ignored), or the bare base64.
    /// - Throws: `CryptoError.malformedKey` saying what is wrong (never echoing the text).
    public init(exportText text: String) throws(CryptoError) {
        var body = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if body.hasPrefix(DataKey.prefix) { body.removeFirst(DataKey.prefix.count) }
        guard let data = Data(base64Encoded: body) else { throw .malformedKey("not base64") }
        guard data.count == Sodium.keyBytes else { throw .malformedKey("\(data.count) bytes instead of \(Sodium.keyBytes)") }
        bytes = [UInt8](data)
    }

    static let prefix = "tasker-data-key-v1:"

    /// The key as one line of text, for moving it to another machine.
    public var exportText: String { DataKey.prefix + Data(bytes).base64EncodedString() }

    /// A public name of this key: 16 hex digits of a keyed BLAKE2b of it (it tells keys apart and
    /// says nothing about the key).
    public var id: String {
        Sodium.hash(bytes, key: Array("tasker key id v1".utf8), length: 16).prefix(8).map { String(format: "%02x", $0) }.joined()
    }

    public var description: String { "[data key \(id)]" }
    public var debugDescription: String { description }
}
