import TaskCore
import TaskToolkit

/// The MCP server: reads messages from a transport, answers each request, never answers a notification.
///
/// One message is handled at a time, in order (the catalogue is synchronous and fast). Before
/// `initialize` only `ping` is served; other requests get an error at once and `initialize` is still
/// accepted. Nothing but protocol messages goes to the transport; diagnostics go to `log`.
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

    /// The reply to one line of text, or nil when it gets none.
    public func handle(line: String) -> String? {
        switch InboundMessage(line: line) {
        case .request(let id, let method, let params):
            do {
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
            return OutboundMessage.result(id: id, ToolsList.result(catalog.tools))
        case ToolCall.method:
            guard isInitialized else { throw .notInitialized(method: method) }
            let call = try ToolCall.Params(params)
            guard catalog.tools.contains(where: { $0.name == call.name }) else { throw .unknownTool(call.name) }
            return OutboundMessage.result(id: id, encodedResult: try ToolCall.encodedResult(call, catalog: catalog, log: log))
        default:
            throw .methodNotFound(method)
        }
    }
}
