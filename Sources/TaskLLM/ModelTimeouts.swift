/// How long a model request may take, in seconds.
///
/// `connect` bounds the TCP/TLS handshake, `overall` the whole call (every attempt, fallback and wait
/// between them: see `ModelDeadline`), `idle` the silence allowed between bytes of a streamed answer
/// (a server that stops talking mid-stream) and any wait before a streamed chat's first token.
public struct ModelTimeouts: Sendable, Equatable {
    public var connect: Double
    public var overall: Double
    public var idle: Double

    public init(connect: Double, overall: Double, idle: Double) {
        self.connect = connect
        self.overall = overall
        self.idle = idle
    }

    /// From config's `timeout_seconds`: connect at most 10 s, idle at most 30 s, both within overall.
    public init(overall: Double) {
        self.init(connect: min(10, overall), overall: overall, idle: min(30, overall))
    }
}
