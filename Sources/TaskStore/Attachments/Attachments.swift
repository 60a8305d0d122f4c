import Foundation
import TaskCore

/// Attachments over the store's connection, `Attachments(store)`: rows in `attachments` naming
/// objects in an `ObjectStore` by SHA-256.
///
/// The rows are the objects' references. Attaching copies the file in and adds a row under the
/// store's shared lock; detaching removes the row only; `collectGarbage` removes the objects no row
/// names, under the exclusive lock; `verifyObjects` re-hashes every object. Encrypted ones:
/// `Attachments+Encrypted`. The rows a task's deletion takes and puts back in its own transaction
/// are read and written by `TaskStore+Attachments`.
public struct Attachments {
    public let store: TaskStore

    public init(_ store: TaskStore) { self.store = store }

    /// Copies the file at `path` into `objects` (once per content) and attaches it to `owner`.
    ///
    /// `name` defaults to the file's last path component; `encrypt` (default: `objects.encryptByDefault`)
    /// stores it encrypted (`attachEncrypted`). - Throws: `.attachmentIngestFailed` with
    /// the reason (missing, not a regular file, over the size limit, a read or write error),
    /// `.taskNotFound` / `.pageNotFound` for an owner that is gone (the copied object is then garbage).
    public func attachFile(
        _ path: String, name: String? = nil, to owner: AttachmentOwner, objects: ObjectStore, encrypt: Bool? = nil
    ) throws -> (attachment: Attachment, stored: ObjectStore.Stored) {
        let encrypt = encrypt ?? objects.encryptByDefault
        // Encrypted: exclusive, so two attaches of the same new content cannot both decide whose key the object has.
        return try objects.withLock(exclusive: encrypt) {
            let fileName = name ?? URL(fileURLWithPath: path).lastPathComponent
            if encrypt { return try attachEncrypted(path, name: fileName, to: owner, objects: objects) }
            let stored = try objects.ingest(file: path)
            let attachment = try addAttachment(sha256: stored.sha256, size: stored.size, name: fileName, to: owner,
                                               encoding: objects.codec.name)
            return (attachment, stored)
        }
    }

    /// Adds a row naming an object already stored. - Throws: `.invalidValue` for a hash that is not
    /// 64 hex digits or an empty name; `.taskNotFound` / `.pageNotFound`.
    public func addAttachment(
        sha256: String, size: Int64, name: String, to owner: AttachmentOwner, encoding: String = "plain",
        uuid: String? = nil, sealedKey: [UInt8]? = nil, storedSHA256: String? = nil
    ) throws -> Attachment {
        guard SHA256.isHex(sha256) else { throw TaskStoreError.invalidValue(field: "sha256", reason: "'\(sha256)' is not 64 lower-case hex digits") }
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw TaskStoreError.invalidValue(field: "name", reason: "an attachment needs a file name") }
        return try store.write {
            let (task, page) = try store.ownerColumns(owner)
            try store.db.run("""
                INSERT INTO attachments(uuid, task_id, page_id, name, sha256, size, encoding, remote_url, created, object_key, stored_sha256)
                VALUES (?, ?, ?, ?, ?, ?, ?,
                        (SELECT remote_url FROM attachments WHERE sha256 = ? AND encoding = ? AND remote_url IS NOT NULL LIMIT 1), ?, ?, ?)
                """,
                [.text(uuid ?? TaskStore.newUUID(now: store.now)), task, page, .text(trimmed), .text(sha256), .integer(size), .text(encoding),
                 .text(sha256), .text(encoding), DatabaseValue(TaskStore.wholeSeconds(store.now)), sealedKey.map { .blob($0) } ?? .null,
                 DatabaseValue(storedSHA256)])
            return try loadAttachment(AttachmentID(store.db.lastInsertRowID))
        }
    }

    /// One attachment. - Throws: `.attachmentNotFound`.
    public func attachment(_ id: AttachmentID) throws -> Attachment {
        try store.read { try loadAttachment(id) }
    }

    func loadAttachment(_ id: AttachmentID) throws -> Attachment {
        guard let found = try store.db.cached("SELECT \(TaskStore.attachmentColumns) FROM attachments a WHERE a.id = ?")
            .bind([.integer(id.rawValue)]).first(TaskStore.readAttachment)
        else { throw TaskStoreError.attachmentNotFound(id) }
        return found
    }

    /// The attachments of one task or page (every one when `owner` is nil), oldest first.
    public func attachments(of owner: AttachmentOwner? = nil) throws -> [Attachment] {
        try store.read {
            let sql = "SELECT \(TaskStore.attachmentColumns) FROM attachments a"
            switch owner {
            case nil: return try store.db.prepare(sql + " ORDER BY a.id").rows(TaskStore.readAttachment)
            case .task(let id): return try store.db.cached(sql + " WHERE a.task_id = ? ORDER BY a.id").bind([.integer(id.rawValue)]).rows(TaskStore.readAttachment)
            case .page(let id): return try store.db.cached(sql + " WHERE a.page_id = ? ORDER BY a.id").bind([.integer(id.rawValue)]).rows(TaskStore.readAttachment)
            }
        }
    }

    /// Removes one attachment's row (its object stays until `collectGarbage` finds no other row
    /// naming it) and leaves a tombstone. - Returns: the attachment as it was. - Throws: `.attachmentNotFound`.
    @discardableResult
    public func detach(_ id: AttachmentID) throws -> Attachment {
        try store.write {
            let found = try loadAttachment(id)
            try store.db.run("DELETE FROM attachments WHERE id = ?", [.integer(id.rawValue)])
            try store.recordTombstone(kind: .attachment, uuid: found.uuid)
            return found
        }
    }

    /// Puts detached (or deleted with their task) attachments back with their ids and UUIDs; one
    /// whose task or page is gone, or whose UUID is here again, is skipped. - Returns: those restored.
    @discardableResult
    public func restoreAttachments(_ attachments: [Attachment]) throws -> [Attachment] {
        try store.write { try store.insertRestored(attachments) }
    }

    /// How many rows name each object stored with `encoding` ("plain" or "secretstream"): every
    /// such object's reference count.
    public func objectReferences(encoding: String = "plain") throws -> [String: Int] {
        try store.read {
            var counts: [String: Int] = [:]
            let sql = "SELECT sha256, count(*) FROM attachments WHERE encoding = ? GROUP BY sha256"
            for (hash, count) in try store.db.prepare(sql).bind([.text(encoding)]).rows({ ($0.string(0), $0.int(1)) }) {
                counts[hash] = count
            }
            return counts
        }
    }

    /// How many rows name the object with this hash (with `encoding`, only rows stored that way).
    public func referenceCount(of sha256: String, encoding: String? = nil) throws -> Int {
        try store.read {
            Int(try store.db.scalar("SELECT count(*) FROM attachments WHERE sha256 = ?1 AND (?2 IS NULL OR encoding = ?2)",
                                    [.text(sha256), DatabaseValue(encoding)]) ?? 0)
        }
    }

    /// Records where an upload put the object's bytes, on every row naming that stored object: the
    /// same content hash and the same encoding (a plain and an encrypted copy of one file are two
    /// objects, uploaded one by one).
    public func setRemoteURL(_ url: String, forObject sha256: String, encoding: String) throws {
        try store.write {
            try store.db.run("UPDATE attachments SET remote_url = ? WHERE sha256 = ? AND encoding = ?", [.text(url), .text(sha256), .text(encoding)])
        }
    }

    /// What `collectGarbage` did.
    public struct GarbageCollection: Sendable, Hashable {
        /// Objects removed (no row names them), and the bytes they took.
        public var removed: Int = 0
        public var freedBytes: Int64 = 0
        /// Objects kept (named by at least one row).
        public var kept: Int = 0
        /// Leftovers of killed copies, removed.
        public var temporaryFiles: Int = 0
    }

    /// Removes every object no attachment row names, holding the object store's exclusive lock so
    /// no attach is between its copy and its row. Temporary files from copies killed over an hour
    /// ago go too.
    public func collectGarbage(objects: ObjectStore) throws -> GarbageCollection {
        try objects.withLock(exclusive: true) {
            var result = GarbageCollection()
            let (unreferenced, kept) = try unreferencedObjects(objects)
            result.kept = kept
            for (hash, suffix) in unreferenced {
                result.freedBytes += objects.remove(hash, suffix: suffix)
                result.removed += 1
            }
            result.temporaryFiles = objects.removeStaleTemporaryFiles(olderThan: 3600, now: store.now)
            return result
        }
    }

    /// The objects (plain and encrypted: hash and file suffix) no row names, and how many are named.
    public func unreferencedObjects(_ objects: ObjectStore) throws -> (unreferenced: [(sha256: String, suffix: String)], kept: Int) {
        var unreferenced: [(sha256: String, suffix: String)] = []
        var kept = 0
        for (encoding, suffix) in [("plain", ""), (SecretstreamCodec.encodingName, SecretstreamCodec.suffix)] {
            let referenced = try objectReferences(encoding: encoding)
            for hash in try objects.hashes(suffix: suffix) {
                if referenced[hash] != nil { kept += 1 } else { unreferenced.append((hash, suffix)) }
            }
        }
        return (unreferenced, kept)
    }

    /// What `verifyObjects` found.
    public struct ObjectVerification: Sendable, Hashable {
        /// An object whose content no longer hashes to its name, or that cannot be read.
        public struct Corrupt: Sendable, Hashable {
            public var sha256: String
            public var problem: String
            /// The object's file.
            public var path: String = ""
        }

        /// Objects whose content hashes to their name.
        public var intact: Int = 0
        public var corrupt: [Corrupt] = []
        /// Objects rows name that are not stored.
        public var missing: [String] = []
        /// Objects no row names (`tasker gc` removes them).
        public var unreferenced: Int = 0

        public var isClean: Bool { corrupt.isEmpty && missing.isEmpty }
    }

    /// Re-hashes every stored object and looks for every object a row names.
    public func verifyObjects(objects: ObjectStore) throws -> ObjectVerification {
        let referenced = try objectReferences()
        var result = ObjectVerification()
        let stored = try objects.hashes()
        for hash in stored {
            if referenced[hash] == nil { result.unreferenced += 1 }
            switch objects.check(hash) {
            case .intact: result.intact += 1
            case .corrupt(let actual): result.corrupt.append(.init(sha256: hash, problem: "its content hashes to \(actual)", path: objects.path(of: hash)))
            case .missing: result.missing.append(hash)
            case .unreadable(let reason): result.corrupt.append(.init(sha256: hash, problem: reason, path: objects.path(of: hash)))
            }
        }
        let present = Set(stored)
        result.missing += referenced.keys.filter { !present.contains($0) }.sorted()
        try verifyEncryptedObjects(objects: objects, into: &result)
        return result
    }
}
