import TaskCore

/// One tool of the catalogue: what it is called, what it does, the JSON Schema of its arguments and
/// the agent scope it needs (`read` for the tools that only read). MCP annotations, the model's
/// `tools` array and the agent gate are derived from this; a definition without a scope does not build.
public struct ToolDefinition: Sendable, Hashable {
    public var name: String
    public var title: String
    public var description: String
    /// JSON Schema (draft 2020-12), `type: object` at the root.
    public var inputSchema: JSONValue
    /// What an agent key must be allowed to call it; `read` exactly when the tool only reads.
    public var scope: AgentScope
    /// It changes nothing (MCP's `readOnlyHint`).
    public var readOnly: Bool { scope == .read }
    /// Calling it twice with the same arguments has no further effect.
    public var idempotent: Bool
    /// It may overwrite or remove what is there (false for purely additive tools).
    public var destructive: Bool
    /// JSON Schema of every result (`OutputSchema.result`), set by `Tool.listedDefinition` from the
    /// tool's `Output`; nil where a catalogue lists none.
    public var outputSchema: JSONValue?

    public init(name: String, title: String, description: String, inputSchema: JSONValue, scope: AgentScope, idempotent: Bool, destructive: Bool) {
        self.name = name
        self.title = title
        self.description = description
        self.inputSchema = inputSchema
        self.scope = scope
        self.idempotent = idempotent
        self.destructive = destructive
    }
}
