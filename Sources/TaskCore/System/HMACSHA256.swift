/// HMAC-SHA-256 (RFC 2104 over FIPS 180-4): the keyed MAC that chains agent receipts, so a receipt
/// cannot be written or rewritten by someone who has the database but not the key.
public enum HMACSHA256 {
    /// The MAC of `message` under `key`, as 64 lower-case hex digits. A key longer than SHA-256's
    /// 64-byte block is hashed first, as the RFC says.
    public static func hex(key: [UInt8], message: [UInt8]) -> String {
        var block = key.count > 64 ? SHA256.digest(key) : key
        block += [UInt8](repeating: 0, count: 64 - block.count)
        var inner = SHA256()
        inner.update(block.map { $0 ^ 0x36 })
        inner.update(message)
        var outer = SHA256()
        outer.update(block.map { $0 ^ 0x5c })
        outer.update(inner.finishBytes())
        return outer.finish()
    }
}
