import TaskCore

/// A tool offered to the model: name, description and the JSON Schema of its arguments.
///
/// The caller builds these (the REPL from TaskToolkit's catalogue); TaskLLM does not know the tools.
public struct ToolSpec: Sendable, Hashable {
    public var name: String
    public var description: String
    public var parameters: JSONValue

    public init(name: String, description: String, parameters: JSONValue) {
        self.name = name
        self.description = description
        self.parameters = parameters
    }

    /// `{"type": "function", "function": {"name", "description", "parameters"}}`.
    var json: JSONValue {
        ["type": "function", "function": ["name": .string(name), "description": .string(description), "parameters": parameters]]
    }
}
