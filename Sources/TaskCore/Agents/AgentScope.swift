/// What an agent key may touch. Every tool needs exactly one scope (its `ToolDefinition` says which);
/// approving a request is never a scope: only a person at the command line or in the chat approves.
public enum AgentScope: String, Sendable, Hashable, CaseIterable, Comparable {
    /// The read-only tools.
    case read
    /// Tasks, projects and templates created or changed without losing anything.
    case writeTasks = "write:tasks"
    /// Spaces and pages created, appended to or linked.
    case writePages = "write:pages"
    /// Completing, rescheduling, deferring, deleting and importing.
    case destructive

    public static func < (a: Self, b: Self) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// "read, write:tasks, write:pages, destructive" for messages.
    public static var spellings: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// What happens when an agent calls a tool of a scope: it runs, waits for a person, or is refused.
public enum AgentPolicy: String, Sendable, Hashable, CaseIterable {
    case allow, ask, deny

    /// The policy a new key gets for a scope it was given: reading runs, anything else asks.
    public static func initial(for scope: AgentScope) -> AgentPolicy { scope == .read ? .allow : .ask }
}
