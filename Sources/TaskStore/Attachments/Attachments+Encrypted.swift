import Foundation
import TaskCore

/// Encrypted attachments (`attach_file` with `encrypt`, or config `attachments.encrypt`).
///
/// The object is `objects/ab/<sha256 of the plain content>.sealed`, sealed with a secretstream
/// (`SecretstreamCodec`) under a random key of its own. That key is kept in each row naming the
/// object (`object_key`), sealed with the data key like a note (bound to `attachments:<uuid>:object_key`),
/// so `tasker crypto rotate` re-seals it with the notes and the object itself is never rewritten.
/// Identical files attached twice with encryption are one object with one key: the second attach
/// finds a row naming that object, opens its key and seals it again for the new row (the copy it
/// just encrypted under a fresh key is dropped). `stored_sha256` is the hash of the encrypted file,
/// which `verify` checks without the key.
extension Attachments {
    /// Copies `path` in encrypted and adds its row; called by `attachFile` under the store's
    /// exclusive lock (the object's key is decided here: the first row's, or this fresh one).
    func attachEncrypted(_ path: String, name: String, to owner: AttachmentOwner, objects: ObjectStore) throws -> (attachment: Attachment, stored: ObjectStore.Stored) {
        let (sealer, stored, key, storedHash) = try storeEncrypted(path, objects: objects)
        let uuid = TaskStore.newUUID(now: store.now)
        let sealedKey = try sealObjectKey(key, uuid: uuid, with: sealer)
        let attachment = try addAttachment(sha256: stored.sha256, size: stored.size, name: name, to: owner, encoding: SecretstreamCodec.encodingName,
                                           uuid: uuid, sealedKey: sealedKey, storedSHA256: storedHash)
        return (attachment, stored)
    }

    /// Why an attachment cannot be encrypted while sealing is off (attaching one, or importing one).
    private static let sealingOffForAttachments = "encrypting attachments needs sealing, which is off; run `tasker crypto enable` first"

    /// Why attachments cannot be stored encrypted here (sealing off, or the data key not given to
    /// this process), or nil when they can.
    public func attachmentEncryptionProblem() throws -> String? {
        guard try store.read({ try store.sealingIsOn() }) else { return Self.sealingOffForAttachments }
        guard store.sealer is any StreamSealing else { return "the data key is not available: \(store.keyUnavailable)" }
        return nil
    }

    /// Stores the plain bytes `staged` holds (brought by an import) encrypted, for the attachment
    /// row `uuid` the import wrote plain in the same transaction, and makes that row encrypted: how an
    /// import honours `attachments.encrypt`. The caller holds the object store's exclusive lock and
    /// then drops the plain staged copy. - Throws: `.attachmentIngestFailed` as `attachmentEncryptionProblem` says.
    public func encryptImportedAttachment(uuid: String, staged: StagedObject, objects: ObjectStore) throws {
        guard let plain = staged.path else {
            throw TaskStoreError.attachmentIngestFailed(path: staged.sha256, reason: "its imported bytes were already moved into the store")
        }
        let (sealer, _, key, storedHash) = try storeEncrypted(plain, objects: objects)
        let sealedKey = try sealObjectKey(key, uuid: uuid, with: sealer)
        try store.write {
            try store.db.run("UPDATE attachments SET encoding = ?, object_key = ?, stored_sha256 = ? WHERE uuid = ?",
                             [.text(SecretstreamCodec.encodingName), .blob(sealedKey), .text(storedHash), .text(uuid)])
        }
    }

    /// Copies the plain file at `path` into `objects` encrypted, once per content: the key is the
    /// one a row already holds for this content, or a fresh one. Returns the sealer that seals that
    /// key into a row, what was stored, the key and the encrypted file's hash.
    private func storeEncrypted(_ path: String, objects: ObjectStore) throws
        -> (sealer: any ValueSealing, stored: ObjectStore.Stored, key: [UInt8], storedHash: String)
    {
        let on = try store.read { try store.sealingIsOn() }
        guard on else {
            throw TaskStoreError.attachmentIngestFailed(path: path, reason: Self.sealingOffForAttachments)
        }
        guard let sealer = store.sealer, let streams = sealer as? any StreamSealing else {
            throw TaskStoreError.attachmentIngestFailed(path: path, reason: "it cannot be encrypted because the data key is not available: \(store.keyUnavailable)")
        }
        var key = streams.newStreamKey()
        var sealedObjects = objects.through(SecretstreamCodec(streams: streams, key: key))
        var stored = try sealedObjects.ingest(file: path)
        var storedHash: String
        if !stored.isNew, let existing = try objectKey(of: stored.sha256) {
            (key, storedHash) = existing
        } else {
            if !stored.isNew {
                // An object no row names any more (its key went with its rows): replaced by this copy.
                sealedObjects.remove(stored.sha256)
                sealedObjects = objects.through(SecretstreamCodec(streams: streams, key: key))
                stored = try sealedObjects.ingest(file: path)
            }
            storedHash = try sealedObjects.storedHash(of: stored.sha256)
        }
        return (sealer, stored, key, storedHash)
    }

    /// The key and stored hash of the encrypted object with this content hash, from a row naming it.
    private func objectKey(of sha256: String) throws -> (key: [UInt8], storedSHA256: String)? {
        let row = try store.read {
            try store.db.cached("""
                SELECT uuid, object_key, stored_sha256 FROM attachments
                WHERE sha256 = ? AND encoding = ? AND object_key IS NOT NULL AND stored_sha256 IS NOT NULL LIMIT 1
                """).bind([.text(sha256), .text(SecretstreamCodec.encodingName)]).first { ($0.string(0), $0.bytes(1), $0.string(2)) }
        }
        guard let (uuid, sealed, storedHash) = row else { return nil }
        return (try openObjectKey(sealed, uuid: uuid), storedHash)
    }

    /// An object's key sealed for the row `uuid` (`openObjectKey` opens it).
    private func sealObjectKey(_ key: [UInt8], uuid: String, with sealer: any ValueSealing) throws -> [UInt8] {
        try sealer.seal(Data(key).base64EncodedString(), table: "attachments", uuid: uuid, column: "object_key")
    }

    private func openObjectKey(_ sealed: [UInt8], uuid: String) throws -> [UInt8] {
        guard let text = try store.openedValue(sealed, table: "attachments", uuid: uuid, column: "object_key", what: "the key of attachment \(uuid)") else {
            throw TaskStoreError.sealed("this attachment is encrypted and the data key is not available, so nothing was written: \(store.keyUnavailable)")
        }
        guard let key = Data(base64Encoded: text) else { throw TaskStoreError.sealed("the key of attachment \(uuid) is damaged; it cannot be opened") }
        return Array(key)
    }

    /// The object store to read `attachment`'s object through: `objects` itself for a plain one, the
    /// object's secretstream with its key for an encrypted one.
    /// - Throws: `.sealed` when it is encrypted and the data key is not available (or does not open it).
    public func objects(for attachment: Attachment, in objects: ObjectStore) throws -> ObjectStore {
        guard attachment.encoding == SecretstreamCodec.encodingName else { return objects }
        guard let sealedKey = attachment.sealedKey, let streams = store.sealer as? any StreamSealing else {
            throw TaskStoreError.sealed("this attachment is encrypted and the data key is not available, so nothing was written: \(store.keyUnavailable)")
        }
        let key = try openObjectKey(sealedKey, uuid: attachment.uuid)
        return objects.through(SecretstreamCodec(streams: streams, key: key, object: attachment.sha256))
    }

    /// The object store to read the encrypted object with this content hash through (an export).
    /// - Throws: `.sealed` when the data key is not available; `.objectUnreadable` when no row names it.
    public func encryptedObjects(sha256: String, in objects: ObjectStore) throws -> ObjectStore {
        guard let streams = store.sealer as? any StreamSealing else {
            throw TaskStoreError.sealed("this attachment is encrypted and the data key is not available, so nothing was written: \(store.keyUnavailable)")
        }
        guard let (key, _) = try objectKey(of: sha256) else {
            throw TaskStoreError.objectUnreadable(sha256: sha256, reason: "no attachment holds its key")
        }
        return objects.through(SecretstreamCodec(streams: streams, key: key, object: sha256))
    }

    /// Checks each encrypted object by the hash of its stored bytes (no key needed).
    func verifyEncryptedObjects(objects: ObjectStore, into result: inout ObjectVerification) throws {
        let expected: [String: String] = try store.read {
            var hashes: [String: String] = [:]
            let sql = "SELECT sha256, stored_sha256 FROM attachments WHERE encoding = ? AND stored_sha256 IS NOT NULL"
            for (hash, storedHash) in try store.db.prepare(sql).bind([.text(SecretstreamCodec.encodingName)]).rows({ ($0.string(0), $0.string(1)) }) {
                hashes[hash] = storedHash
            }
            return hashes
        }
        let suffix = SecretstreamCodec.suffix
        let stored = try objects.hashes(suffix: suffix)
        for hash in stored {
            guard let want = expected[hash] else {
                result.unreferenced += 1
                continue
            }
            let path = objects.path(of: hash, suffix: suffix)
            do {
                let actual = try objects.storedHash(of: hash, suffix: suffix)
                if actual == want {
                    result.intact += 1
                } else {
                    result.corrupt.append(.init(sha256: hash, problem: "its encrypted bytes hash to \(actual), not \(want)", path: path))
                }
            } catch {
                result.corrupt.append(.init(sha256: hash, problem: "\(error)", path: path))
            }
        }
        let present = Set(stored)
        result.missing += expected.keys.filter { !present.contains($0) }.sorted()
    }
}

extension ObjectStore {
    /// Where an attachment's object is stored (`…/<sha256>.sealed` when encrypted).
    public func path(of attachment: Attachment) -> String {
        path(of: attachment.sha256, suffix: attachment.encoding == SecretstreamCodec.encodingName ? SecretstreamCodec.suffix : "")
    }
}
