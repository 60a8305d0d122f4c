import Foundation

/// A clock tests can move, shared with a store or a toolkit through its `clock` closure.
public final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    public init(_ date: Date) { current = date }

    public var now: Date {
        get { lock.withLock { current } }
        set { lock.withLock { current = newValue } }
    }

    public func advance(minutes: Int) { now = now.addingTimeInterval(TimeInterval(minutes * 60)) }
    public func advance(days: Double) { now = now.addingTimeInterval(days * 86_400) }
}
