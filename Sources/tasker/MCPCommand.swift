/// `tasker mcp`. STUB: filled in by its issue.
enum MCPCommand: Command {
    static let name = "mcp"
    static let summary = "serve the tool catalogue over MCP (JSON-RPC on stdin/stdout)"
    static let help = "Usage: tasker mcp (not built yet)"

    static func run(_ arguments: [String], _ context: CommandContext) throws -> Int32 {
        context.output.err("tasker: 'mcp' is not built yet")
        return 1
    }
}
