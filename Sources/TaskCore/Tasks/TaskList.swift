/// A named list of tasks; every task is in exactly one ("Inbox" by default).
public struct TaskList: Sendable, Hashable, Identifiable {
    public var id: ListID
    public var name: String
    public var isDefault: Bool

    public init(id: ListID, name: String, isDefault: Bool) {
        self.id = id
        self.name = name
        self.isDefault = isDefault
    }
}

/// A workflow stage (Backlog, Next, Doing, Waiting, Done), in board order.
public struct Stage: Sendable, Hashable, Identifiable {
    public var id: StageID
    public var name: String
    public var position: Int
    public var isBuiltIn: Bool

    public init(id: StageID, name: String, position: Int, isBuiltIn: Bool) {
        self.id = id
        self.name = name
        self.position = position
        self.isBuiltIn = isBuiltIn
    }
}
