import Foundation

/// One task a sync could not write (the server refused the item, or Tasker made an invalid one): why,
/// and when. The rest of the sync went on, and the next sync tries it again.
public struct SyncFailure: Sendable, Equatable {
    public var uuid: String
    /// The task's title, nil when the task is gone here (a refused delete).
    public var title: String?
    public var reason: String
    public var at: Date?
}
