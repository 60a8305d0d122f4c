import Foundation
import TaskCore

/// Seals single values (notes, page bodies) with XChaCha20-Poly1305 (IETF) under the data key.
///
/// A sealed value is `version (1 byte) | nonce (24 random bytes) | ciphertext + tag (16 bytes)`, and
/// its associated data is `table:uuid:column`, so the bytes open only where they were sealed. New
/// values are sealed with `key`; `open` also tries `otherKeys` (the key a rotation is moving away
/// from or towards), so a rotation stopped at any moment leaves every value readable.
public struct TaskCrypto: ValueSealing {
    public static let version: UInt8 = 1

    public let key: DataKey
    public let otherKeys: [DataKey]

    /// - Throws: `CryptoError.unavailable` when libsodium cannot start.
    public init(key: DataKey, otherKeys: [DataKey] = []) throws(CryptoError) {
        guard Sodium.isReady else { throw .unavailable }
        self.key = key
        self.otherKeys = otherKeys
    }

    public var keyID: String { key.id }

    /// The associated data binding a value to its place.
    static func binding(table: String, uuid: String, column: String) -> [UInt8] {
        Array("\(table):\(uuid):\(column)".utf8)
    }

    public func seal(_ text: String, table: String, uuid: String, column: String) throws -> [UInt8] {
        try seal(Array(text.utf8), binding: TaskCrypto.binding(table: table, uuid: uuid, column: column))
    }

    public func open(_ sealed: [UInt8], table: String, uuid: String, column: String) throws -> String {
        let plain = try open(sealed, binding: TaskCrypto.binding(table: table, uuid: uuid, column: column),
                             place: "\(table).\(column) of \(uuid)")
        return String(decoding: plain, as: UTF8.self)
    }

    /// `version | nonce | ciphertext+tag` for `message` bound to `binding`.
    func seal(_ message: [UInt8], binding: [UInt8]) throws(CryptoError) -> [UInt8] {
        let nonce = Sodium.randomBytes(Sodium.nonceBytes)
        guard let cipher = Sodium.seal(message, associated: binding, nonce: nonce, key: key.bytes) else { throw .unavailable }
        return [TaskCrypto.version] + nonce + cipher
    }

    /// The message in `sealed`, trying `key` and then `otherKeys`.
    func open(_ sealed: [UInt8], binding: [UInt8], place: String) throws(CryptoError) -> [UInt8] {
        guard let version = sealed.first else { throw .doesNotOpen(where: place) }
        guard version == TaskCrypto.version else { throw .unknownVersion(version) }
        let nonce = sealed.dropFirst().prefix(Sodium.nonceBytes)
        let cipher = sealed.dropFirst(1 + Sodium.nonceBytes)
        for candidate in [key] + otherKeys {
            if let plain = Sodium.open(cipher, associated: binding, nonce: nonce, key: candidate.bytes) { return plain }
        }
        throw .doesNotOpen(where: place)
    }

    /// Whether `sealed` opens with `key` itself (not one of `otherKeys`): how a rotation knows a value
    /// is already moved.
    public func opensWithCurrentKey(_ sealed: [UInt8], table: String, uuid: String, column: String) -> Bool {
        guard sealed.first == TaskCrypto.version else { return false }
        return Sodium.open(sealed.dropFirst(1 + Sodium.nonceBytes), associated: TaskCrypto.binding(table: table, uuid: uuid, column: column),
                           nonce: sealed.dropFirst().prefix(Sodium.nonceBytes), key: key.bytes) != nil
    }
}
