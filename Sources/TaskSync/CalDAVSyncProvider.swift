import Foundation
import TaskHTTP
import TaskStore

/// Sync with one CalDAV task collection (Nextcloud, Radicale, Fastmail, iCloud, Baïkal…).
///
/// Discovery once (the collection is remembered), then each sync: `sync-collection` from the stored
/// token (a full listing when there is none or the server refuses it), `calendar-multiget` for what
/// changed, a three-way merge per task against the last synced fields, then conditional writes
/// (`If-None-Match: *` to create, `If-Match` to update or delete; a 412 fetches, merges and retries,
/// at most `maxAttempts` times). The failure of one sync is recorded and thrown; nothing is lost.
public struct CalDAVSyncProvider: TaskSyncProvider {
    public var url: String
    public var credentials: HTTPCredentials?
    /// The zone floating times from other clients are read in.
    public var timeZone: TimeZone
    public var maxAttempts: Int
    /// What one request may take; a listing or multiget (REPORT) may take ten times as long.
    public var timeoutSeconds: Double
    /// Send sealed task notes (opened with the data key) as DESCRIPTION — `sync.send_sealed_notes`
    /// in config.json. Off by default: a task whose notes are sealed syncs without them, neither
    /// sending its notes nor taking the server's DESCRIPTION (which stays on the server untouched).
    public var sendsSealedNotes = false

    public init(url: String, credentials: HTTPCredentials?, timeZone: TimeZone, maxAttempts: Int = 3, timeoutSeconds: Double = 30) {
        self.url = url.hasSuffix("/") ? url : url + "/"
        self.credentials = credentials
        self.timeZone = timeZone
        self.maxAttempts = maxAttempts
        self.timeoutSeconds = timeoutSeconds
    }

    public func sync(_ store: TaskStore) throws -> SyncReport {
        let client = CalDAVClient(credentials: credentials, timeoutSeconds: timeoutSeconds)
        do {
            // A completion taken from elsewhere reopens the subtasks done for it (`Tasks.reopenChecklists`);
            // the pass after it sends them back open, so every client sees the series' checklist open again.
            try Tasks(store).reopenChecklists()
            var report = try pass(client, store)
            let reopened = try Tasks(store).reopenChecklists()
            // The token a pass stores is the one its listing returned, from before its own writes. A
            // server may leave out of the next listing an item created after that token and deleted
            // before the next sync (Xandikos does; Radicale reports it): the item would stay here for
            // good. So after writing, one more pass lists from the new token — our own writes come
            // back with the etags we hold and cost nothing — and stores a token from after them.
            if report.uploaded > 0 || reopened > 0 { report.add(try pass(client, store)) }
            report.requests = client.counter.requests
            return report
        } catch {
            let message = (error as? SyncError)?.description ?? SyncError.store(detail: "\(error)").description
            try? SyncState(store).recordOutcome(url, token: nil, error: message)
            if let error = error as? SyncError { throw error }
            throw SyncError.store(detail: "\(error)")
        }
    }

    /// One session: listing, merge, writes; its token recorded. - Throws: as `sync`.
    private func pass(_ client: CalDAVClient, _ store: TaskStore) throws -> SyncReport {
        let session = CalDAVSession(client: client, store: store, key: url, mapping: VTodoMapping(timeZone: timeZone), maxAttempts: maxAttempts,
                                     sealedNotes: sendsSealedNotes ? .open : .withheld)
        let token = try session.run()
        try SyncState(store).recordOutcome(url, token: token, error: nil)
        return session.report
    }

    public func status(_ store: TaskStore) -> SyncStatus {
        SyncStatus(configured: true, url: HTTPClient.site(of: url), state: try? SyncState(store).collectionState(url),
                   failures: (try? SyncState(store).failures(url)) ?? [])
    }
}
