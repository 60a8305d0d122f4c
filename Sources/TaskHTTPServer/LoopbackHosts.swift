/// Which Host and Origin headers name a server on 127.0.0.1: what keeps a web page elsewhere
/// (DNS rebinding, a cross-site form) from talking to it. Both local doors (`tasker mcp --http`,
/// `tasker web`) check requests with it.
public struct LoopbackHosts: Sendable {
    /// The port, once bound (Host and Origin must name it).
    public var port: UInt16
    /// Any Host is accepted (a server meant to be reached by name: `mcp --listen-any`).
    public var anyHost: Bool

    public init(port: UInt16 = 0, anyHost: Bool = false) {
        self.port = port
        self.anyHost = anyHost
    }

    static let names = ["127.0.0.1", "localhost", "[::1]"]

    /// `127.0.0.1:PORT`, `localhost:PORT` or `[::1]:PORT` (any Host with `anyHost`).
    public func hostIsValid(_ host: String?) -> Bool {
        guard let host else { return false }
        if anyHost { return true }
        return Self.names.contains { host.lowercased() == "\($0):\(port)" }
    }

    /// An Origin of this server: `http://127.0.0.1:PORT` and its two other spellings.
    public func originIsValid(_ origin: String) -> Bool {
        Self.names.contains { origin.lowercased() == "http://\($0):\(port)" }
    }
}
