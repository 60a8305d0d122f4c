import Foundation

/// An agent's request waiting for a person, as a notification shows it.
public struct ApprovalNote: Sendable, Hashable {
    /// The request's id (`apr_…`).
    public var id: String
    /// "claude asks to run delete_task".
    public var summary: String
    /// The exact call: the target it resolved to, the arguments, the scope.
    public var body: String

    public init(id: String, summary: String, body: String) {
        self.id = id
        self.summary = summary
        self.body = body
    }
}

/// Where the requests come from and where a decision goes (the command line wires `ApprovalDesk`).
public protocol ApprovalDeciding: AnyObject {
    /// The requests waiting now, oldest first.
    func pendingApprovals() throws -> [ApprovalNote]
    /// Approves (runs, checked again) or rejects one request; the line saying how it ended.
    func decide(_ id: String, approve: Bool) throws -> String
}
