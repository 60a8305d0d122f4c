import TaskCore

/// The model's answer to one chat request: its text, the tool calls it proposed, and why it stopped.
public struct ChatResponse: Sendable, Hashable {
    public var content: String
    public var toolCalls: [ToolCall]
    /// `stop`, `tool_calls`, `length`, … as the server said.
    public var finishReason: String
    /// The tokens the request used, when the server said (`usage`).
    public var usage: TokenUsage?

    public init(content: String, toolCalls: [ToolCall] = [], finishReason: String = "stop", usage: TokenUsage? = nil) {
        self.content = content
        self.toolCalls = toolCalls
        self.finishReason = finishReason
        self.usage = usage
    }
}

extension ChatResponse {
    /// Reads a plain (non-streamed) `chat.completion` body.
    /// - Throws: `LLMError.invalidJSON` or `.wrongShape`.
    static func decode(_ text: String) throws(LLMError) -> ChatResponse {
        let value: JSONValue
        do { value = try JSONValue.parse(text) } catch {
            throw .invalidJSON(detail: "\(error.reason) at byte \(error.offset)")
        }
        guard let choice = value["choices"]?.arrayValue?.first, let message = choice["message"], message.objectValue != nil else {
            throw .wrongShape(detail: "no choices[0].message")
        }
        var calls: [ToolCall] = []
        for (n, call) in (message["tool_calls"]?.arrayValue ?? []).enumerated() {
            guard let name = call["function"]?["name"]?.stringValue, !name.isEmpty else {
                throw .wrongShape(detail: "a tool call without a function name")
            }
            let id = call["id"]?.stringValue ?? "call_\(n)"
            calls.append(ToolCall(id: id, name: name, argumentsText: argumentsText(call["function"]?["arguments"])))
        }
        if calls.isEmpty, let legacy = message["function_call"], let name = legacy["name"]?.stringValue, !name.isEmpty {
            calls.append(ToolCall(id: "call_0", name: name, argumentsText: argumentsText(legacy["arguments"])))
        }
        let content = message["content"]?.stringValue ?? ""
        let finish = choice["finish_reason"]?.stringValue ?? (calls.isEmpty ? "stop" : "tool_calls")
        return ChatResponse(content: content, toolCalls: calls, finishReason: finish, usage: TokenUsage(value["usage"]))
    }

    /// Arguments are a JSON string by the spec; some servers send the object itself.
    static func argumentsText(_ value: JSONValue?) -> String {
        switch value {
        case .string(let s): return s
        case .none, .null: return ""
        case .some(let other): return other.encoded()
        }
    }
}
