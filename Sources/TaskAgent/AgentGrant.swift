import Foundation
import TaskCore

/// A time-boxed permission beyond the policy: one scope, optionally one project, until a date.
public struct AgentGrant: Sendable, Hashable {
    public var id: Int64
    public var agentID: Int64
    public var scope: AgentScope
    public var projectID: Int64?
    public var projectName: String?
    public var created: Date
    public var until: Date
}
