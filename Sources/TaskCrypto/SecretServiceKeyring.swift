import Foundation
internal import CSecret

/// The data key in the desktop's Secret Service (GNOME Keyring, KWallet) through libsecret: the only
/// file that calls libsecret. Items carry `application=tasker` and `kind=data-key` (or
/// `data-key-pending` while a rotation runs); the secret is the key's export text.
public struct SecretServiceKeyring: Sendable {
    public init() {}

    /// Whether a session bus is there to ask (`DBUS_SESSION_BUS_ADDRESS` set); whether it offers a
    /// Secret Service shows on the first call.
    public static func busOffered(_ environment: [String: String]) -> Bool {
        !(environment["DBUS_SESSION_BUS_ADDRESS"] ?? "").isEmpty
    }

    /// The key of `kind`, or nil when there is no such item.
    /// - Throws: `CryptoError.keyStorage` when no Secret Service answers or the item is not a key.
    public func load(kind: String) throws(CryptoError) -> DataKey? {
        var error: UnsafeMutablePointer<CChar>?
        let secret = csecret_lookup(kind, &error)
        if let error { throw .keyStorage("the Secret Service did not answer: \(Self.consume(error))") }
        guard let secret else { return nil }
        defer { csecret_free_secret(secret) }
        do { return try DataKey(exportText: String(cString: secret)) } catch {
            throw .keyStorage("the Secret Service item application=tasker kind=\(kind) does not hold a data key")
        }
    }

    /// Stores `key` as `kind` (replacing an item of that kind).
    public func save(_ key: DataKey, kind: String) throws(CryptoError) {
        var error: UnsafeMutablePointer<CChar>?
        let ok = csecret_store(kind, "Tasker data key", key.exportText, &error)
        if let error { throw .keyStorage("the Secret Service did not store the key: \(Self.consume(error))") }
        guard ok != 0 else { throw .keyStorage("the Secret Service did not store the key") }
    }

    /// Removes the item of `kind`; false when there was none.
    @discardableResult
    public func clear(kind: String) throws(CryptoError) -> Bool {
        var error: UnsafeMutablePointer<CChar>?
        let removed = csecret_clear(kind, &error)
        if let error { throw .keyStorage("the Secret Service did not remove the key: \(Self.consume(error))") }
        return removed != 0
    }

    private static func consume(_ error: UnsafeMutablePointer<CChar>) -> String {
        defer { free(error) }
        return String(cString: error)
    }
}
