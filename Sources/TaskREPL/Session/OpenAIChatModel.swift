import Foundation
import TaskCore
import TaskLLM
import TaskToolkit

/// The real `ChatModel`: TaskLLM's OpenAI-compatible client, streaming, with Ctrl-C wired to its
/// cancellation token; a stream silent for `first_token_seconds` ends with `FirstTokenTimeout`.
public final class OpenAIChatModel: ChatModel {
    public let config: ModelConfig
    let key: APIKey?
    /// What each endpoint accepted (here: whether it streams tool calls), beside config.json.
    let memory: StructuredOutputMemory?

    public init(config: ModelConfig, key: APIKey?, memory: StructuredOutputMemory? = nil) {
        self.config = config
        self.key = key
        self.memory = memory
    }

    /// The base URL for an /endpoint argument: a preset name or a URL.
    public static func baseURL(for endpoint: String) -> String {
        EndpointPreset(rawValue: endpoint.lowercased())?.baseURL ?? endpoint
    }

    public func complete(
        _ messages: [ChatMessage], tools: [ToolDefinition], model: String?, endpoint: String?,
        onDelta: @escaping (String) -> Void, isCancelled: @escaping @Sendable () -> Bool
    ) throws -> ChatResponse {
        // Ctrl-C is noticed by polling, so the signal handler only sets a flag.
        try InterruptWatch.run(isCancelled) { token in
            let timeouts = config.chatTimeouts
            let specs = tools.map { ToolSpec(name: $0.name, description: $0.description, parameters: $0.inputSchema) }
            let client = OpenAIClient(
                baseURL: endpoint.map(Self.baseURL(for:)) ?? config.baseURL, model: model ?? config.model, key: key,
                timeouts: timeouts, cancellation: token)
            let result = Result { () throws(LLMError) in try client.chat(messages: messages, tools: specs, stream: true, onDelta: onDelta, memory: memory) }
            // The stream's silence limit is first_token_seconds: say which setting it was.
            if case .failure(.timedOut(_, let seconds)) = result, seconds == timeouts.idle, seconds < timeouts.overall {
                throw FirstTokenTimeout(seconds: seconds)
            }
            return try result.get()
        }
    }
}
