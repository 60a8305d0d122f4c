import Foundation
import TaskCore

/// Sealing over the store's connection, `Sealing(store)`: whether it is on, `crypto enable`,
/// rotation and scrubbing the file of old clear text. Sealing and opening one value on write and
/// read, which every aggregate does, is `TaskStore+Sealing`.
///
/// A sealed value is a BLOB (`version | nonce | ciphertext+tag`, bound to its table, the row's UUID
/// — an approval's id, a `client_id` call's `tool:client_id` — and the column: `pages:…:body`,
/// `tasks:…:notes`, `approvals:apr_…:result`); clear text stays TEXT, so `typeof()` tells them apart
/// with no extra column.
public struct Sealing {
    public let store: TaskStore

    public init(_ store: TaskStore) { self.store = store }

    /// A column whose values are sealed when sealing is on: page bodies, task notes, project notes,
    /// attachment keys, and what agents sent and got (approvals, `client_id` replays).
    struct SealedColumn: Sendable {
        let table: String
        let column: String
        /// What one value is called in messages ("page body", "task note").
        let noun: String
        /// The columns that name one row (its key, for the UPDATE), and the SQL of the row's identity
        /// bound into each sealed value (the `uuid` of `table:uuid:column`).
        var key: [String] = ["id"]
        var identity = "uuid"
    }

    static let sealedColumns = [
        SealedColumn(table: "pages", column: "body", noun: "page body"),
        SealedColumn(table: "tasks", column: "notes", noun: "task note"),
        SealedColumn(table: "projects", column: "notes", noun: "project note"),
        SealedColumn(table: "attachments", column: "object_key", noun: "attachment key"),
        SealedColumn(table: "approvals", column: "arguments", noun: "approval arguments", identity: "id"),
        SealedColumn(table: "approvals", column: "result", noun: "approval result", identity: "id"),
        SealedColumn(table: "client_keys", column: "arguments", noun: "client_id arguments", key: ["tool", "client_id"],
                     identity: Sealing.clientKeyIdentity),
        SealedColumn(table: "client_keys", column: "result", noun: "client_id result", key: ["tool", "client_id"],
                     identity: Sealing.clientKeyIdentity),
    ]

    /// A `client_keys` row's identity in its sealed values: `tool:client_id` (tool names hold no colon).
    static let clientKeyIdentity = "tool || ':' || client_id"

    /// What `crypto status` shows.
    public struct SealingStatus: Sendable, Equatable {
        /// Sealing is on: new bodies and notes are sealed, and writing one needs the key.
        public var isOn: Bool
        /// The id of the key that seals (never the key).
        public var keyID: String?
        public var sealedPages: Int
        public var clearPages: Int
        /// Task and project notes, sealed and clear (tasks and projects without notes are not counted).
        public var sealedNotes: Int
        public var clearNotes: Int

        public init(isOn: Bool, keyID: String?, sealedPages: Int, clearPages: Int, sealedNotes: Int = 0, clearNotes: Int = 0) {
            self.isOn = isOn
            self.keyID = keyID
            self.sealedPages = sealedPages
            self.clearPages = clearPages
            self.sealedNotes = sealedNotes
            self.clearNotes = clearNotes
        }
    }

    /// How many values `enableSealing` or `reseal` sealed, by kind.
    public struct SealedCount: Sendable, Equatable {
        public var pageBodies = 0
        public var taskNotes = 0
        public var projectNotes = 0
        /// Keys of encrypted attachments (sealed when made, so only a rotation counts them).
        public var attachmentKeys = 0
        /// Arguments and results of agents' approval requests and of `client_id` calls.
        public var agentCalls = 0

        public init(pageBodies: Int = 0, taskNotes: Int = 0, projectNotes: Int = 0) {
            self.pageBodies = pageBodies
            self.taskNotes = taskNotes
            self.projectNotes = projectNotes
        }

        public var total: Int { pageBodies + taskNotes + projectNotes + attachmentKeys + agentCalls }

        /// "300 page bodies, 12 task notes and 2 project notes".
        public var sentence: String {
            func n(_ count: Int, _ one: String, _ many: String) -> String { "\(count) \(count == 1 ? one : many)" }
            return n(pageBodies, "page body", "page bodies") + ", " + n(taskNotes, "task note", "task notes") + " and "
                + n(projectNotes, "project note", "project notes")
                + (attachmentKeys > 0 ? " (and " + n(attachmentKeys, "attachment key", "attachment keys") + ")" : "")
                + (agentCalls > 0 ? " (and " + n(agentCalls, "stored agent call value", "stored agent call values") + ")" : "")
        }

        fileprivate mutating func add(_ count: Int, for column: SealedColumn) {
            switch column.table {
            case "pages": pageBodies += count
            case "tasks": taskNotes += count
            case "attachments": attachmentKeys += count
            case "approvals", "client_keys": agentCalls += count
            default: projectNotes += count
            }
        }
    }

    /// Whether sealing is on (`crypto enable`): one cheap read, for callers that only need that.
    public func isOn() throws -> Bool { try store.read { try store.sealingIsOn() } }

    public func sealingStatus() throws -> SealingStatus {
        try store.read {
            let row = try store.db.cached("SELECT key_id, enabled FROM crypto WHERE id = 1").first { ($0.string(0), $0.int(1) == 1) }
            let sealed = try store.db.scalar("SELECT count(*) FROM pages WHERE typeof(body) = 'blob'") ?? 0
            let clear = try store.db.scalar("SELECT count(*) FROM pages WHERE typeof(body) <> 'blob'") ?? 0
            var notes = (sealed: Int64(0), clear: Int64(0))
            for table in ["tasks", "projects"] {
                notes.sealed += try store.db.scalar("SELECT count(*) FROM \(table) WHERE typeof(notes) = 'blob'") ?? 0
                notes.clear += try store.db.scalar("SELECT count(*) FROM \(table) WHERE typeof(notes) = 'text'") ?? 0
            }
            return SealingStatus(isOn: row?.1 ?? false, keyID: row?.0, sealedPages: Int(sealed), clearPages: Int(clear),
                                 sealedNotes: Int(notes.sealed), clearNotes: Int(notes.clear))
        }
    }

    /// Seals every clear page body, task note and project note with `sealer`, in one transaction,
    /// and turns sealing on; then scrubs the file (`scrub()`). Returns how many values were sealed
    /// (0 when all already were).
    /// - Throws: `.sealed` without a sealer, or when the database is sealed with another key.
    @discardableResult
    public func enableSealing() throws -> SealedCount {
        guard let sealer = store.sealer else { throw TaskStoreError.sealed("sealing needs the data key, which is not available: \(store.keyUnavailable)") }
        let count = try store.write {
            if let existing = try store.db.cached("SELECT key_id FROM crypto WHERE id = 1").first({ $0.string(0) }), existing != sealer.keyID {
                throw TaskStoreError.sealed(
                    "this database is sealed with key \(existing), not with the key given (\(sealer.keyID)); import the right key with `tasker crypto import-key`")
            }
            try store.db.run("INSERT OR REPLACE INTO crypto(id, key_id, enabled) VALUES (1, ?, 1)", [.text(sealer.keyID)])
            let seal = Sealing.memoized { c, uuid, value in
                guard case .text(let text) = value else { return [] }
                // Sealing is not an edit: `updated` stays, so merges and reviews see no change.
                return try sealer.seal(text, table: c.table, uuid: uuid, column: c.column)
            }
            var count = try rewriteSealedColumns(ofType: "text", seal)
            count.agentCalls += try rewriteAgentChanges(ofType: "text", seal)
            return count
        }
        try scrub()
        return count
    }

    /// Re-seals every sealed body and note with `newSealer` (which must open the old ones too: its
    /// `otherKeys`) in one transaction, and records its key id; then scrubs. A kill at any moment
    /// leaves either all values under the old key and the old key id, or all under the new.
    /// - Throws: `.sealed` when sealing is off or a value does not open.
    @discardableResult
    public func reseal(with newSealer: any ValueSealing) throws -> SealedCount {
        let count = try store.write {
            guard try store.db.scalar("SELECT enabled FROM crypto WHERE id = 1") == 1 else {
                throw TaskStoreError.sealed("sealing is off; run `tasker crypto enable` first")
            }
            let reseal = Sealing.memoized { c, uuid, value in
                guard case .blob(let sealed) = value else { return [] }
                let text: String
                do { text = try newSealer.open(sealed, table: c.table, uuid: uuid, column: c.column) } catch {
                    throw TaskStoreError.sealed("\(c.noun) \(uuid) does not open with the old or the new key (\(error)); nothing was changed")
                }
                return try newSealer.seal(text, table: c.table, uuid: uuid, column: c.column)
            }
            var count = try rewriteSealedColumns(ofType: "blob", reseal)
            count.agentCalls += try rewriteAgentChanges(ofType: "blob", reseal)
            try store.db.run("UPDATE crypto SET key_id = ? WHERE id = 1", [.text(newSealer.keyID)])
            return count
        }
        store.sealer = newSealer
        try scrub()
        return count
    }

    /// Replaces every value of type `type` ('text' or 'blob') in the sealed columns with what
    /// `transform` makes of it (given the column, the row's identity — its UUID, or what stands for
    /// one — and the value); counts them.
    private func rewriteSealedColumns(
        ofType type: String, _ transform: (SealedColumn, String, DatabaseValue) throws -> [UInt8]
    ) throws -> SealedCount {
        var count = SealedCount()
        for c in Sealing.sealedColumns {
            let keys = c.key.count
            let rows = try store.db.prepare(
                "SELECT \(c.key.joined(separator: ", ")), \(c.identity), \(c.column) FROM \(c.table) WHERE typeof(\(c.column)) = '\(type)'"
            ).rows { s in
                let key = (0..<Int32(keys)).map { s.isInteger($0) ? DatabaseValue.integer(s.int64($0)) : .text(s.string($0)) }
                let value = s.isBlob(Int32(keys) + 1) ? DatabaseValue.blob(s.bytes(Int32(keys) + 1)) : .text(s.string(Int32(keys) + 1))
                return (key, s.string(Int32(keys)), value)
            }
            let update = try store.db.prepare(
                "UPDATE \(c.table) SET \(c.column) = ? WHERE " + c.key.map { "\($0) = ?" }.joined(separator: " AND "))
            for (key, identity, value) in rows {
                update.reset()
                try update.bind([.blob(try transform(c, identity, value))] + key).run()
            }
            count.add(rows.count, for: c)
        }
        return count
    }

    /// Removes old clear text from the file: merges the full-text index (dropping deleted entries),
    /// rewrites the database (VACUUM: no free page keeps old bytes) and empties the WAL (a TRUNCATE
    /// checkpoint). Other processes holding the file open may keep the WAL from being emptied until
    /// they close; nothing is lost either way.
    public func scrub() throws {
        try store.mapErrors {
            try store.db.execute("INSERT INTO pages_fts(pages_fts) VALUES ('optimize')")
            try store.db.execute("VACUUM")
            try store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
    }

    /// The key id recorded in the database, or nil when sealing was never turned on.
    public func sealingKeyID() throws -> String? {
        try store.read { try store.db.cached("SELECT key_id FROM crypto WHERE id = 1").first { $0.string(0) } }
    }
}
