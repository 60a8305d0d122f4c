import Foundation
import TaskCore
import TaskAgent
import TaskMCP

/// `tasker mcp`: the tool catalogue as an MCP server on standard input and output.
enum MCPCommand: Command {
    static let agent = OptionSpec.value("--agent", "NAME", "act as this agent, with its policy and receipts (or set TASKER_AGENT_KEY)")

    static let signature = CommandSignature(
        name: "mcp", summary: "serve the tool catalogue over MCP (JSON-RPC on stdin/stdout)", maxWords: 0,
        options: [agent],
        details: """
            Serves the tool catalogue to an MCP client (Claude Desktop, Claude Code, Cursor, …) over stdio:
            one JSON-RPC 2.0 message per line on stdin and stdout (MCP revision 2025-11-25; 2025-06-18
            and 2024-11-05 are accepted too). Diagnostics go to stderr; stdout carries only protocol
            messages. The server stops with status 0 when stdin ends. Several servers and a REPL may
            share one database.

            Over stdio the server is yours and keyless. With --agent NAME, or an agent key in
            TASKER_AGENT_KEY, every call goes through that agent's policy: denied scopes fail, `ask`
            calls wait for `tasker approve`, and each call leaves a receipt (`tasker receipts`).

            Register it with Claude Code:
              claude mcp add tasker -- /path/to/tasker mcp --db ~/tasks.sqlite
            See the README's MCP section for Claude Desktop, Cursor and other clients.
            """)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        // A client that closes our stdout must make the write fail, not kill the process.
        signal(SIGPIPE, SIG_IGN)
        let toolkit = try context.makeToolkit()
        let output = context.output
        var catalog: ToolCatalog = toolkit
        if let name = arguments.value(Self.agent) {
            catalog = AgentGate(toolkit: toolkit, agent: try AgentCredential.named(name, in: toolkit.store))
        } else if let key = context.environment["TASKER_AGENT_KEY"], !key.isEmpty {
            catalog = AgentGate(toolkit: toolkit, agent: try AgentCredential.authenticate(key, in: toolkit.store))
        }
        let server = MCPServer(
            catalog: catalog,
            info: ServerInfo(version: TaskerApp.version),
            log: { output.err("tasker mcp: \($0)") })
        do {
            try server.serve(StdioTransport())
        } catch let failure as FileDescriptorWriter.Failure where failure.readerClosed {
            output.err("tasker mcp: the client closed its end of the connection; stopping")
        } catch {
            output.err("tasker mcp: stopping: \(error)")
            return 1
        }
        return 0
    }
}
