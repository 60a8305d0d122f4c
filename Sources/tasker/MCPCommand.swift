import Foundation
import TaskCore
import TaskMCP

/// `tasker mcp`: the tool catalogue as an MCP server on standard input and output.
enum MCPCommand: Command {
    static let signature = CommandSignature(
        name: "mcp", summary: "serve the tool catalogue over MCP (JSON-RPC on stdin/stdout)", maxWords: 0,
        details: """
            Serves the 18 tools to an MCP client (Claude Desktop, Claude Code, Cursor, …) over stdio:
            one JSON-RPC 2.0 message per line on stdin and stdout (MCP revision 2025-11-25; 2025-06-18
            and 2024-11-05 are accepted too). Diagnostics go to stderr; stdout carries only protocol
            messages. The server stops with status 0 when stdin ends. Several servers and a REPL may
            share one database.

            Register it with Claude Code:
              claude mcp add tasker -- /path/to/tasker mcp --db ~/tasks.sqlite
            See the README's MCP section for Claude Desktop, Cursor and other clients.
            """)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        // A client that closes our stdout must make the write fail, not kill the process.
        signal(SIGPIPE, SIG_IGN)
        let toolkit = try context.makeToolkit()
        let output = context.output
        let server = MCPServer(
            catalog: toolkit,
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
