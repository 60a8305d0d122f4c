/// Why a request got no HTTP answer at all (a status that is not success is an answer, not an error).
///
/// URLs in cases are cut to scheme, host and path: no credentials, no query.
public enum HTTPError: Error, Sendable, Equatable, CustomStringConvertible {
    /// curl could not connect (7) or resolve the host (6).
    case unreachable(url: String, detail: String)
    /// curl error 28, a spent budget, or a streamed body that went quiet for too long.
    case timedOut(url: String, seconds: Double)
    /// The connection was cut (curl 18) or another transport failure.
    case transport(code: Int, detail: String)
    /// The caller's cancellation check said stop.
    case cancelled

    public var description: String {
        switch self {
        case .unreachable(let url, let detail): return "\(url) is not reachable (\(detail))"
        case .timedOut(let url, let seconds):
            return "\(url) did not answer within \(seconds.rounded() == seconds ? "\(Int(seconds))" : "\(seconds)") s"
        case .transport(let code, let detail): return "the connection failed (curl \(code): \(detail))"
        case .cancelled: return "the request was cancelled"
        }
    }
}
