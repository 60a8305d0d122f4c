import TaskCLI
import TaskCore
import TaskToolkit

/// `tasker tools [--json]`: the catalogue with each tool's JSON Schema.
enum ToolsCommand: Command {
    static let json = OptionSpec.flag("--json", "print an array of {name, title, description, readOnly, inputSchema}")

    static let signature = CommandSignature(
        name: "tools", summary: "list the tools with their arguments (--json for the full schemas)",
        maxWords: 0, options: [json],
        details: "Lists the tool catalogue that the REPL, `tasker call`, the MCP server and a model all share.")

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        let json = arguments.has(Self.json)
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
