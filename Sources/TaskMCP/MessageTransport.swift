/// One framed piece of input: a line of text, or the news that a line was unusable.
public enum InboundFrame: Sendable, Hashable {
    /// One line, without its newline (and without a trailing carriage return).
    case text(String)
    /// A line that was not UTF-8.
    case invalidUTF8
    /// A line longer than the limit: the part read so far was dropped and the rest will be.
    case oversized(limit: Int)
}

/// Moves MCP messages: one frame in, one line out. Stdio in production, an in-memory twin in tests.
public protocol MessageTransport: AnyObject {
    /// The next frame, or nil at the end of input.
    /// - Throws: when the input cannot be read.
    func receive() throws -> InboundFrame?
    /// Writes one message (no newline inside it) and flushes it.
    /// - Throws: when the output is gone (the client closed the pipe).
    func send(_ line: String) throws
}
