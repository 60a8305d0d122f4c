import TaskCore
import TaskToolkit

/// `tasker tools [--json]`: the catalogue with each tool's JSON Schema.
enum ToolsCommand: Command {
    static let name = "tools"
    static let summary = "list the 16 tools with their arguments (--json for the full schemas)"
    static let help = """
        Usage: tasker tools [--json]

        Lists the tool catalogue that the REPL, `tasker call`, the MCP server and a model all share.
        With --json, prints an array of {name, title, description, readOnly, inputSchema}.
        """

    static func run(_ arguments: [String], _ context: CommandContext) throws -> Int32 {
        let json = arguments.contains("--json")
        if let bad = arguments.first(where: { $0 != "--json" }) { throw UsageError("tools: unknown option '\(bad)'") }
        let tools = TaskToolkit.definitions
        if json {
            let array = JSONValue.array(tools.map { tool in
                ["name": .string(tool.name), "title": .string(tool.title), "description": .string(tool.description),
                 "readOnly": .bool(tool.readOnly), "inputSchema": tool.inputSchema]
            })
            context.output.out(array.prettyEncoded())
            return 0
        }
        for tool in tools {
            let properties = tool.inputSchema["properties"]?.objectValue ?? [:]
            let required = (tool.inputSchema["required"]?.arrayValue ?? []).compactMap(\.stringValue)
            var optional = properties.keys.filter { !required.contains($0) }.sorted()
            var named: [String] = []
            if !required.contains("title"), optional.contains("id"), optional.contains("title") {
                named = ["(id|title)"]  // tools that find a task take one or the other
                optional.removeAll { $0 == "id" || $0 == "title" }
            }
            let args = (named + required + optional.map { "[\($0)]" }).joined(separator: " ")
            let mark = tool.readOnly ? " (reads only)" : ""
            context.output.text("\(tool.name) \(args)\n    \(tool.description)\(mark)")
        }
        return 0
    }
}
