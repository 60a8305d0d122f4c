/// How much a task matters. `normal` when nothing says otherwise.
public enum Priority: String, Sendable, Hashable, CaseIterable, Comparable {
    case low, normal, high, critical

    /// 0 for low up to 3 for critical; higher sorts first in plans and lists.
    public var rank: Int {
        switch self {
        case .low: 0
        case .normal: 1
        case .high: 2
        case .critical: 3
        }
    }

    public static func < (a: Priority, b: Priority) -> Bool { a.rank < b.rank }
}
