/// Whether a task is still to do.
public enum TaskStatus: String, Sendable, Hashable, CaseIterable {
    case open, done
}
