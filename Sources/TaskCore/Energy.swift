/// The kind of attention a task needs, used by the day planner to match a mood.
public enum Energy: String, Sendable, Hashable, CaseIterable {
    case quick, focused, deep
}
