import TaskCore
import TaskToolkit

extension ToolDefinition {
    /// The tool as MCP's `Tool`: name, title, description, input schema, output schema (when the
    /// catalogue lists one) and behaviour hints.
    ///
    /// The hints are written only where they differ from MCP's defaults (`readOnlyHint` false,
    /// `destructiveHint` true, `idempotentHint` false, `openWorldHint` true), so a client reads the same
    /// hints for fewer tokens: nothing a tool does leaves the machine, so `openWorldHint` is false on
    /// all of them; `destructiveHint` and `idempotentHint` only mean something for tools that write.
    public var mcpTool: JSONValue {
        var tool: [String: JSONValue] = [
            "name": .string(name),
            "title": .string(title),
            "description": .string(description),
            "inputSchema": inputSchema,
            "annotations": .object(mcpHints),
        ]
        if let outputSchema { tool["outputSchema"] = outputSchema }
        return .object(tool)
    }

    /// The behaviour hints that differ from MCP's defaults.
    var mcpHints: [String: JSONValue] {
        var hints: [String: JSONValue] = ["openWorldHint": false]
        if readOnly { hints["readOnlyHint"] = true; return hints }
        if !destructive { hints["destructiveHint"] = false }
        if idempotent { hints["idempotentHint"] = true }
        return hints
    }
}
