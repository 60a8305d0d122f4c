import TaskCore

/// The per-request envelope of MCP 2026-07-28: with no `initialize` and no session, every request
/// carries its protocol version and the client's capabilities (and, optionally, who the client is)
/// in `params._meta`, and over HTTP repeats the version and method in headers.
///
/// A request is on the 2026 path when its `_meta` holds the protocol-version key (a bare `_meta` is
/// not evidence: older requests carry `progressToken` there) or when it is `server/discover`, which
/// exists only there. The checks run in the order the revision gives: the envelope's shape, then the
/// headers, then the version.
struct RequestEnvelope: Equatable {
    static let versionKey = "io.modelcontextprotocol/protocolVersion"
    static let capabilitiesKey = "io.modelcontextprotocol/clientCapabilities"
    static let clientInfoKey = "io.modelcontextprotocol/clientInfo"
    static let serverInfoKey = "io.modelcontextprotocol/serverInfo"
    static let discoverMethod = "server/discover"
    /// The methods whose Mcp-Name header repeats a parameter, and which parameter.
    static let nameParameter = ["tools/call": "name", "tasks/get": "taskId", "tasks/update": "taskId", "tasks/cancel": "taskId"]

    var version: String
    var capabilities: JSONValue
    var clientInfo: JSONValue?

    /// Whether a request goes the 2026 way.
    static func isModern(method: String, params: [String: JSONValue]) -> Bool {
        method == discoverMethod || (method != Initialize.method && params["_meta"]?[versionKey] != nil)
    }

    /// Reads and checks the envelope of a `method` request; `headers` (lower-case names) for HTTP.
    /// - Throws: `MCPError.invalidParams` for a missing or malformed envelope, `.headerMismatch` when
    ///   the HTTP headers disagree with the body, `.unsupportedProtocolVersion` naming the versions
    ///   this server speaks.
    init(method: String, params: [String: JSONValue], headers: [String: String]? = nil) throws(MCPError) {
        guard case .object(let meta)? = params["_meta"] else {
            throw .invalidParams("params._meta must be an object carrying '\(Self.versionKey)' and '\(Self.capabilitiesKey)'")
        }
        let missing = [Self.versionKey, Self.capabilitiesKey].filter { meta[$0] == nil }
        guard missing.isEmpty else { throw .invalidParams("params._meta is missing \(missing.joined(separator: ", "))") }
        if let headers {
            guard case .string(let bodyVersion)? = meta[Self.versionKey], headers["mcp-protocol-version"] == bodyVersion else {
                throw .headerMismatch("the MCP-Protocol-Version header does not match params._meta's protocol version")
            }
            guard headers["mcp-method"] == method else { throw .headerMismatch("the Mcp-Method header does not match the request's method") }
            if let key = Self.nameParameter[method], let name = params[key]?.stringValue, headers["mcp-name"] != name {
                throw .headerMismatch("the Mcp-Name header does not match params.\(key)")
            }
        }
        guard case .string(let version)? = meta[Self.versionKey] else {
            throw .invalidParams("params._meta['\(Self.versionKey)'] must be a string such as \"\(ProtocolVersion.latestModern)\"")
        }
        guard ProtocolVersion.modern.contains(version) else {
            throw .unsupportedProtocolVersion(requested: version, supported: ProtocolVersion.all)
        }
        guard case .object = meta[Self.capabilitiesKey] else { throw .invalidParams("params._meta['\(Self.capabilitiesKey)'] must be an object") }
        self.version = version
        self.capabilities = meta[Self.capabilitiesKey] ?? [:]
        self.clientInfo = meta[Self.clientInfoKey]
    }
}
