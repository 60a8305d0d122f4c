import TaskCore
import TaskToolkit

/// The `tools/list` method: the whole catalogue on one page.
enum ToolsList {
    static let method = "tools/list"

    /// - Throws: `MCPError.invalidParams` when `cursor` is given and is not a string. Any string is
    ///   accepted: there is only one page.
    static func validate(_ params: [String: JSONValue]) throws(MCPError) {
        if let cursor = params["cursor"], cursor.stringValue == nil {
            throw .invalidParams("tools/list params.cursor must be a string, not \(cursor.typeName)")
        }
    }

    static func result(_ tools: [ToolDefinition]) -> JSONValue {
        ["tools": .array(tools.map(\.mcpTool))]
    }
}
