import Foundation

/// A value handed to one other thread that alone uses it (a store connection, a door), which the
/// compiler cannot see is safe.
public final class Handed<Value>: @unchecked Sendable {
    public let value: Value
    public init(_ value: Value) { self.value = value }
}
