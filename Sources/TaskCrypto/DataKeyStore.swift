/// Where the data key is kept: the Secret Service when a session bus offers one, else the key file.
///
/// With the Secret Service, a key still found only in the file (kept before a keyring was there) is
/// read from it too. A rotation's pending key lives beside the current one in the same place.
public enum DataKeyStore: Sendable {
    case file(DataKeyFile)
    case keyring(SecretServiceKeyring, fallback: DataKeyFile)

    /// The keyring when `DBUS_SESSION_BUS_ADDRESS` is set and a Secret Service answers a lookup
    /// (`TASKER_KEYRING=off` turns it off), else the file in `configDirectory`.
    public static func choose(configDirectory: String, environment: [String: String]) -> DataKeyStore {
        let file = DataKeyFile(directory: configDirectory)
        guard SecretServiceKeyring.busOffered(environment), environment["TASKER_KEYRING"] != "off" else { return .file(file) }
        let keyring = SecretServiceKeyring()
        do {
            _ = try keyring.load(kind: current)
            return .keyring(keyring, fallback: file)
        } catch {
            return .file(file)
        }
    }

    static let current = "data-key"
    static let pending = "data-key-pending"

    /// Where the key is, for messages.
    public var place: String {
        switch self {
        case .file(let file): file.path
        case .keyring: "the Secret Service (application=tasker kind=data-key)"
        }
    }

    public func load() throws(CryptoError) -> DataKey? {
        switch self {
        case .file(let file): return try file.load()
        case .keyring(let keyring, let fallback):
            if let key = try keyring.load(kind: Self.current) { return key }
            return try fallback.load()
        }
    }

    public func loadPending() throws(CryptoError) -> DataKey? {
        switch self {
        case .file(let file): return try file.loadPending()
        case .keyring(let keyring, let fallback):
            if let key = try keyring.load(kind: Self.pending) { return key }
            return try fallback.loadPending()
        }
    }

    /// Keeps `key` as the current one. - Returns: where it went, for messages: `place`, or the key
    /// file with why the Secret Service did not take it.
    @discardableResult
    public func save(_ key: DataKey) throws(CryptoError) -> String {
        switch self {
        case .file(let file):
            try file.save(key)
        case .keyring(let keyring, let fallback):
            // A Secret Service that answers lookups but cannot store (a locked keyring with no prompt
            // on a headless machine): the key file keeps the key instead, and the message says so.
            do { try keyring.save(key, kind: Self.current) } catch {
                try fallback.save(key)
                return "\(fallback.path) (\(error))"  // "the Secret Service did not store the key: …"
            }
        }
        return place
    }

    public func savePending(_ key: DataKey) throws(CryptoError) {
        switch self {
        case .file(let file): try file.savePending(key)
        case .keyring(let keyring, let fallback):
            do { try keyring.save(key, kind: Self.pending) } catch { try fallback.savePending(key) }
        }
    }

    /// Makes the pending key current. In the keyring that is two steps (store, then clear the
    /// pending item); a crash between them leaves the same key in both, which is harmless.
    @discardableResult
    public func promotePending() throws(CryptoError) -> Bool {
        switch self {
        case .file(let file): return try file.promotePending()
        case .keyring(let keyring, let fallback):
            guard let key = try keyring.load(kind: Self.pending) else { return try fallback.promotePending() }
            try keyring.save(key, kind: Self.current)
            try keyring.clear(kind: Self.pending)
            return true
        }
    }
}
