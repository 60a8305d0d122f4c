import Foundation
import TaskCore

/// The receipts key and anchor of one database, outside it: `receipts/key` and `receipts/anchor`
/// beside `tasker.sqlite` (`NAME.receipts/` beside any other database NAME), 0600 in a 0700 folder
/// (`OwnerOnlyFile`), so someone who can write the database but not this folder cannot forge,
/// rewrite or cut off receipts unnoticed.
struct ReceiptKeyFiles: Sendable {
    let folder: String

    init(databasePath: String) { folder = TaskStore.folder("receipts", besideDatabase: databasePath) }

    var keyPath: String { folder + "/key" }
    var anchorPath: String { folder + "/anchor" }
    var lockPath: String { folder + "/anchor.lock" }

    /// A key's public name (recorded in the database's `receipt_keys`): a MAC of a fixed text under
    /// it, so the database can say a key existed without holding anything that signs.
    static func keyID(_ key: [UInt8]) -> String {
        String(HMACSHA256.hex(key: key, message: Array("tasker-receipts-key-id".utf8)).prefix(16))
    }

    /// Runs `body` holding an exclusive lock on `anchor.lock` (every process moving the anchor
    /// takes it), so two appenders never move the anchor backwards. Without the folder the body
    /// runs unlocked.
    func locked<T>(_ body: () throws -> T) rethrows -> T {
        let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { return try body() }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 && errno == EINTR {}
        defer { flock(fd, LOCK_UN) }
        return try body()
    }

    /// The key (32 bytes), made on first use when `creating`; nil when there is none and not `creating`.
    /// - Throws: `TaskStoreError.receiptKey` for a key file others can read, another user's, or one
    ///   that does not hold a key.
    func key(creating: Bool) throws -> [UInt8]? {
        if let text = try read(keyPath, what: "receipts key") {
            guard let key = Self.bytes(hex: text.trimmingCharacters(in: .whitespacesAndNewlines)), key.count == 32 else {
                throw TaskStoreError.receiptKey("the receipts key \(keyPath) does not hold a key; restore it from a backup")
            }
            return key
        }
        guard creating else { return nil }
        var generator = SystemRandomNumberGenerator()
        let fresh = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        do {
            try OwnerOnlyFile.create(Array((Self.hex(fresh) + "\n").utf8), at: keyPath)
        } catch {
            throw TaskStoreError.receiptKey(Self.words(error, keyPath, "receipts key"))
        }
        // Another process may have created it first: use the one on disk.
        return try key(creating: false)
    }

    /// What the anchor file says: nil when there is none; `.altered` when its MAC does not hold.
    func anchor(key: [UInt8]) throws -> AnchorState {
        guard let text = try read(anchorPath, what: "receipts anchor") else { return .missing }
        guard let anchor = ReceiptAnchor(text: text, key: key) else { return .altered }
        return .present(anchor)
    }

    enum AnchorState: Equatable {
        case missing, altered
        case present(ReceiptAnchor)
    }

    /// Replaces the anchor (atomically, 0600). - Throws: `TaskStoreError.receiptKey`.
    func save(_ anchor: ReceiptAnchor, key: [UInt8]) throws {
        do { try OwnerOnlyFile.write(Array(anchor.text(key: key).utf8), to: anchorPath) } catch {
            throw TaskStoreError.receiptKey(Self.words(error, anchorPath, "receipts anchor"))
        }
    }

    private func read(_ path: String, what: String) throws -> String? {
        do {
            return try OwnerOnlyFile.read(path).map { String(decoding: $0, as: UTF8.self) }
        } catch {
            throw TaskStoreError.receiptKey(Self.words(error, path, what))
        }
    }

    private static func words(_ problem: OwnerOnlyFile.Problem, _ path: String, _ what: String) -> String {
        switch problem {
        case .readableByOthers: "the \(what) \(path) is readable by group or others; run `chmod 600 \(path)`"
        case .otherOwner: "the \(what) \(path) belongs to another user; it is not used"
        case .failed(let reason): reason
        }
    }

    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef")
        var text = ""
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0xF)])
        }
        return text
    }

    static func bytes(hex text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        var index = 0
        while index < digits.count {
            guard let high = nibble(digits[index]), let low = nibble(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    private static func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case 0x30...0x39: c - 0x30
        case 0x61...0x66: c - 0x61 + 10
        default: nil
        }
    }
}
