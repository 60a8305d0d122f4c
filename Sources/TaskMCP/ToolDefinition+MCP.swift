import TaskCore
import TaskToolkit

extension ToolDefinition {
    /// The tool as MCP's `Tool`: name, title, description, input schema, output schema (when the
    /// catalogue lists one) and behaviour hints.
    ///
    /// Nothing a tool does leaves the machine, so `openWorldHint` is false on all of them;
    /// `destructiveHint` and `idempotentHint` only mean something for tools that write.
    public var mcpTool: JSONValue {
        var tool: [String: JSONValue] = [
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
        if let outputSchema { tool["outputSchema"] = outputSchema }
        return .object(tool)
    }
}
