/// An agent's key: `tkr_<public id>_<secret>`, where the id (8 base62 characters) finds the agent and
/// the secret (32 random bytes from the OS, 43 base62 characters) proves it. Only the secret's
/// SHA-256 is stored; the key itself is shown once and never again.
public struct AgentKey: Sendable, Hashable, CustomStringConvertible {
    public static let prefix = "tkr_"
    public static let idLength = 8
    public static let secretLength = 43

    public let id: String
    /// The secret in base62; never logged.
    public let secret: String

    public init(id: String, secret: String) {
        self.id = id
        self.secret = secret
    }

    /// A new key: the id and the secret from the system's random source (getrandom(2) on Linux).
    public static func generate() -> AgentKey {
        var generator = SystemRandomNumberGenerator()
        let id = Base62.random(count: idLength)
        let secret = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return AgentKey(id: id, secret: Base62.encode(secret, length: secretLength))
    }

    /// Reads `tkr_<id>_<secret>`; nil for anything else (wrong prefix, lengths or characters).
    public init?(text: String) {
        guard text.hasPrefix(Self.prefix) else { return nil }
        let rest = text.dropFirst(Self.prefix.count)
        let parts = rest.split(separator: "_", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == Self.idLength, parts[1].count == Self.secretLength,
            parts.allSatisfy({ $0.utf8.allSatisfy(Base62.isDigit) })
        else { return nil }
        self.init(id: String(parts[0]), secret: String(parts[1]))
    }

    /// The whole key, for showing once.
    public var text: String { "\(Self.prefix)\(id)_\(secret)" }

    /// What is stored: the secret's SHA-256 in hex.
    public var secretHash: String { SHA256.hex(secret) }

    /// Whether `storedHash` is this key's, compared in constant time.
    public func matches(storedHash: String) -> Bool { SHA256.constantTimeEqual(secretHash, storedHash) }

    /// Only the public part, so a key printed by mistake (in a log, an error) reveals nothing.
    public var description: String { "\(Self.prefix)\(id)_…" }
}

/// Base62 (0-9, A-Z, a-z) of a big-endian number.
public enum Base62 {
    static let digits = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")

    static func isDigit(_ byte: UInt8) -> Bool {
        (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte)
    }

    /// `count` digits from the system's random source, each equally likely (rejection sampling).
    public static func random(count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        var out: [Character] = []
        while out.count < count {
            let byte = UInt8.random(in: 0...255, using: &generator)
            if byte < 248 { out.append(digits[Int(byte % 62)]) }
        }
        return String(out)
    }

    /// `bytes` as a number in base62, left-padded with "0" to `length` digits.
    static func encode(_ bytes: [UInt8], length: Int) -> String {
        var number = bytes
        var out: [Character] = []
        while number.contains(where: { $0 != 0 }) {
            var remainder = 0
            for i in number.indices {
                let value = remainder << 8 | Int(number[i])
                number[i] = UInt8(value / 62)
                remainder = value % 62
            }
            out.append(digits[remainder])
        }
        while out.count < length { out.append("0") }
        return String(out.reversed())
    }
}
