import Foundation

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
