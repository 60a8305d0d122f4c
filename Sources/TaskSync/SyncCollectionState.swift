import Foundation

/// A collection's sync state: its sync token, when it last synced, and the last failure (nil after success).
public struct SyncCollectionState: Sendable, Equatable {
    /// The calendar collection discovery found for the configured URL.
    public var collection: String?
    public var token: String?
    public var lastSync: Date?
    public var lastError: String?
    /// When `lastError` happened (nil for a database synced before v13).
    public var lastErrorAt: Date?
}
