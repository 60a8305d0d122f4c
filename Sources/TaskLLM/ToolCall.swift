import TaskCore

/// One tool call the model proposed: an opaque id, the tool's name and its arguments as sent (JSON text).
public struct ToolCall: Sendable, Hashable {
    /// Opaque: formats vary between servers (`call_…`, `call__0_capture_task_cmpl-…`).
    public var id: String
    public var name: String
    public var argumentsText: String

    public init(id: String, name: String, argumentsText: String) {
        self.id = id
        self.name = name
        self.argumentsText = argumentsText
    }

    /// The arguments as a JSON object (empty text counts as `{}`).
    /// - Throws: `LLMError.invalidJSON` when they are not JSON, `.wrongShape` when not an object.
    public func arguments() throws(LLMError) -> JSONValue {
        let text = argumentsText.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.isEmpty { return [:] }
        let value: JSONValue
        do { value = try JSONValue.parse(text) } catch {
            throw .invalidJSON(detail: "arguments of \(name): \(error.reason) at byte \(error.offset)")
        }
        guard value.objectValue != nil else { throw .wrongShape(detail: "arguments of \(name) are not a JSON object") }
        return value
    }

    /// The arguments, after checking the tool is one of `tools`.
    /// - Throws: `LLMError.wrongShape` for a tool that was not offered; what `arguments()` throws.
    public func validated(against tools: [ToolSpec]) throws(LLMError) -> JSONValue {
        guard tools.contains(where: { $0.name == name }) else {
            throw .wrongShape(detail: "the model called an unknown tool '\(name)'")
        }
        return try arguments()
    }

    /// The wire form inside an assistant message.
    var json: JSONValue {
        ["id": .string(id), "type": "function", "function": ["name": .string(name), "arguments": .string(argumentsText)]]
    }
}
