import Foundation
import TaskCore

/// Sealed page bodies: whether sealing is on, sealing on write, opening on read, `crypto enable`,
/// rotation and scrubbing the file of old clear text.
///
/// A sealed body is a BLOB (`version | nonce | ciphertext+tag`, bound to `pages`, the page's UUID
/// and `body`); clear text stays TEXT, so `typeof(body)` tells them apart with no extra column.
extension TaskStore {
    /// What `crypto status` shows.
    public struct SealingStatus: Sendable, Equatable {
        /// Sealing is on: new bodies are sealed, and writing one needs the key.
        public var isOn: Bool
        /// The id of the key that seals (never the key).
        public var keyID: String?
        public var sealedPages: Int
        public var clearPages: Int

        public init(isOn: Bool, keyID: String?, sealedPages: Int, clearPages: Int) {
            self.isOn = isOn
            self.keyID = keyID
            self.sealedPages = sealedPages
            self.clearPages = clearPages
        }
    }

    public func sealingStatus() throws -> SealingStatus {
        try read {
            let row = try db.cached("SELECT key_id, enabled FROM crypto WHERE id = 1").first { ($0.string(0), $0.int(1) == 1) }
            let sealed = try db.scalar("SELECT count(*) FROM pages WHERE typeof(body) = 'blob'") ?? 0
            let clear = try db.scalar("SELECT count(*) FROM pages WHERE typeof(body) <> 'blob'") ?? 0
            return SealingStatus(isOn: row?.1 ?? false, keyID: row?.0, sealedPages: Int(sealed), clearPages: Int(clear))
        }
    }

    /// Seals every clear page body with `sealer`, in one transaction, and turns sealing on; then
    /// scrubs the file (`scrub()`). Returns how many bodies were sealed (0 when all already were).
    /// - Throws: `.sealed` without a sealer, or when the database is sealed with another key.
    @discardableResult
    public func enableSealing() throws -> Int {
        guard let sealer else { throw TaskStoreError.sealed("sealing needs the data key, which is not available: \(keyUnavailable)") }
        let count = try write {
            if let existing = try db.cached("SELECT key_id FROM crypto WHERE id = 1").first({ $0.string(0) }), existing != sealer.keyID {
                throw TaskStoreError.sealed(
                    "this database is sealed with key \(existing), not with the key given (\(sealer.keyID)); import the right key with `tasker crypto import-key`")
            }
            try db.run("INSERT OR REPLACE INTO crypto(id, key_id, enabled) VALUES (1, ?, 1)", [.text(sealer.keyID)])
            let rows = try db.prepare("SELECT id, uuid, body FROM pages WHERE typeof(body) <> 'blob'").rows { ($0.int64(0), $0.string(1), $0.string(2)) }
            let update = try db.prepare("UPDATE pages SET body = ? WHERE id = ?")
            for (id, uuid, body) in rows {
                update.reset()
                // Sealing is not an edit: `updated` stays, so merges and reviews see no change.
                try update.bind([.blob(try sealer.seal(body, table: "pages", uuid: uuid, column: "body")), .integer(id)]).run()
            }
            return rows.count
        }
        try scrub()
        return count
    }

    /// Re-seals every sealed body with `newSealer` (which must open the old ones too: its `otherKeys`)
    /// in one transaction, and records its key id; then scrubs. A kill at any moment leaves either all
    /// bodies under the old key and the old key id, or all under the new.
    /// - Throws: `.sealed` when sealing is off or a body does not open.
    @discardableResult
    public func reseal(with newSealer: any ValueSealing) throws -> Int {
        let count = try write {
            guard try db.scalar("SELECT enabled FROM crypto WHERE id = 1") == 1 else {
                throw TaskStoreError.sealed("sealing is off; run `tasker crypto enable` first")
            }
            let rows = try db.prepare("SELECT id, uuid, body FROM pages WHERE typeof(body) = 'blob'").rows { ($0.int64(0), $0.string(1), $0.bytes(2)) }
            let update = try db.prepare("UPDATE pages SET body = ? WHERE id = ?")
            for (id, uuid, sealed) in rows {
                let text: String
                do { text = try newSealer.open(sealed, table: "pages", uuid: uuid, column: "body") } catch {
                    throw TaskStoreError.sealed("page \(id) does not open with the old or the new key (\(error)); nothing was changed")
                }
                update.reset()
                try update.bind([.blob(try newSealer.seal(text, table: "pages", uuid: uuid, column: "body")), .integer(id)]).run()
            }
            try db.run("UPDATE crypto SET key_id = ? WHERE id = 1", [.text(newSealer.keyID)])
            return rows.count
        }
        sealer = newSealer
        try scrub()
        return count
    }

    /// Removes old clear text from the file: merges the full-text index (dropping deleted entries),
    /// rewrites the database (VACUUM: no free page keeps old bytes) and empties the WAL (a TRUNCATE
    /// checkpoint). Other processes holding the file open may keep the WAL from being emptied until
    /// they close; nothing is lost either way.
    public func scrub() throws {
        try mapErrors {
            try db.execute("INSERT INTO pages_fts(pages_fts) VALUES ('optimize')")
            try db.execute("VACUUM")
            try db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
    }

    /// The key id recorded in the database, or nil when sealing was never turned on.
    public func sealingKeyID() throws -> String? {
        try read { try db.cached("SELECT key_id FROM crypto WHERE id = 1").first { $0.string(0) } }
    }

    // MARK: Inside the store

    /// Whether new bodies must be sealed.
    func sealingIsOn() throws -> Bool { try db.scalar("SELECT enabled FROM crypto WHERE id = 1") == 1 }

    /// The stored form of a page body: sealed when sealing is on, clear otherwise.
    /// - Throws: `.sealed` when sealing is on and the key is not available (nothing is written).
    func storedBody(_ text: String, uuid: String) throws -> DatabaseValue {
        guard try sealingIsOn() else { return .text(text) }
        guard let sealer else {
            throw TaskStoreError.sealed("pages are sealed and the data key is not available, so nothing was written: \(keyUnavailable)")
        }
        return .blob(try sealer.seal(text, table: "pages", uuid: uuid, column: "body"))
    }

    /// A page body as read from `column` of `s`: the text, or (sealed, no key) nil — never the
    /// ciphertext. - Throws: `.sealed` when the key is there but the body does not open (moved, altered).
    func openedBody(_ s: Statement, column: Int32, uuid: String, pageID: Int64) throws -> String? {
        guard s.isBlob(column) else { return s.string(column) }
        guard let sealer else { return nil }
        do {
            return try sealer.open(s.bytes(column), table: "pages", uuid: uuid, column: "body")
        } catch {
            throw TaskStoreError.sealed("page \(pageID) is sealed but does not open with the data key: \(error)")
        }
    }

    /// The sentence for reading a sealed page without the key.
    public var lockedPageSentence: String { "this page is sealed and the data key is not available: \(keyUnavailable)" }
}
