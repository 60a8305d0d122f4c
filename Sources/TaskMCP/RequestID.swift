import TaskCore

/// A JSON-RPC request id: a string or an integer, echoed back with its type (MCP forbids null).
public enum RequestID: Sendable, Hashable {
    case string(String)
    case int(Int)

    /// The id read from a message's `id` member, or nil when it is not a string or an integer
    /// (null, a boolean, a fraction, an object, an array).
    public init?(json: JSONValue) {
        switch json {
        case .string(let s): self = .string(s)
        case .int(let i): self = .int(i)
        default: return nil
        }
    }

    public var json: JSONValue {
        switch self {
        case .string(let s): return .string(s)
        case .int(let i): return .int(i)
        }
    }
}
