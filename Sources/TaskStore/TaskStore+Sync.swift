import Foundation
import TaskCore

/// CalDAV sync state (migration v7): a sync token and last outcome per collection, a `SyncItem` per task.
extension TaskStore {
    /// The collection's state: its sync token, when it last synced, and the last failure (nil after success).
    public struct SyncCollectionState: Sendable, Equatable {
        /// The calendar collection discovery found for the configured URL.
        public var collection: String?
        public var token: String?
        public var lastSync: Date?
        public var lastError: String?
        /// When `lastError` happened (nil for a database synced before v13).
        public var lastErrorAt: Date?
    }

    public func syncCollectionState(_ url: String) throws -> SyncCollectionState? {
        try read {
            try db.cached("SELECT collection, sync_token, last_sync, last_error, last_error_at FROM sync_collections WHERE url = ?").bind([.text(url)])
                .first {
                    SyncCollectionState(collection: $0.optionalString(0), token: $0.optionalString(1), lastSync: $0.optionalDate(2),
                                        lastError: $0.optionalString(3), lastErrorAt: $0.optionalDate(4))
                }
        }
    }

    /// Records the outcome of a sync: a new token and time after success, or the error (token kept).
    public func recordSyncOutcome(_ url: String, token: String?, error: String?) throws {
        try write {
            try ensureCollection(url)
            if let error {
                try db.run("UPDATE sync_collections SET last_error = ?, last_error_at = ? WHERE url = ?",
                           [.text(error), DatabaseValue(TaskStore.wholeSeconds(now)), .text(url)])
            } else {
                try db.run("UPDATE sync_collections SET sync_token = ?, last_sync = ?, last_error = NULL, last_error_at = NULL WHERE url = ?",
                           [DatabaseValue(token), DatabaseValue(TaskStore.wholeSeconds(now)), .text(url)])
            }
        }
    }

    /// Remembers the collection discovery found (nil forgets it, with the token: the next sync discovers again).
    public func setSyncCollection(_ url: String, collection: String?) throws {
        try write {
            try ensureCollection(url)
            try db.run("UPDATE sync_collections SET collection = ?, sync_token = CASE WHEN ? IS NULL THEN NULL ELSE sync_token END WHERE url = ?",
                       [DatabaseValue(collection), DatabaseValue(collection), .text(url)])
        }
    }

    /// Forgets the sync token (the server refused it): the next listing is a full one.
    public func clearSyncToken(_ url: String) throws {
        try write { try db.run("UPDATE sync_collections SET sync_token = NULL WHERE url = ?", [.text(url)]) }
    }

    /// Every task's sync item on the collection, by UUID.
    public func syncItems(_ url: String) throws -> [String: SyncItem] {
        try read {
            var items: [String: SyncItem] = [:]
            for item in try db.cached("SELECT uuid, href, etag, ics, base FROM sync_items WHERE collection = ?").bind([.text(url)])
                .rows({ SyncItem(uuid: $0.string(0), href: $0.string(1), etag: $0.optionalString(2), ics: $0.string(3), base: $0.string(4)) }) {
                items[item.uuid] = item
            }
            return items
        }
    }

    /// Stores (or replaces) an item; in the caller's transaction when there is one.
    public func saveSyncItem(_ url: String, _ item: SyncItem) throws {
        try write {
            try ensureCollection(url)
            try db.cached("INSERT OR REPLACE INTO sync_items(collection, uuid, href, etag, ics, base) VALUES (?, ?, ?, ?, ?, ?)")
                .bind([.text(url), .text(item.uuid), .text(item.href), DatabaseValue(item.etag), .text(item.ics), .text(item.base)]).run()
        }
    }

    public func removeSyncItem(_ url: String, uuid: String) throws {
        try write {
            try db.cached("DELETE FROM sync_items WHERE collection = ? AND uuid = ?").bind([.text(url), .text(uuid)]).run()
        }
    }

    /// Deletes tasks by UUID that another device deleted (their children stay, without a parent), with
    /// their sync items, in one transaction. Tasks already gone are skipped.
    public func deleteSyncedTasks(_ url: String, uuids: [String]) throws {
        try write {
            for uuid in uuids {
                if let id = try taskID(uuid: uuid) { _ = try deleteTask(id, withSubtasks: false) }
                try db.cached("DELETE FROM sync_items WHERE collection = ? AND uuid = ?").bind([.text(url), .text(uuid)]).run()
            }
        }
    }

    /// The UUIDs of sync items that are occurrences of a series other than its first (the layout before
    /// a series was one VTODO): empty on every sync once they are moved, and cheap to ask.
    public func seriesOccurrenceItems(_ url: String) throws -> [String] {
        try read {
            try db.cached(
                "SELECT s.uuid FROM sync_items s JOIN tasks t ON t.uuid = s.uuid WHERE s.collection = ? AND t.series IS NOT NULL AND t.series != t.uuid"
            ).bind([.text(url)]).rows { $0.string(0) }
        }
    }

    private func ensureCollection(_ url: String) throws {
        try db.cached("INSERT OR IGNORE INTO sync_collections(url) VALUES (?)").bind([.text(url)]).run()
    }
}
