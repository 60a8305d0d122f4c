/// A known OpenAI-compatible server: its usual base URL and a sensible default model.
public enum EndpointPreset: String, Sendable, Hashable, CaseIterable {
    case openai, ollama, llamacpp, lmstudio, vllm, openrouter

    public var baseURL: String {
        switch self {
        case .openai: "https://api.openai.com/v1"
        case .ollama: "http://127.0.0.1:11434/v1"
        case .llamacpp: "http://127.0.0.1:8080/v1"
        case .lmstudio: "http://127.0.0.1:1234/v1"
        case .vllm: "http://127.0.0.1:8000/v1"
        case .openrouter: "https://openrouter.ai/api/v1"
        }
    }

    /// The model used when config.json names none (local servers mostly serve whatever they loaded).
    public var defaultModel: String {
        switch self {
        case .openai: "gpt-4o-mini"
        case .ollama: "llama3.2"
        case .llamacpp: "default"
        case .lmstudio: "local-model"
        case .vllm: "default"
        case .openrouter: "openai/gpt-4o-mini"
        }
    }
}
