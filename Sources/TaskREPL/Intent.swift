import TaskCore

/// What a line of chat asks for, as the offline router reads it.
public enum Intent: Sendable, Equatable {
    /// One tool call, recognised with confidence (it runs locally even in model mode).
    case tool(name: String, arguments: JSONValue)
    /// A note to a page: append to it, or create it when there is none.
    case note(page: String, markdown: String)
    /// Anything else: a task to capture (shown with its chips before it is saved).
    case capture(String)

    /// True for the intents the rules recognised (everything but a capture).
    public var isConfident: Bool {
        if case .capture = self { return false }
        return true
    }
}
