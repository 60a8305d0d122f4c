import TaskCore

/// A protocol error: a JSON-RPC error code and a one-line message saying what to send instead.
///
/// Tool failures are not protocol errors: they are tool results with `isError: true` (see `ToolsCall`).
public enum MCPError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The line is not JSON (or not UTF-8): -32700.
    case parseError(String)
    /// The line is longer than the transport accepts; it was discarded: -32700.
    case messageTooLarge(limit: Int)
    /// JSON, but not a JSON-RPC request: -32600.
    case invalidRequest(String)
    /// A request other than `initialize` or `ping` before `initialize`: -32600.
    case notInitialized(method: String)
    /// No such method: -32601.
    case methodNotFound(String)
    /// `params` is not an object, or a member has the wrong type: -32602.
    case invalidParams(String)
    /// `tools/call` named a tool the catalogue does not have: -32602.
    case unknownTool(String)
    /// 2026-07-28 over HTTP: a header disagrees with the body (version, method or name): -32020.
    case headerMismatch(String)
    /// 2026-07-28: a protocol version this server does not speak; the error's data names those it does: -32022.
    case unsupportedProtocolVersion(requested: String, supported: [String])

    /// The JSON-RPC error code.
    public var code: Int {
        switch self {
        case .parseError, .messageTooLarge: return -32700
        case .invalidRequest, .notInitialized: return -32600
        case .methodNotFound: return -32601
        case .invalidParams, .unknownTool: return -32602
        case .headerMismatch: return -32020
        case .unsupportedProtocolVersion: return -32022
        }
    }

    /// The error's `data`: the supported versions for a version error.
    public var data: JSONValue? {
        guard case .unsupportedProtocolVersion(let requested, let supported) = self else { return nil }
        return ["supported": .array(supported.map(JSONValue.string)), "requested": .string(requested)]
    }

    public var description: String {
        switch self {
        case .parseError(let reason): return "parse error: \(reason); send one JSON-RPC message per line"
        case .messageTooLarge(let limit):
            return "message too large: a line may hold at most \(limit) bytes; it was discarded"
        case .invalidRequest(let reason): return "invalid request: \(reason)"
        case .notInitialized(let method): return "server not initialized; send initialize before \(method)"
        case .methodNotFound(let method): return "method not found: \(method)"
        case .invalidParams(let reason): return "invalid params: \(reason)"
        case .unknownTool(let name): return "Unknown tool: \(name); call tools/list for the available tools"
        case .headerMismatch(let reason): return "header mismatch: \(reason)"
        case .unsupportedProtocolVersion(let requested, let supported):
            return "unsupported protocol version \(requested); this server speaks \(supported.joined(separator: ", ")) (2025 revisions after initialize)"
        }
    }
}
