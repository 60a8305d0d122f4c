import TaskCore
import TaskStore
import TaskToolkit
@testable import TaskMCP

/// A catalogue with one tool per behaviour the server must map: a success, an ok:false result,
/// invalid arguments, a store failure, and a listed tool the catalogue then disowns.
final class ScriptedCatalog: ToolCatalog {
    private(set) var calls: [(String, JSONValue)] = []

    let tools: [ToolDefinition] = [
        ToolDefinition(
            name: "echo_args", title: "Echo", description: "Returns its arguments.",
            inputSchema: ["type": "object", "properties": ["text": ["type": "string"]], "additionalProperties": false],
            scope: .read, idempotent: true, destructive: false),
        ToolDefinition(
            name: "find_task", title: "Find", description: "Never finds anything.",
            inputSchema: ["type": "object", "properties": ["title": ["type": "string"]], "required": ["title"]],
            scope: .read, idempotent: true, destructive: false),
        ToolDefinition(
            name: "create_thing", title: "Create a thing", description: "Needs a title.",
            inputSchema: ["type": "object", "properties": ["title": ["type": "string"]], "required": ["title"]],
            scope: .writeTasks, idempotent: false, destructive: false),
        ToolDefinition(
            name: "reschedule_thing", title: "Reschedule", description: "Overwrites a due date.",
            inputSchema: ["type": "object"], scope: .destructive, idempotent: true, destructive: true),
        ToolDefinition(
            name: "locked_tool", title: "Locked", description: "The database is locked.",
            inputSchema: ["type": "object"], scope: .destructive, idempotent: false, destructive: true),
        ToolDefinition(
            name: "vanishing_tool", title: "Vanishing", description: "Listed, then unknown to the toolkit.",
            inputSchema: ["type": "object"], scope: .read, idempotent: true, destructive: false),
    ]

    func call(_ name: String, _ arguments: JSONValue) throws -> JSONValue {
        calls.append((name, arguments))
        switch name {
        case "echo_args": return ["ok": true, "arguments": arguments]
        case "find_task": return ["ok": false, "error": "no task matches 'x'"]
        case "create_thing":
            guard arguments["title"]?.stringValue != nil else {
                throw ToolkitError.invalidArguments(tool: name, message: "title is required and must be a string")
            }
            return ["ok": true, "task": ["id": 1, "title": arguments["title"] ?? .null]]
        case "locked_tool":
            throw TaskStoreError.persistence(code: 5, message: "database is locked", sql: nil)
        default:
            throw ToolkitError.unknownTool(name)
        }
    }
}

/// A server over the scripted catalogue, and one exchange at a time.
struct Harness {
    let catalog = ScriptedCatalog()
    let server: MCPServer
    var logs: [String] { logBox.lines }
    private let logBox = LogBox()

    init() {
        let box = logBox
        server = MCPServer(catalog: catalog, info: ServerInfo(version: "9.9.9"), log: { box.lines.append($0) })
    }

    static let initialize = #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"test","version":"1"}}}"#

    /// A harness whose server already answered `initialize` and got `notifications/initialized`.
    static func initialized() -> Harness {
        let harness = Harness()
        _ = harness.server.handle(line: initialize)
        _ = harness.server.handle(line: #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
        return harness
    }

    /// The reply to `line`, parsed (nil when there is none).
    func send(_ line: String) throws -> JSONValue? {
        try server.handle(line: line).map { try JSONValue.parse($0) }
    }

    final class LogBox { var lines: [String] = [] }
}
