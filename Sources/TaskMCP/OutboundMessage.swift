import TaskCore

/// Builds the lines the server writes: a result or an error for one request, encoded compactly with
/// sorted keys so one response is always the same line.
public enum OutboundMessage {
    /// `{"id":…,"jsonrpc":"2.0","result":…}`.
    public static func result(id: RequestID, _ result: JSONValue) -> String {
        JSONValue.object(["jsonrpc": "2.0", "id": id.json, "result": result]).encoded()
    }

    /// A result whose JSON text is already encoded (compact, keys sorted): saves encoding it twice.
    public static func result(id: RequestID, encodedResult: String) -> String {
        "{\"id\":" + id.json.encoded() + ",\"jsonrpc\":\"2.0\",\"result\":" + encodedResult + "}"
    }

    /// `{"error":{"code":…,"message":…},"id":…|null,"jsonrpc":"2.0"}`.
    public static func error(id: RequestID?, _ error: MCPError) -> String {
        var body: [String: JSONValue] = ["code": .int(error.code), "message": .string(error.description)]
        if let data = error.data { body["data"] = data }
        return JSONValue.object(["jsonrpc": "2.0", "id": id?.json ?? .null, "error": .object(body)]).encoded()
    }
}
