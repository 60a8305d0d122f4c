import TaskCore

/// One message of a chat: system, user, assistant (possibly holding tool calls) or a tool result.
public struct ChatMessage: Sendable, Hashable {
    public enum Role: String, Sendable, Hashable {
        case system, user, assistant, tool
    }

    public var role: Role
    public var content: String
    public var toolCalls: [ToolCall]
    /// For `.tool` messages: the id of the call this answers.
    public var toolCallID: String?

    public init(role: Role, content: String, toolCalls: [ToolCall] = [], toolCallID: String? = nil) {
        self.role = role
        self.content = content
        self.toolCalls = toolCalls
        self.toolCallID = toolCallID
    }

    public static func system(_ text: String) -> ChatMessage { ChatMessage(role: .system, content: text) }
    public static func user(_ text: String) -> ChatMessage { ChatMessage(role: .user, content: text) }
    public static func assistant(_ text: String, toolCalls: [ToolCall] = []) -> ChatMessage {
        ChatMessage(role: .assistant, content: text, toolCalls: toolCalls)
    }
    public static func tool(callID: String, content: String) -> ChatMessage {
        ChatMessage(role: .tool, content: content, toolCallID: callID)
    }

    /// The wire form. An assistant message with tool calls always carries `"content": ""` when it has
    /// no text: llama.cpp answers 500 to a null or missing content.
    var json: JSONValue {
        var object: [String: JSONValue] = ["role": .string(role.rawValue), "content": .string(content)]
        if !toolCalls.isEmpty { object["tool_calls"] = .array(toolCalls.map(\.json)) }
        if let toolCallID { object["tool_call_id"] = .string(toolCallID) }
        return .object(object)
    }
}
