import Foundation
import TaskStore

/// What one sync did, counted, with the lines a person should read (conflicts, skipped items).
public struct SyncReport: Sendable, Equatable {
    public var uploaded = 0
    public var downloaded = 0
    public var deletedHere = 0
    public var deletedThere = 0
    /// Both sides changed the same field: which value won, which was kept in the notes.
    public var conflicts: [String] = []
    /// Items skipped (malformed), deletes undone because the other side edited, writes given up on.
    public var warnings: [String] = []
    /// True when the whole collection was listed (first sync, or the token was refused).
    public var fullSync = false
    /// HTTP requests made.
    public var requests = 0

    public init() {}

    /// Adds what a second pass of the same sync did: counts summed, a conflict or warning it repeats said once.
    public mutating func add(_ other: SyncReport) {
        uploaded += other.uploaded
        downloaded += other.downloaded
        deletedHere += other.deletedHere
        deletedThere += other.deletedThere
        conflicts += other.conflicts.filter { !conflicts.contains($0) }
        warnings += other.warnings.filter { !warnings.contains($0) }
        fullSync = fullSync || other.fullSync
    }

    /// One line: `↑2 ↓1 ✗0/1, 1 conflict` style, in words.
    public var summary: String {
        var parts = ["\(uploaded) sent", "\(downloaded) received"]
        if deletedHere + deletedThere > 0 { parts.append("\(deletedHere) deleted here, \(deletedThere) deleted on the server") }
        if !conflicts.isEmpty { parts.append("\(conflicts.count) conflict\(conflicts.count == 1 ? "" : "s")") }
        if !warnings.isEmpty { parts.append("\(warnings.count) warning\(warnings.count == 1 ? "" : "s")") }
        return "synced: " + parts.joined(separator: ", ") + (fullSync ? " (full listing)" : "")
    }

    /// The summary, then one line per conflict and per warning.
    public var lines: [String] {
        [summary] + conflicts.map { "conflict: " + $0 } + warnings.map { "warning: " + $0 }
    }
}

/// Sync as `tasker sync --status` and the chat's status line show it.
public struct SyncStatus: Sendable, Equatable {
    public var configured: Bool
    public var url: String?
    public var state: SyncCollectionState?
    /// Tasks the last sync could not write (the rest synced); each is tried again next sync.
    public var failures: [SyncFailure]

    public init(configured: Bool, url: String?, state: SyncCollectionState?, failures: [SyncFailure] = []) {
        self.configured = configured
        self.url = url
        self.state = state
        self.failures = failures
    }

    /// The line, then one per task not synced (`tasker sync --status`).
    public var lines: [String] {
        [line] + failures.map { "not synced: \($0.title.map { "'\($0)'" } ?? "a task deleted here (\($0.uuid))"): \($0.reason)" }
    }

    /// One line for people.
    public var line: String {
        guard configured, let url else { return "sync: not configured (add \"sync\" to config.json)" }
        guard let state else { return "sync: \(url), never synced" }
        let stamp = ISO8601DateFormatter()
        let when = state.lastSync.map { "last synced \(stamp.string(from: $0))" } ?? "never synced"
        if let error = state.lastError {
            let at = state.lastErrorAt.map { " at \(stamp.string(from: $0))" } ?? ""
            return "sync: \(url), last sync failed\(at): \(error) (\(when))"
        }
        let notSynced = failures.isEmpty ? "" : "; \(failures.count) task\(failures.count == 1 ? "" : "s") not synced"
        return "sync: \(url), \(when)\(notSynced)"
    }
}
