import Foundation

/// A half-open stretch of time `[start, end)`: a free window, or a part of one.
public struct TimeWindow: Sendable, Hashable {
    public var start: Date
    public var end: Date

    public init(start: Date, end: Date) {
        self.start = start
        self.end = end
    }

    /// Whole minutes from start to end (0 when empty).
    public var minutes: Int { max(0, Int((end.timeIntervalSince(start) / 60).rounded(.down))) }
}
