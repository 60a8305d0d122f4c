/// The stdio transport's twin for tests and benchmarks: input frames queued in memory, output
/// lines collected in order. `receive()` returns nil when the queue is empty (end of input).
public final class InMemoryTransport: MessageTransport {
    private var inbox: [InboundFrame] = []
    private var inboxIndex = 0
    /// Every line the server sent, oldest first.
    public private(set) var sent: [String] = []

    /// Queues `input` framed exactly as stdio would frame it (newlines, limit, a last line without one).
    public init(input: String = "", lineLimit: Int = LineFramer.defaultLimit) {
        var framer = LineFramer(limit: lineLimit)
        inbox = framer.push(Array(input.utf8))
        if let last = framer.finish() { inbox.append(last) }
    }

    /// Queues one more message.
    public func enqueue(_ line: String) { inbox.append(.text(line)) }

    /// Takes and clears what was sent so far.
    public func drain() -> [String] {
        defer { sent.removeAll(keepingCapacity: true) }
        return sent
    }

    public func receive() throws -> InboundFrame? {
        guard inboxIndex < inbox.count else {
            inbox.removeAll(keepingCapacity: true)
            inboxIndex = 0
            return nil
        }
        defer { inboxIndex += 1 }
        return inbox[inboxIndex]
    }

    public func send(_ line: String) throws { sent.append(line) }
}
