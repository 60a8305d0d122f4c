import Synchronization

/// A flag the caller trips to stop a model request in flight (the REPL trips it from its SIGINT handler).
///
/// Checked by the HTTP client while bytes move, so a request stops within about a second at most.
/// Tripping it is async-signal-safe in practice: it is a single atomic store.
public final class Cancellation: Sendable {
    private let flag = Atomic<Bool>(false)

    public init() {}

    /// Asks every request using this token to stop.
    public func cancel() { flag.store(true, ordering: .sequentiallyConsistent) }

    /// Clears the flag so the token can be reused for the next turn.
    public func reset() { flag.store(false, ordering: .sequentiallyConsistent) }

    public var isCancelled: Bool { flag.load(ordering: .sequentiallyConsistent) }
}
