import TaskCore

/// One tool of the catalogue: what it is called, what it does, the JSON Schema of its arguments and
/// whether it only reads. MCP annotations and the model's `tools` array are derived from this.
public struct ToolDefinition: Sendable, Hashable {
    public var name: String
    public var title: String
    public var description: String
    /// JSON Schema (draft 2020-12), `type: object` at the root.
    public var inputSchema: JSONValue
    public var readOnly: Bool
    /// Calling it twice with the same arguments has no further effect.
    public var idempotent: Bool
    /// It may overwrite or remove what is there (false for purely additive tools).
    public var destructive: Bool

    public init(name: String, title: String, description: String, inputSchema: JSONValue, readOnly: Bool, idempotent: Bool, destructive: Bool) {
        self.name = name
        self.title = title
        self.description = description
        self.inputSchema = inputSchema
        self.readOnly = readOnly
        self.idempotent = idempotent
        self.destructive = destructive
    }
}
