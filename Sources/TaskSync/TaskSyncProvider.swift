import TaskStore

/// The seam sync goes through: the command line and the chat ask a provider to sync a store, and
/// never know whether it is CalDAV or nothing.
public protocol TaskSyncProvider: Sendable {
    /// Syncs once now. - Throws: `SyncError` when the sync could not run or finish (what was done stays done).
    func sync(_ store: TaskStore) throws -> SyncReport
    /// What the last sync left: when, and its failure if it failed. Never throws.
    func status(_ store: TaskStore) -> SyncStatus
}

/// Local use and tests: nothing to sync, nothing fails.
public struct NoSyncProvider: TaskSyncProvider {
    public init() {}
    public func sync(_ store: TaskStore) throws -> SyncReport { SyncReport() }
    public func status(_ store: TaskStore) -> SyncStatus { SyncStatus(configured: false, url: nil, state: nil) }
}
