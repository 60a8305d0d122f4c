import TaskCore
import TaskLLM
import TaskToolkit

/// The seam to a language model: the OpenAI-compatible client in the app, a scripted fake in tests.
public protocol ChatModel: AnyObject {
    /// Sends the conversation with the tool schemas; text arrives through `onDelta` as it streams.
    /// `isCancelled` is polled (Ctrl-C). - Throws: any failure (network, HTTP, timeout, bad reply,
    /// cancelled); the REPL then falls back to the rules.
    func complete(
        _ messages: [ChatMessage], tools: [ToolDefinition], model: String?, endpoint: String?,
        onDelta: @escaping (String) -> Void, isCancelled: @escaping @Sendable () -> Bool
    ) throws -> ChatResponse
}

/// A model plus the conversation so far and its settings for this session.
public final class ModelConversation {
    public let model: ChatModel
    public var systemPrompt: String
    public var modelName: String?
    public var endpoint: String?
    /// Earlier turns (user, assistant, tool messages), oldest first; the system prompt is not in it.
    public private(set) var history: [ChatMessage] = []
    /// Tool rounds allowed per turn (weak models may repeat a call forever).
    public var maxRounds: Int
    /// Older turns beyond this many messages are dropped from what is sent.
    public var historyLimit: Int
    /// The structured refine request dictations go through; nil sends them to `model` with the tools.
    public var refiner: DictationRefiner?
    /// PlanRouter's model planner; nil plans by the rules alone.
    public var planner: DayPlanModel?

    public init(
        model: ChatModel, systemPrompt: String, modelName: String? = nil, endpoint: String? = nil, maxRounds: Int = 5,
        historyLimit: Int = 30, refiner: DictationRefiner? = nil, planner: DayPlanModel? = nil
    ) {
        self.planner = planner
        self.model = model
        self.refiner = refiner
        self.systemPrompt = systemPrompt
        self.modelName = modelName
        self.endpoint = endpoint
        self.maxRounds = maxRounds
        self.historyLimit = historyLimit
    }

    /// Forgets the conversation (/clear).
    public func reset() { history.removeAll() }

    func remember(_ messages: [ChatMessage]) {
        history.append(contentsOf: messages)
        if history.count > historyLimit {
            var trimmed = Array(history.suffix(historyLimit))
            // Never start with a tool result or an assistant message whose results were cut off.
            while let first = trimmed.first, first.role != .user { trimmed.removeFirst() }
            history = trimmed
        }
    }
}
