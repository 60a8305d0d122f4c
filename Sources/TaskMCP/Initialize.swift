import TaskCore

/// The `initialize` method: version negotiation, capabilities and who the server is.
enum Initialize {
    static let method = "initialize"

    /// The parts of the client's params the server uses.
    struct Params: Equatable {
        var protocolVersion: String

        /// - Throws: `MCPError.invalidParams` when `protocolVersion` is missing or not a string, or
        ///   `capabilities` / `clientInfo` is not an object.
        init(_ params: [String: JSONValue]) throws(MCPError) {
            guard case .string(let version)? = params["protocolVersion"] else {
                throw .invalidParams("initialize needs params.protocolVersion, a string such as \"\(ProtocolVersion.latest)\"")
            }
            for key in ["capabilities", "clientInfo"] {
                if let value = params[key], value.objectValue == nil {
                    throw .invalidParams("initialize params.\(key) must be an object, not \(value.typeName)")
                }
            }
            protocolVersion = version
        }
    }

    static func result(_ params: Params, info: ServerInfo) -> JSONValue {
        [
            "protocolVersion": .string(ProtocolVersion.negotiate(params.protocolVersion)),
            "capabilities": ["tools": ["listChanged": false]],
            "serverInfo": info.json,
            "instructions": .string(info.instructions),
        ]
    }
}
