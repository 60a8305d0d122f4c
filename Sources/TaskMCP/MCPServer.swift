import TaskAgent
import TaskCore
import TaskStore
import TaskToolkit

/// The MCP server: reads messages from a transport, answers each request, never answers a notification.
///
/// It speaks both eras of the protocol on one transport. A request carrying the 2026-07-28 envelope
/// (`RequestEnvelope`), and `server/discover`, is answered on its own, with no handshake: `resultType`
/// and the server's identity in every result's `_meta`, list results cacheable (`ttlMs`,
/// `cacheScope`). Otherwise the 2025 revisions hold: before `initialize` only `ping` is served;
/// other requests get an error at once and `initialize` is still accepted.
///
/// One message is handled at a time, in order (the catalogue is synchronous and fast). Nothing but
/// protocol messages goes to the transport; diagnostics go to `log`.
public final class MCPServer {
    public let catalog: ToolCatalog
    public let info: ServerInfo
    private let log: (String) -> Void
    /// `initialize` was answered.
    public private(set) var isInitialized = false
    /// The revision agreed in `initialize`.
    public private(set) var protocolVersion: String?
    /// The client sent `notifications/initialized`.
    public private(set) var clientReady = false

    public init(catalog: ToolCatalog, info: ServerInfo, log: @escaping (String) -> Void = { _ in }) {
        self.catalog = catalog
        self.info = info
        self.log = log
    }

    /// Serves until the transport's input ends.
    /// - Throws: when the transport cannot send (the client went away).
    public func serve(_ transport: MessageTransport) throws {
        while let frame = try transport.receive() {
            if let reply = handle(frame) { try transport.send(reply) }
        }
    }

    /// The reply to one frame, or nil when it gets none (a notification, a stray response).
    public func handle(_ frame: InboundFrame) -> String? {
        switch frame {
        case .text(let line): return handle(line: line)
        case .invalidUTF8: return OutboundMessage.error(id: nil, .parseError("the line is not valid UTF-8"))
        case .oversized(let limit):
            log("discarded a line longer than \(limit) bytes")
            return OutboundMessage.error(id: nil, .messageTooLarge(limit: limit))
        }
    }

    /// The reply to one line of text, or nil when it gets none; `headers` (lower-case names) when it
    /// came over HTTP, for the 2026 header checks.
    public func handle(line: String, headers: [String: String]? = nil) -> String? {
        switch InboundMessage(line: line) {
        case .request(let id, let method, let params):
            do {
                if RequestEnvelope.isModern(method: method, params: params) {
                    return try respondStateless(id: id, method: method, params: params, headers: headers)
                }
                return try respond(id: id, method: method, params: params)
            } catch {
                return OutboundMessage.error(id: id, error)
            }
        case .notification(let method, _):
            if method == "notifications/initialized" { clientReady = true }
            return nil
        case .response, .malformedNotification:
            return nil
        case .malformed(let id, let error):
            return OutboundMessage.error(id: id, error)
        }
    }

    private func respond(id: RequestID, method: String, params: [String: JSONValue]) throws(MCPError) -> String {
        switch method {
        case "ping":
            return OutboundMessage.result(id: id, [:])
        case Initialize.method:
            let request = try Initialize.Params(params)
            let result = Initialize.result(request, info: info)
            isInitialized = true
            protocolVersion = result["protocolVersion"]?.stringValue
            return OutboundMessage.result(id: id, result)
        case ToolsList.method:
            guard isInitialized else { throw .notInitialized(method: method) }
            try ToolsList.validate(params)
            return OutboundMessage.result(id: id, ToolsList.result(catalog.listedTools))
        case ToolsCall.method:
            guard isInitialized else { throw .notInitialized(method: method) }
            let call = try ToolsCall.Params(params)
            guard catalog.tools.contains(where: { $0.name == call.name }) else { throw .unknownTool(call.name) }
            return OutboundMessage.result(id: id, encodedResult: try ToolsCall.encodedResult(call, catalog: catalog, log: log))
        default:
            throw .methodNotFound(method)
        }
    }

    /// How long a client may keep the tool list (it changes only with the binary).
    static let toolsTTLMilliseconds = 3_600_000

    /// A 2026-07-28 request, answered with no handshake and no session state.
    private func respondStateless(id: RequestID, method: String, params: [String: JSONValue], headers: [String: String]?) throws(MCPError) -> String {
        let envelope = try RequestEnvelope(method: method, params: params, headers: headers)
        let meta: JSONValue = [RequestEnvelope.serverInfoKey: info.json]
        let gate = catalog as? AgentGate
        /// A result of the request's own kind: `resultType` complete and who answered.
        func complete(_ members: [String: JSONValue]) -> String {
            var members = members
            members["resultType"] = "complete"
            members["_meta"] = meta
            return OutboundMessage.result(id: id, .object(members))
        }
        switch method {
        case RequestEnvelope.discoverMethod:
            var capabilities: [String: JSONValue] = ["tools": ["listChanged": false]]
            // Only an agent's calls wait for approval: the tasks extension is offered to agents.
            if gate != nil { capabilities["extensions"] = [ApprovalTask.extensionKey: [:]] }
            return OutboundMessage.result(id: id, [
                "supportedVersions": .array(ProtocolVersion.all.map(JSONValue.string)),
                "capabilities": .object(capabilities),
                "instructions": .string(info.instructions),
                "ttlMs": .int(Self.toolsTTLMilliseconds), "cacheScope": "private",
                "resultType": "complete", "_meta": meta,
            ])
        case ToolsList.method:
            try ToolsList.validate(params)
            var result = ToolsList.result(catalog.listedTools).objectValue ?? [:]
            result["ttlMs"] = .int(Self.toolsTTLMilliseconds)
            result["cacheScope"] = "private"
            result["resultType"] = "complete"
            result["_meta"] = meta
            return OutboundMessage.result(id: id, .object(result))
        case ToolsCall.method:
            let asked = try ToolsCall.Params(params)
            guard catalog.tools.contains(where: { $0.name == asked.name }) else { throw .unknownTool(asked.name) }
            let call = TaskChoice.applying(params, to: asked, catalog: catalog)
            let value = try ToolsCall.run(call, catalog: catalog, log: log)
            // A title that matched several tasks: asked back as a choice, for a client that can answer.
            if value["ok"] == false, TaskChoice.isDeclared(in: envelope), call.arguments["title"] != nil {
                let candidates = catalog.choices(for: call.name, call.arguments)
                if !candidates.isEmpty { return OutboundMessage.result(id: id, TaskChoice.inputRequired(call, candidates: candidates, meta: meta)) }
            }
            // A call stored for the owner's approval becomes a task, for a client that declared the extension.
            if value["status"] == "pending_approval", ApprovalTask.isDeclared(in: envelope), let gate,
                let approvalID = value["approval_id"]?.stringValue, let request = try? gate.ownApproval(approvalID)
            {
                var task = ApprovalTask.json(request, serverInfo: info)
                task["resultType"] = "task"
                task["_meta"] = meta
                return OutboundMessage.result(id: id, .object(task))
            }
            return OutboundMessage.result(id: id, encodedResult: ToolsCall.encode(value, serverInfo: info))
        case ApprovalTask.getMethod, ApprovalTask.cancelMethod, ApprovalTask.updateMethod:
            guard let gate else { throw .methodNotFound(method) }
            guard case .string(let taskID)? = params["taskId"] else { throw .invalidParams("\(method) needs params.taskId, the id a task-returning call gave") }
            let found: ApprovalRecord?
            do {
                found = method == ApprovalTask.cancelMethod ? try gate.withdraw(taskID) : try gate.ownApproval(taskID)
            } catch {
                log("\(method) failed: \(error)")
                throw .invalidRequest("the task could not be read: \(error)")
            }
            guard let request = found else { throw .invalidParams("no task '\(taskID)' for this agent") }
            return complete(method == ApprovalTask.getMethod ? ApprovalTask.json(request, serverInfo: info) : [:])
        case "ping":
            return OutboundMessage.result(id: id, ["resultType": "complete", "_meta": meta])
        default:
            throw .methodNotFound(method)
        }
    }
}
