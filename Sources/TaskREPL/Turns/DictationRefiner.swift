import Foundation
import TaskCore
import TaskLLM
import TaskNL

/// The chat's capture path through the model: one structured refine request (the answer's JSON
/// Schema, `LLMTaskBackend`) and the one merge. The app gives it an `OpenAIDictationRefiner`; tests a
/// scripted one.
public protocol DictationRefiner: AnyObject {
    /// The model's reading of `text` merged with `rules` (read with the user's `places`, as each
    /// split part is read too). `isCancelled` is polled (Ctrl-C).
    /// - Throws: `LLMError` (or any error) for every failure; the chat then keeps the rules' reading.
    func refine(
        _ text: String, rules: ParseResult, model: String?, endpoint: String?, now: Date, timeZone: TimeZone, places: [String],
        isCancelled: @escaping @Sendable () -> Bool
    ) throws -> RefinementResult

    /// The structured-output form the endpoint accepted for `model`, when known (`/model` shows it).
    func acceptedForm(model: String?, endpoint: String?) -> StructuredOutputForm?
}

/// The real `DictationRefiner`: TaskLLM's client with the refine prompt, the structured-output
/// memory beside config.json, and Ctrl-C wired to its cancellation token. The answer must come within
/// `first_token_seconds` (a refinement is not streamed: its answer is its first token).
public final class OpenAIDictationRefiner: DictationRefiner {
    public let config: ModelConfig
    let key: APIKey?
    let prompt: String
    let memory: StructuredOutputMemory
    let parser: TaskNLParser

    public init(config: ModelConfig, key: APIKey?, prompt: String, memory: StructuredOutputMemory, parser: TaskNLParser = TaskNLParser()) {
        self.config = config
        self.key = key
        self.prompt = prompt
        self.memory = memory
        self.parser = parser
    }

    func client(model: String?, endpoint: String?, cancellation: Cancellation?) -> OpenAIClient {
        let wait = min(config.firstTokenSeconds, config.timeoutSeconds)
        return OpenAIClient(
            baseURL: endpoint.map(OpenAIChatModel.baseURL(for:)) ?? config.baseURL, model: model ?? config.model, key: key,
            timeouts: ModelTimeouts(connect: min(10, wait), overall: wait, idle: wait), cancellation: cancellation)
    }

    public func refine(
        _ text: String, rules: ParseResult, model: String?, endpoint: String?, now: Date, timeZone: TimeZone, places: [String],
        isCancelled: @escaping @Sendable () -> Bool
    ) throws -> RefinementResult {
        try InterruptWatch.run(isCancelled) { token in
            let backend = LLMTaskBackend(
                client: client(model: model, endpoint: endpoint, cancellation: token), systemPrompt: prompt, parser: parser, memory: memory)
            return try namingSilence { () throws(LLMError) in try backend.refined(text, rules: rules, now: now, timeZone: timeZone, places: places) }
        }
    }

    /// Runs a request whose answer is its first token: a timeout is `FirstTokenTimeout` (which setting).
    func namingSilence<T>(_ body: () throws(LLMError) -> T) throws -> T {
        let result = Result { () throws(LLMError) in try body() }
        if case .failure(.timedOut) = result, config.firstTokenSeconds <= config.timeoutSeconds {
            throw FirstTokenTimeout(seconds: config.firstTokenSeconds)
        }
        return try result.get()
    }

    public func acceptedForm(model: String?, endpoint: String?) -> StructuredOutputForm? {
        let client = client(model: model, endpoint: endpoint, cancellation: nil)
        return memory.form(endpoint: client.baseURL, model: client.model)
    }
}

/// The model sent nothing within `first_token_seconds`.
public struct FirstTokenTimeout: Error, CustomStringConvertible {
    public let seconds: Double
    public var description: String {
        let whole = seconds.rounded() == seconds ? "\(Int(seconds))" : "\(seconds)"
        return "the model sent nothing for \(whole) s (first_token_seconds in config.json)"
    }
}
