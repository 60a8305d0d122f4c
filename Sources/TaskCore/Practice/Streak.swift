/// A run of kept days or occurrences: how long it is now and the longest it has been.
public struct Streak: Sendable, Hashable {
    /// What the streak follows.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Consecutive occurrences of a recurring task, each completed on its own day.
        case series
        /// Consecutive days with at least one completion in the project.
        case project
        /// Consecutive days with at least one completion with the context.
        case context
    }

    public var kind: Kind
    /// The series' latest title, the project's name or the context.
    public var name: String
    /// Occurrences (series) or days (project, context) in the run still going; 0 when it is broken.
    public var current: Int
    public var longest: Int
    /// The last day that counted.
    public var lastDay: LocalDate?

    public init(kind: Kind, name: String, current: Int, longest: Int, lastDay: LocalDate?) {
        self.kind = kind
        self.name = name
        self.current = current
        self.longest = longest
        self.lastDay = lastDay
    }
}
