/// Which proposed tool calls the REPL asks about before running them (`/confirm`).
public enum ConfirmPolicy: String, Sendable, CaseIterable {
    /// Ask before anything that writes (the default); reads run at once.
    case writes
    /// Ask before every call, reads included.
    case all
    /// Run everything at once; captures are saved without asking (use /undo).
    case never
}
