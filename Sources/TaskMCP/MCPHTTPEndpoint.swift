import Foundation
import TaskAgent
import TaskCore
import TaskHTTPServer
import TaskStore
import TaskToolkit

/// MCP's Streamable HTTP transport (revision 2025-11-25, accepting 2025-06-18) at `/mcp`, JSON
/// responses only: POST one JSON-RPC message → `application/json` (or 202 for a notification or a
/// response); GET → 405 (no SSE stream); DELETE ends the session. Every request needs an agent key
/// (`Authorization: Bearer tkr_…`), a Host naming this server, and no foreign Origin; a session
/// belongs to the agent that opened it. Calls go through that agent's `AgentGate`.
///
/// Requests are handled one at a time (the store is one SQLite connection).
public final class MCPHTTPEndpoint: @unchecked Sendable {
    public static let path = "/mcp"
    /// Sessions kept at once; when full, the least recently used session of the agent holding the
    /// most goes first, so one agent cannot push every other agent's sessions out.
    static let maxSessions = 256
    /// Sessions one agent keeps at once; its own least recently used goes first.
    static let maxSessionsPerAgent = 16

    let toolkit: TaskToolkit
    let info: ServerInfo
    /// The Host and Origin this server answers (`--listen-any`: any Host); its port is set once bound.
    var hosts: LoopbackHosts
    /// The port, once bound (Host and Origin must name it).
    public var port: UInt16 {
        get { hosts.port }
        set { hosts.port = newValue }
    }
    let log: (String) -> Void
    private let lock = NSLock()
    private var sessions: [String: Session] = [:]
    private var tick = 0

    final class Session {
        let agentID: Int64
        let server: MCPServer
        var lastUsed: Int
        init(agentID: Int64, server: MCPServer, lastUsed: Int) {
            self.agentID = agentID
            self.server = server
            self.lastUsed = lastUsed
        }
    }

    public init(toolkit: TaskToolkit, info: ServerInfo, anyHost: Bool, log: @escaping (String) -> Void) {
        self.toolkit = toolkit
        self.info = info
        self.hosts = LoopbackHosts(anyHost: anyHost)
        self.log = log
    }

    public func handle(_ request: HTTPServerRequest) -> HTTPServerResponse {
        lock.withLock { respond(request) }
    }

    private func respond(_ request: HTTPServerRequest) -> HTTPServerResponse {
        let path = request.path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
        guard path == Self.path else { return Self.text(404, "not found; the MCP endpoint is \(Self.path)") }
        guard hosts.hostIsValid(request.headers["host"]) else { return Self.text(421, "the Host header does not name this server") }
        if let origin = request.headers["origin"], !hosts.originIsValid(origin) {
            return Self.text(403, "requests from the origin \(origin) are refused")
        }
        let agent: AgentRecord
        switch authenticate(request.headers["authorization"]) {
        case .agent(let found): agent = found
        case .refused(let response): return response
        }
        switch request.method {
        case "GET": return HTTPServerResponse(status: 405, headers: [("Allow", "POST, DELETE")])
        case "DELETE":
            guard let id = request.headers["mcp-session-id"] else { return Self.text(400, "DELETE needs the MCP-Session-Id header") }
            guard let session = sessions[id], session.agentID == agent.id else { return Self.text(404, "no such session") }
            sessions[id] = nil
            return HTTPServerResponse(status: 204)
        case "POST": return post(request, agent: agent)
        default: return HTTPServerResponse(status: 405, headers: [("Allow", "POST, DELETE")])
        }
    }

    private func post(_ request: HTTPServerRequest, agent: AgentRecord) -> HTTPServerResponse {
        let contentType = request.headers["content-type"]?.lowercased() ?? ""
        guard contentType.hasPrefix("application/json") else { return Self.text(415, "send the JSON-RPC message as application/json") }
        if let accept = request.headers["accept"], !accept.contains("application/json"), !accept.contains("*/*") {
            return Self.text(406, "the response is application/json; list it in Accept")
        }
        if let version = request.headers["mcp-protocol-version"], !ProtocolVersion.all.contains(version) {
            return Self.jsonError(400, .invalidRequest("unsupported MCP-Protocol-Version \(version); this server speaks \(ProtocolVersion.all.joined(separator: ", "))"))
        }
        guard case .success(let text) = UTF8Input.decode(request.body, source: "the body") else {
            return Self.jsonError(400, .parseError("the body is not valid UTF-8"))
        }
        let json: JSONValue
        do {
            json = try JSONValue.parse(text)
        } catch {
            return Self.jsonError(400, .parseError(error.description))
        }
        let message = InboundMessage(json: json)
        if case .malformed(let id, let error) = message { return Self.json(400, OutboundMessage.error(id: id, error)) }
        if case .request(let id, let method, let params) = message, RequestEnvelope.isModern(method: method, params: params) {
            return stateless(text, id: id, method: method, params: params, request: request, agent: agent)
        }

        if case .request(_, Initialize.method, _) = message {
            let server = MCPServer(catalog: AgentGate(toolkit: toolkit, agent: agent), info: info, log: log)
            guard let reply = server.handle(line: text) else { return HTTPServerResponse(status: 202) }
            let id = "mcp_" + Base62.random(count: 32)
            evictIfFull(for: agent.id)
            tick += 1
            sessions[id] = Session(agentID: agent.id, server: server, lastUsed: tick)
            return Self.json(200, reply, extra: [("MCP-Session-Id", id)])
        }
        guard let id = request.headers["mcp-session-id"] else {
            return Self.jsonError(400, .invalidRequest("missing MCP-Session-Id; send initialize first"), id: requestID(message))
        }
        guard let session = sessions[id], session.agentID == agent.id else {
            return Self.jsonError(404, .invalidRequest("unknown or ended session; initialize again"), id: requestID(message))
        }
        tick += 1
        session.lastUsed = tick
        if case .request(let requestID, let method, let params) = message, let gate = session.server.catalog as? AgentGate,
            let refused = insufficientScope(id: requestID, method: method, params: params, gate: gate)
        {
            return refused
        }
        guard let reply = session.server.handle(line: text) else { return HTTPServerResponse(status: 202) }
        return Self.json(200, reply)
    }

    /// A 2026-07-28 request: no session (none is created, none is named), the agent known by its key
    /// on this request alone, the headers checked against the body (400 with HeaderMismatch), and a
    /// denied scope answered 403 as on the 2025 path.
    private func stateless(_ text: String, id: RequestID, method: String, params: [String: JSONValue], request: HTTPServerRequest,
                           agent: AgentRecord) -> HTTPServerResponse {
        do {
            _ = try RequestEnvelope(method: method, params: params, headers: request.headers)
        } catch {
            return Self.json(error.code == MCPError.headerMismatch("").code ? 400 : 200, OutboundMessage.error(id: id, error))
        }
        let gate = AgentGate(toolkit: toolkit, agent: agent)
        if let refused = insufficientScope(id: id, method: method, params: params, gate: gate) {
            return refused
        }
        let server = MCPServer(catalog: gate, info: info, log: log)
        guard let reply = server.handle(line: text, headers: request.headers) else { return HTTPServerResponse(status: 202) }
        return Self.json(200, reply)
    }

    /// A tools/call whose scope the agent's policy denies: recorded by the gate (one receipt) and
    /// answered as HTTP's 403 insufficient_scope; nil for any other request.
    private func insufficientScope(id: RequestID, method: String, params: [String: JSONValue], gate: AgentGate) -> HTTPServerResponse? {
        guard method == ToolsCall.method, let name = params["name"]?.stringValue,
            case .deny(let scope)? = try? gate.decision(for: name, arguments: params["arguments"] ?? [:])
        else { return nil }
        var reason = "\(name) needs the scope \(scope.rawValue)"
        do { _ = try gate.call(name, params["arguments"] ?? [:]) } catch { reason = "\(error)" }
        return Self.json(403, OutboundMessage.error(id: id, .invalidRequest(reason)),
                         extra: [("WWW-Authenticate", #"Bearer error="insufficient_scope", scope="\#(scope.rawValue)""#)])
    }

    private func requestID(_ message: InboundMessage) -> RequestID? {
        if case .request(let id, _, _) = message { return id }
        return nil
    }

    /// Makes room for a new session of `agentID`: its own oldest when it holds its share, else, when
    /// the server is full, the oldest of the agent holding the most.
    private func evictIfFull(for agentID: Int64) {
        func evictOldest(of agent: Int64) {
            let oldest = sessions.filter { $0.value.agentID == agent }.min { $0.value.lastUsed < $1.value.lastUsed }
            if let oldest { sessions[oldest.key] = nil }
        }
        let counts = Dictionary(grouping: sessions.values, by: \.agentID).mapValues(\.count)
        if counts[agentID, default: 0] >= Self.maxSessionsPerAgent {
            evictOldest(of: agentID)
        } else if sessions.count >= Self.maxSessions, let busiest = counts.max(by: { $0.value < $1.value })?.key {
            evictOldest(of: busiest)
        }
    }

    private enum Authentication {
        case agent(AgentRecord)
        case refused(HTTPServerResponse)
    }

    private func authenticate(_ header: String?) -> Authentication {
        guard let header, header.lowercased().hasPrefix("bearer ") else {
            return .refused(HTTPServerResponse(status: 401, headers: [("WWW-Authenticate", "Bearer"), ("Content-Type", "text/plain")],
                                         body: Array("an agent key is required: Authorization: Bearer tkr_… (tasker agent add NAME)\n".utf8)))
        }
        do {
            let agent = try AgentCredential.authenticate(String(header.dropFirst(7)), in: toolkit.store)
            try? Agents(toolkit.store).touchAgent(id: agent.id)
            return .agent(agent)
        } catch {
            return .refused(HTTPServerResponse(status: 401, headers: [("WWW-Authenticate", #"Bearer error="invalid_token""#), ("Content-Type", "text/plain")],
                                         body: Array("\(error)\n".utf8)))
        }
    }

    static func text(_ status: Int, _ message: String) -> HTTPServerResponse {
        HTTPServerResponse(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Array((message + "\n").utf8))
    }

    static func json(_ status: Int, _ body: String, extra: [(String, String)] = []) -> HTTPServerResponse {
        HTTPServerResponse(status: status, headers: [("Content-Type", "application/json")] + extra, body: Array(body.utf8))
    }

    static func jsonError(_ status: Int, _ error: MCPError, id: RequestID? = nil) -> HTTPServerResponse {
        json(status, OutboundMessage.error(id: id, error))
    }
}
