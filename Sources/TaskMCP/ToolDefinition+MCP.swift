import TaskCore
import TaskToolkit

extension ToolDefinition {
    /// The tool as MCP's `Tool`: name, title, description, input schema and behaviour hints.
    ///
    /// Nothing a tool does leaves the machine, so `openWorldHint` is false on all of them;
    /// `destructiveHint` and `idempotentHint` only mean something for tools that write.
    public var mcpTool: JSONValue {
        [
            "name": .string(name),
            "title": .string(title),
            "description": .string(description),
            "inputSchema": inputSchema,
            "annotations": [
                "title": .string(title),
                "readOnlyHint": .bool(readOnly),
                "destructiveHint": .bool(!readOnly && destructive),
                "idempotentHint": .bool(readOnly || idempotent),
                "openWorldHint": false,
            ],
        ]
    }
}
