import TaskCore

/// One line from the client, classified: what the dispatcher does with it follows from its case.
public enum InboundMessage: Sendable, Hashable {
    /// A request: it gets exactly one reply with its id.
    case request(id: RequestID, method: String, params: [String: JSONValue])
    /// A notification: never answered, known or not.
    case notification(method: String, params: [String: JSONValue])
    /// A response (or error) from the client to a request the server never sent: ignored.
    case response
    /// Not a valid message: answered with this error, carrying the id when one could be read.
    case malformed(id: RequestID?, error: MCPError)
    /// A notification with unusable params: nothing to answer, nothing to do.
    case malformedNotification

    /// Classifies one line of text (without its newline).
    public init(line: String) {
        let value: JSONValue
        do {
            value = try JSONValue.parse(line)
        } catch {
            self = .malformed(id: nil, error: .parseError(error.description))
            return
        }
        self.init(json: value)
    }

    /// Classifies a parsed JSON value.
    public init(json value: JSONValue) {
        guard case .object(let message) = value else {
            if case .array = value {
                self = .malformed(id: nil, error: .invalidRequest("batches (JSON arrays) are not supported since MCP 2025-06-18; send one message per line"))
            } else {
                self = .malformed(id: nil, error: .invalidRequest("expected a JSON-RPC object, got \(value.typeName)"))
            }
            return
        }
        if message["method"] == nil && (message["result"] != nil || message["error"] != nil) {
            self = .response
            return
        }
        var id: RequestID?
        if let rawID = message["id"] {
            guard let valid = RequestID(json: rawID) else {
                self = .malformed(id: nil, error: .invalidRequest("id must be a string or an integer, not \(rawID.typeName)"))
                return
            }
            id = valid
        }
        guard message["jsonrpc"] == .string("2.0") else {
            self = .malformed(id: id, error: .invalidRequest("\"jsonrpc\" must be \"2.0\""))
            return
        }
        guard case .string(let method)? = message["method"] else {
            self = .malformed(id: id, error: .invalidRequest("\"method\" must be a string"))
            return
        }
        var params: [String: JSONValue] = [:]
        switch message["params"] {
        case nil, .null?: break
        case .object(let members)?: params = members
        case let other?:
            guard let id else {
                self = .malformedNotification
                return
            }
            self = .malformed(id: id, error: .invalidParams("params must be an object, not \(other.typeName)"))
            return
        }
        if let id {
            self = .request(id: id, method: method, params: params)
        } else {
            self = .notification(method: method, params: params)
        }
    }
}
