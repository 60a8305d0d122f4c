import Foundation
import TaskCore
import TaskStore

/// CalDAV sync state over the store's connection (migration v7): a sync token and last outcome per
/// collection, a `SyncItem` per task, and the tasks one sync could not write.
///
/// Failed tasks are kept without a schema change in `sync_collections`, whose `last_error` and
/// `last_error_at` say the same for a whole collection: one row per failed task, its url the
/// collection's followed by `SyncFailures.mark` and the task's UUID (a configured URL never
/// carries a fragment). Rows of a collection are replaced as a whole after each sync that ran to its end.
public struct SyncState {
    public let store: TaskStore

    public init(_ store: TaskStore) { self.store = store }

    public func collectionState(_ url: String) throws -> SyncCollectionState? {
        try store.read {
            try store.db.cached("SELECT collection, sync_token, last_sync, last_error, last_error_at FROM sync_collections WHERE url = ?").bind([.text(url)])
                .first {
                    SyncCollectionState(collection: $0.optionalString(0), token: $0.optionalString(1), lastSync: $0.optionalDate(2),
                                        lastError: $0.optionalString(3), lastErrorAt: $0.optionalDate(4))
                }
        }
    }

    /// Records the outcome of a sync: a new token and time after success, or the error (token kept).
    public func recordOutcome(_ url: String, token: String?, error: String?) throws {
        try store.write {
            try ensureCollection(url)
            if let error {
                try store.db.run("UPDATE sync_collections SET last_error = ?, last_error_at = ? WHERE url = ?",
                                 [.text(error), DatabaseValue(TaskStore.wholeSeconds(store.now)), .text(url)])
            } else {
                try store.db.run("UPDATE sync_collections SET sync_token = ?, last_sync = ?, last_error = NULL, last_error_at = NULL WHERE url = ?",
                                 [DatabaseValue(token), DatabaseValue(TaskStore.wholeSeconds(store.now)), .text(url)])
            }
        }
    }

    /// Remembers the collection discovery found (nil forgets it, with the token: the next sync discovers again).
    public func setCollection(_ url: String, collection: String?) throws {
        try store.write {
            try ensureCollection(url)
            try store.db.run("UPDATE sync_collections SET collection = ?, sync_token = CASE WHEN ? IS NULL THEN NULL ELSE sync_token END WHERE url = ?",
                             [DatabaseValue(collection), DatabaseValue(collection), .text(url)])
        }
    }

    /// Forgets the sync token (the server refused it): the next listing is a full one.
    public func clearToken(_ url: String) throws {
        try store.write { try store.db.run("UPDATE sync_collections SET sync_token = NULL WHERE url = ?", [.text(url)]) }
    }

    /// Every task's sync item on the collection, by UUID.
    public func items(_ url: String) throws -> [String: SyncItem] {
        try store.read {
            var items: [String: SyncItem] = [:]
            for item in try store.db.cached("SELECT uuid, href, etag, ics, base FROM sync_items WHERE collection = ?").bind([.text(url)])
                .rows({ SyncItem(uuid: $0.string(0), href: $0.string(1), etag: $0.optionalString(2), ics: $0.string(3), base: $0.string(4)) }) {
                items[item.uuid] = item
            }
            return items
        }
    }

    /// Stores (or replaces) an item; in the caller's transaction when there is one.
    public func saveItem(_ url: String, _ item: SyncItem) throws {
        try store.write {
            try ensureCollection(url)
            try store.db.cached("INSERT OR REPLACE INTO sync_items(collection, uuid, href, etag, ics, base) VALUES (?, ?, ?, ?, ?, ?)")
                .bind([.text(url), .text(item.uuid), .text(item.href), DatabaseValue(item.etag), .text(item.ics), .text(item.base)]).run()
        }
    }

    public func removeItem(_ url: String, uuid: String) throws {
        try store.write {
            try store.db.cached("DELETE FROM sync_items WHERE collection = ? AND uuid = ?").bind([.text(url), .text(uuid)]).run()
        }
    }

    /// Deletes tasks by UUID that another device deleted (their children stay, without a parent), with
    /// their sync items, in one transaction. Tasks already gone are skipped.
    public func deleteSyncedTasks(_ url: String, uuids: [String]) throws {
        try store.write {
            for uuid in uuids {
                if let id = try Tasks(store).taskID(uuid: uuid) { _ = try Tasks(store).deleteTask(id, withSubtasks: false) }
                try store.db.cached("DELETE FROM sync_items WHERE collection = ? AND uuid = ?").bind([.text(url), .text(uuid)]).run()
            }
        }
    }

    /// The UUIDs of sync items that are occurrences of a series other than its first (the layout before
    /// a series was one VTODO): empty on every sync once they are moved, and cheap to ask.
    public func seriesOccurrenceItems(_ url: String) throws -> [String] {
        try store.read {
            try store.db.cached(
                "SELECT s.uuid FROM sync_items s JOIN tasks t ON t.uuid = s.uuid WHERE s.collection = ? AND t.series IS NOT NULL AND t.series != t.uuid"
            ).bind([.text(url)]).rows { $0.string(0) }
        }
    }

    /// The failures the last finished sync of `url` left, oldest task first.
    public func failures(_ url: String) throws -> [SyncFailure] {
        let prefix = url + SyncFailures.mark
        return try store.read {
            try store.db.cached("""
                SELECT substr(c.url, length(?) + 1), t.title, c.last_error, c.last_error_at FROM sync_collections c
                LEFT JOIN tasks t ON t.uuid = substr(c.url, length(?) + 1)
                WHERE substr(c.url, 1, length(?)) = ? AND c.last_error IS NOT NULL ORDER BY t.id, c.url
                """).bind([.text(prefix), .text(prefix), .text(prefix), .text(prefix)])
                .rows { SyncFailure(uuid: $0.string(0), title: $0.optionalString(1), reason: $0.string(2), at: $0.optionalDate(3)) }
        }
    }

    /// Replaces the failures of `url` with `failures` (reason by task UUID).
    public func replaceFailures(_ url: String, _ failures: [String: String]) throws {
        let prefix = url + SyncFailures.mark
        try store.write {
            try store.db.run("DELETE FROM sync_collections WHERE substr(url, 1, length(?)) = ?", [.text(prefix), .text(prefix)])
            for (uuid, reason) in failures.sorted(by: { $0.key < $1.key }) {
                try store.db.cached("INSERT INTO sync_collections(url, last_error, last_error_at) VALUES (?, ?, ?)")
                    .bind([.text(prefix + uuid), .text(reason), DatabaseValue(TaskStore.wholeSeconds(store.now))]).run()
            }
        }
    }

    private func ensureCollection(_ url: String) throws {
        try store.db.cached("INSERT OR IGNORE INTO sync_collections(url) VALUES (?)").bind([.text(url)]).run()
    }
}
