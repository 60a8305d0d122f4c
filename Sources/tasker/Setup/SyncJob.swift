import Foundation
import TaskCLI
import TaskStore
import TaskSync

/// One way to sync for `tasker sync`, the chat's `/sync` and the background syncs of the chat and the
/// MCP server: under the database's `SyncLock`, with the password read once (a password that cannot
/// be read is recorded as the last error, so `tasker sync --status` shows it too).
final class SyncJob: @unchecked Sendable {
    let setup: SyncSetup
    let timeZone: TimeZone
    let lock: SyncLock
    private var provider: CalDAVSyncProvider?

    init(setup: SyncSetup, timeZone: TimeZone, databasePath: String) {
        self.setup = setup
        self.timeZone = timeZone
        self.lock = SyncLock(databasePath: databasePath)
    }

    /// Syncs `store` once, waiting up to `wait` seconds for another sync of the same database.
    /// - Returns: the report, or nil when another sync was still running after `wait`.
    /// - Throws: `SyncError` (recorded in the store as the last error).
    func run(_ store: TaskStore, wait: Double) throws -> SyncReport? {
        try lock.run(waitingUpTo: wait) {
            let provider: CalDAVSyncProvider
            if let made = self.provider {
                provider = made
            } else {
                do {
                    provider = try setup.provider(timeZone: timeZone)
                } catch {
                    try? SyncState(store).recordOutcome(setup.url, token: nil, error: (error as? SyncError)?.description ?? "\(error)")
                    throw error
                }
                self.provider = provider
            }
            return try provider.sync(store)
        }
    }

    /// The background sync for the chat or an MCP server, with a database connection of its own
    /// (opened on its thread); nil when `sync.interval_seconds` is 0.
    func background(openStore: @escaping () throws -> TaskStore, onNotice: @escaping (BackgroundSync.Notice) -> Void) -> BackgroundSync? {
        guard setup.interval > 0 else { return nil }
        var store: TaskStore?
        return BackgroundSync(interval: setup.interval, attempt: { [self] in
            let opened = try store ?? openStore()
            store = opened
            return try run(opened, wait: 0)
        }, onNotice: onNotice)
    }

    /// What to say when another sync held the lock for `seconds`.
    static func busy(_ seconds: Double) -> String {
        "another sync of this database is still running after \(Int(seconds)) s; try `tasker sync` again in a moment"
    }
}
