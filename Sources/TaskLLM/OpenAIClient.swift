import Foundation
import TaskCore

/// A client for any OpenAI-compatible `/chat/completions` endpoint (OpenAI, Ollama, llama.cpp,
/// LM Studio, vLLM, OpenRouter).
///
/// Requests block the calling thread; trip `cancellation` from another thread (or a signal handler)
/// to stop one. What it does about servers' differences is listed in OPENAI-COMPAT.md: an explicit
/// `tool_choice`, always a system message, `"content": ""` on assistant tool-call messages, tool calls
/// matched on `index`, a plain request when a stream fails before its first event, bounded retries.
public struct OpenAIClient: Sendable {
    public let baseURL: String
    public let model: String
    public let timeouts: ModelTimeouts
    /// Attempts per request for 429, 5xx and cut connections (1 means no retry).
    public let maxAttempts: Int
    /// The longest wait a `Retry-After` may ask for, in seconds.
    public let maxRetryWait: Double
    public let cancellation: Cancellation?
    /// The most tokens an answer may have (`max_tokens`): a small local model asked for JSON can
    /// otherwise pad its answer with whitespace until the context is full (seen on llama.cpp).
    public let maxTokens: Int
    let key: APIKey?
    /// Waits between retries; tests pass one that records and returns at once.
    let sleep: @Sendable (Double) -> Void

    public init(
        baseURL: String, model: String, key: APIKey?, timeouts: ModelTimeouts, maxAttempts: Int = 3,
        maxRetryWait: Double = 20, cancellation: Cancellation? = nil, maxTokens: Int = 1024,
        sleep: (@Sendable (Double) -> Void)? = nil
    ) {
        self.maxTokens = maxTokens
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.model = model
        self.key = key
        self.timeouts = timeouts
        self.maxAttempts = max(1, maxAttempts)
        self.maxRetryWait = maxRetryWait
        self.cancellation = cancellation
        let token = cancellation
        self.sleep = sleep ?? { seconds in
            // Sleep in slices so a cancelled request does not sit out its backoff.
            var left = seconds
            while left > 0, token?.isCancelled != true {
                Thread.sleep(forTimeInterval: min(0.05, left))
                left -= 0.05
            }
        }
    }

    /// The client for `config` and `key`.
    public init(config: ModelConfig, key: APIKey?, cancellation: Cancellation? = nil) {
        self.init(
            baseURL: config.baseURL, model: config.model, key: key,
            timeouts: ModelTimeouts(overall: config.timeoutSeconds), cancellation: cancellation)
    }

    var endpoint: String { baseURL + "/chat/completions" }

    /// One chat turn. With `stream`, text is handed to `onDelta` as it arrives; a stream that fails
    /// before its first event is retried as a plain request (some servers cannot stream with tools).
    /// The first message should be the system message; one is added when missing.
    /// - Throws: `LLMError`.
    public func chat(
        messages: [ChatMessage], tools: [ToolSpec] = [], stream: Bool = false,
        onDelta: ((String) -> Void)? = nil
    ) throws(LLMError) -> ChatResponse {
        let body = requestBody(messages: messages, tools: tools, stream: stream, jsonObject: false)
        if stream {
            do {
                return try streamed(body, onDelta: onDelta)
            } catch let failure as StreamFailure {
                guard failure.beforeFirstEvent, failure.error.fallsBackToPlain else { throw failure.error }
            } catch {
                throw error as? LLMError ?? .transport(code: 0, detail: "\(error)")
            }
            let plainBody = requestBody(messages: messages, tools: tools, stream: false, jsonObject: false)
            let response = try withoutRejectedOptions(plainBody) { (body) throws(LLMError) in try plain(body) }
            if !response.content.isEmpty { onDelta?(response.content) }
            return response
        }
        return try withoutRejectedOptions(body) { (body) throws(LLMError) in try plain(body) }
    }

    /// Asks for a JSON object (`response_format: json_object`, dropped and retried once when the server
    /// rejects it) and returns the parsed reply.
    /// - Throws: `LLMError`, `.invalidJSON` when the answer is not a JSON object.
    public func completeJSON(messages: [ChatMessage]) throws(LLMError) -> JSONValue {
        let body = requestBody(messages: messages, tools: [], stream: false, jsonObject: true)
        let response = try withoutRejectedOptions(body) { (body) throws(LLMError) in try plain(body) }
        return try Self.jsonObject(in: response.content)
    }

    /// Sends `body`; when the server rejects (400 or 422) an optional parameter Tasker adds
    /// (`response_format`, `max_tokens`), sends it once more without the ones the error names.
    func withoutRejectedOptions(_ body: JSONValue, _ send: (JSONValue) throws(LLMError) -> ChatResponse) throws(LLMError) -> ChatResponse {
        do {
            return try send(body)
        } catch .http(let status, let message) where [400, 422].contains(status) {
            let lower = message.lowercased()
            let rejected = ["response_format", "max_tokens"].filter { lower.contains($0) && body[$0] != nil }
            guard !rejected.isEmpty, case .object(var members) = body else { throw .http(status: status, message: message) }
            for key in rejected { members[key] = nil }
            if rejected.contains("response_format") { members["temperature"] = nil }
            return try send(.object(members))
        }
    }

    /// The JSON object in a model's text, tolerating a Markdown code fence around it.
    static func jsonObject(in text: String) throws(LLMError) -> JSONValue {
        var body = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if body.hasPrefix("```") {
            if let newline = body.firstIndex(of: "\n") { body = String(body[body.index(after: newline)...]) }
            if body.hasSuffix("```") { body = String(body.dropLast(3)) }
            body = body.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        if body.isEmpty { throw .invalidJSON(detail: "the answer was empty") }
        let value: JSONValue
        do { value = try JSONValue.parse(body) } catch {
            throw .invalidJSON(detail: "\(error.reason) at byte \(error.offset)")
        }
        guard value.objectValue != nil else { throw .wrongShape(detail: "the answer is not a JSON object") }
        return value
    }

    // MARK: - Requests

    func requestBody(messages: [ChatMessage], tools: [ToolSpec], stream: Bool, jsonObject: Bool) -> JSONValue {
        var all = messages
        if all.first?.role != .system { all.insert(.system("You are Tasker's assistant."), at: 0) }
        var body: [String: JSONValue] = [
            "model": .string(model),
            "messages": .array(all.map(\.json)),
            "stream": .bool(stream),
            "max_tokens": .int(maxTokens),
        ]
        if !tools.isEmpty {
            body["tools"] = .array(tools.map(\.json))
            body["tool_choice"] = "auto"
        }
        if jsonObject {
            body["response_format"] = ["type": "json_object"]
            body["temperature"] = 0
        }
        return .object(body)
    }

    private var headers: [String] {
        var lines = ["Accept: application/json, text/event-stream"]
        if let key { lines.append("Authorization: Bearer \(key.value)") }
        return lines
    }

    private func request(_ body: JSONValue) -> HTTPClient.Request {
        HTTPClient.Request(url: endpoint, headers: headers, body: Data(body.encoded().utf8))
    }

    /// A plain request with bounded retries on 429, 5xx and cut connections.
    private func plain(_ body: JSONValue) throws(LLMError) -> ChatResponse {
        var attempt = 1
        while true {
            let waitHint: Double?
            do {
                let response = try HTTPClient().post(request(body), timeouts: timeouts, cancellation: cancellation)
                let text = String(decoding: response.body, as: UTF8.self)
                if (200..<300).contains(response.status) { return try ChatResponse.decode(text) }
                let error = statusError(response.status, body: text)
                guard Self.isRetryable(status: response.status), attempt < maxAttempts else {
                    throw response.status == 429 ? .rateLimited(attempts: attempt) : error
                }
                waitHint = response.headers["retry-after"].flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            } catch let error as LLMError {
                guard case .transport = error, attempt < maxAttempts else { throw error }
                waitHint = nil
            } catch {
                throw .transport(code: 0, detail: "\(error)")
            }
            sleep(retryWait(attempt: attempt, hint: waitHint))
            if cancellation?.isCancelled == true { throw .cancelled }
            attempt += 1
        }
    }

    /// The wait before attempt `attempt + 1`: `Retry-After` when given (capped), else 0.5 s doubling.
    func retryWait(attempt: Int, hint: Double?) -> Double {
        if let hint, hint >= 0 { return min(hint, maxRetryWait) }
        return min(0.5 * pow(2, Double(attempt - 1)), maxRetryWait)
    }

    static func isRetryable(status: Int) -> Bool { status == 429 || (500..<600).contains(status) }

    /// A failed stream, with whether any event had arrived (only then is a plain retry unsafe).
    private struct StreamFailure: Error {
        var error: LLMError
        var beforeFirstEvent: Bool
    }

    private func streamed(_ body: JSONValue, onDelta: ((String) -> Void)?) throws -> ChatResponse {
        var decoder = SSEDecoder()
        var assembler = ChatStreamAssembler()
        let response: HTTPClient.Response
        do {
            response = try HTTPClient().post(request(body), timeouts: timeouts, cancellation: cancellation) { data in
                for event in decoder.feed(data) {
                    if let text = try assembler.consume(event) { onDelta?(text) }
                }
            }
            guard (200..<300).contains(response.status) else {
                throw statusError(response.status, body: String(decoding: response.body, as: UTF8.self))
            }
            for event in decoder.finish() {
                if let text = try assembler.consume(event) { onDelta?(text) }
            }
            return try assembler.response()
        } catch let error as LLMError {
            throw StreamFailure(error: error, beforeFirstEvent: assembler.eventCount == 0)
        }
    }

    /// The error for a status that is not success; the body is cut short and scrubbed of the key.
    func statusError(_ status: Int, body: String) -> LLMError {
        switch status {
        case 401, 403: return .unauthorized(status: status)
        case 404: return .modelNotFound(model: model, url: baseURL)
        case 429: return .rateLimited(attempts: 1)
        default: return .http(status: status, message: errorExcerpt(body))
        }
    }

    private func errorExcerpt(_ body: String) -> String {
        var message = body
        if let value = try? JSONValue.parse(body) {
            message = value["error"]?["message"]?.stringValue ?? value["error"]?.stringValue ?? value["message"]?.stringValue ?? body
        }
        message = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        if let key, !key.value.isEmpty { message = message.replacingOccurrences(of: key.value, with: "[key]") }
        return message.count > 200 ? String(message.prefix(200)) + "…" : message
    }
}

extension LLMError {
    /// Whether a stream that failed this way before its first event is worth a plain request.
    var fallsBackToPlain: Bool {
        switch self {
        case .unauthorized, .modelNotFound, .cancelled, .unreachable, .timedOut, .config, .key, .promptMissing: false
        default: true
        }
    }
}
