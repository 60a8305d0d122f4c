import TaskCore
import TaskToolkit

/// One message of a model conversation, in OpenAI's shape.
public struct ModelMessage: Sendable, Hashable {
    public enum Role: String, Sendable { case system, user, assistant, tool }
    public var role: Role
    public var content: String
    /// Calls an assistant message proposed.
    public var toolCalls: [ModelToolCall]
    /// For a `tool` message: the call it answers.
    public var toolCallID: String?

    public init(role: Role, content: String, toolCalls: [ModelToolCall] = [], toolCallID: String? = nil) {
        self.role = role
        self.content = content
        self.toolCalls = toolCalls
        self.toolCallID = toolCallID
    }
}

/// A tool call the model proposed; `argumentsText` is JSON as the model wrote it (maybe invalid).
public struct ModelToolCall: Sendable, Hashable {
    public var id: String
    public var name: String
    public var argumentsText: String

    public init(id: String, name: String, argumentsText: String) {
        self.id = id
        self.name = name
        self.argumentsText = argumentsText
    }
}

/// What the model answered in one request.
public struct ModelReply: Sendable, Hashable {
    public var content: String
    public var toolCalls: [ModelToolCall]
    public var finishReason: String?

    public init(content: String, toolCalls: [ModelToolCall] = [], finishReason: String? = "stop") {
        self.content = content
        self.toolCalls = toolCalls
        self.finishReason = finishReason
    }
}

/// The seam to a language model: the OpenAI-compatible client in the app, a scripted fake in tests.
public protocol ChatModel: AnyObject {
    /// Sends the conversation with the tool schemas; text arrives through `onDelta` as it streams.
    /// `isCancelled` is polled (Ctrl-C). - Throws: any failure (network, HTTP, timeout, bad reply,
    /// cancelled); the REPL then falls back to the rules.
    func complete(
        _ messages: [ModelMessage], tools: [ToolDefinition], model: String?, endpoint: String?,
        onDelta: @escaping (String) -> Void, isCancelled: @escaping @Sendable () -> Bool
    ) throws -> ModelReply
}

/// A model plus the conversation so far and its settings for this session.
public final class ModelConversation {
    public let model: ChatModel
    public var systemPrompt: String
    public var modelName: String?
    public var endpoint: String?
    /// Earlier turns (user, assistant, tool messages), oldest first; the system prompt is not in it.
    public private(set) var history: [ModelMessage] = []
    /// Tool rounds allowed per turn (weak models may repeat a call forever).
    public var maxRounds: Int
    /// Older turns beyond this many messages are dropped from what is sent.
    public var historyLimit: Int

    public init(model: ChatModel, systemPrompt: String, modelName: String? = nil, endpoint: String? = nil, maxRounds: Int = 5, historyLimit: Int = 30) {
        self.model = model
        self.systemPrompt = systemPrompt
        self.modelName = modelName
        self.endpoint = endpoint
        self.maxRounds = maxRounds
        self.historyLimit = historyLimit
    }

    /// Forgets the conversation (/clear).
    public func reset() { history.removeAll() }

    func remember(_ messages: [ModelMessage]) {
        history.append(contentsOf: messages)
        if history.count > historyLimit {
            var trimmed = Array(history.suffix(historyLimit))
            // Never start with a tool result or an assistant message whose results were cut off.
            while let first = trimmed.first, first.role != .user { trimmed.removeFirst() }
            history = trimmed
        }
    }
}
