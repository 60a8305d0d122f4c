import Foundation

/// Runs each body on a thread of its own, all released at once, and waits for every one: how the
/// race tests put two or three deciders on one request. Each body owns what it touches (its own
/// store connection), so nothing is shared between threads but the file.
public func simultaneously(_ bodies: [@Sendable () -> Void]) {
    let group = DispatchGroup()
    let ready = DispatchSemaphore(value: 0)
    let start = DispatchSemaphore(value: 0)
    for body in bodies {
        group.enter()
        let thread = Thread {
            ready.signal()
            start.wait()
            body()
            group.leave()
        }
        thread.start()
    }
    for _ in bodies { ready.wait() }
    for _ in bodies { start.signal() }
    group.wait()
}

/// A value handed to one other thread that alone uses it (a store connection, a door), which the
/// compiler cannot see is safe.
public final class Handed<Value>: @unchecked Sendable {
    public let value: Value
    public init(_ value: Value) { self.value = value }
}

/// What a thread found, read after `simultaneously` returns.
public final class Outcomes<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Int: Value] = [:]

    public init() {}

    public func set(_ index: Int, _ value: Value) {
        lock.lock()
        values[index] = value
        lock.unlock()
    }

    public subscript(_ index: Int) -> Value? {
        lock.lock()
        defer { lock.unlock() }
        return values[index]
    }
}
