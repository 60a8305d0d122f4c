import Foundation
import TaskHTTP
import TaskCore

/// A client for any OpenAI-compatible `/chat/completions` endpoint (OpenAI, Ollama, llama.cpp,
/// LM Studio, vLLM, OpenRouter).
///
/// Requests block the calling thread; trip `cancellation` from another thread (or a signal handler)
/// to stop one. What it does about servers' differences is listed in OPENAI-COMPAT.md: an explicit
/// `tool_choice`, always a system message, `"content": ""` on assistant tool-call messages, tool calls
/// matched on `index`, a plain request when a stream fails before its first event, bounded retries.
///
/// Each call (`chat`, `completeJSON`) has one deadline, `timeouts.overall` from its start: every
/// attempt, fallback and wait between them fits inside it. A `Retry-After` longer than the time left
/// ends the call at once with `LLMError.retryLater`, so the caller can fall back to the rules.
public struct OpenAIClient: Sendable {
    public let baseURL: String
    public let model: String
    public let timeouts: ModelTimeouts
    /// Attempts per request for 429, 5xx and cut connections (1 means no retry).
    public let maxAttempts: Int
    /// The longest wait a `Retry-After` may ask for, in seconds; a longer one (or one longer than the
    /// time left) ends the request with `LLMError.retryLater` instead of a wait.
    public let maxRetryWait: Double
    public private(set) var cancellation: Cancellation?
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

    /// The same client whose requests stop when `cancellation` is tripped.
    public func with(cancellation: Cancellation?) -> OpenAIClient {
        var copy = self
        copy.cancellation = cancellation
        return copy
    }

    /// One chat turn. With `stream`, text is handed to `onDelta` as it arrives; a stream that fails
    /// before its first event is retried as a plain request (some servers cannot stream with tools).
    /// The first message should be the system message; one is added when missing. The whole call,
    /// the plain retry included, ends within `timeouts.overall`; when streaming, no wait between
    /// attempts is longer than `timeouts.idle` (the silence allowed before the first token).
    /// - Throws: `LLMError`.
    public func chat(
        messages: [ChatMessage], tools: [ToolSpec] = [], stream: Bool = false,
        onDelta: ((String) -> Void)? = nil, memory: StructuredOutputMemory? = nil
    ) throws(LLMError) -> ChatResponse {
        let deadline = ModelDeadline(seconds: timeouts.overall)
        guard stream else {
            let body = requestBody(messages: messages, tools: tools, stream: false, jsonObject: false)
            return try withoutRejectedOptions(body) { (body) throws(LLMError) in try plain(body, deadline: deadline) }
        }
        let waitLimit = min(maxRetryWait, timeouts.idle)
        var streamFailure: StreamFailure?
        // A server known to fail every stream with tools is asked plainly at once.
        if tools.isEmpty || memory?.wantsPlainToolCalls(endpoint: baseURL, model: model) != true {
            do {
                return try streamed(requestBody(messages: messages, tools: tools, stream: true, jsonObject: false), deadline: deadline, onDelta: onDelta)
            } catch let failure as StreamFailure {
                guard failure.beforeFirstEvent, failure.error.fallsBackToPlain else { throw failure.error }
                streamFailure = failure
                // The plain request is the stream's retry: a Retry-After applies to it.
                if let status = failure.status, let hint = failure.retryAfter {
                    sleep(try wait(for: hint, status: status, limit: waitLimit, deadline: deadline))
                    if cancellation?.isCancelled == true { throw .cancelled }
                }
            } catch {
                throw error as? LLMError ?? .transport(code: 0, detail: "\(error)")
            }
        }
        let plainBody = requestBody(messages: messages, tools: tools, stream: false, jsonObject: false)
        let response = try withoutRejectedOptions(plainBody) { (body) throws(LLMError) in
            try plain(body, deadline: deadline, waitLimit: waitLimit)
        }
        if !response.content.isEmpty { onDelta?(response.content) }
        // The stream failed in a way that says something about the server, and the same request
        // without streaming worked: remember it, so the next chat does not pay for the stream.
        if !tools.isEmpty, streamFailure?.saysNoStreamingWithTools == true {
            memory?.rememberPlainToolCalls(endpoint: baseURL, model: model)
        }
        return response
    }

    /// Asks for a JSON object (`response_format: json_object`, dropped and retried once when the server
    /// rejects it) and returns the parsed reply. The whole call ends within `timeouts.overall`.
    /// - Throws: `LLMError`, `.invalidJSON` when the answer is not a JSON object.
    public func completeJSON(messages: [ChatMessage]) throws(LLMError) -> JSONValue {
        let deadline = ModelDeadline(seconds: timeouts.overall)
        let body = requestBody(messages: messages, tools: [], stream: false, jsonObject: true)
        let response = try withoutRejectedOptions(body) { (body) throws(LLMError) in try plain(body, deadline: deadline) }
        return try Self.jsonObject(in: response.content)
    }

    /// Asks for a JSON object of `schema`, climbing down the structured-output ladder
    /// (`StructuredOutputForm.ladder`) while the server rejects a form, starting at the form `memory`
    /// remembers for this endpoint and model; the accepted form is remembered. `maxTokens` overrides
    /// the client's limit (an answer sized to its input). The whole call ends within `timeouts.overall`.
    /// - Throws: `LLMError`; `.invalidJSON` / `.wrongShape` when the accepted form's answer is not a JSON object.
    public func completeStructured(
        messages: [ChatMessage], schema: JSONValue, name: String, maxTokens: Int? = nil, memory: StructuredOutputMemory? = nil
    ) throws(LLMError) -> StructuredAnswer {
        let deadline = ModelDeadline(seconds: timeouts.overall)
        var rejected: [StructuredOutputForm] = []
        var lastRejection: LLMError?
        for form in StructuredOutputForm.order(startingAt: memory?.form(endpoint: baseURL, model: model)) {
            var body = requestBody(messages: messages, tools: [], stream: false, jsonObject: false, maxTokens: maxTokens)
            if case .object(var members) = body {
                members["temperature"] = 0
                if let format = form.responseFormat(schema: schema, name: name) { members["response_format"] = format }
                body = .object(members)
            }
            let response: ChatResponse
            do {
                response = try withoutRejectedOptions(body, only: ["max_tokens"]) { (body) throws(LLMError) in try plain(body, deadline: deadline) }
            } catch .formatRejected(let status, let message) {
                rejected.append(form)
                lastRejection = .formatRejected(status: status, message: message)
                continue
            }
            memory?.remember(form, endpoint: baseURL, model: model)
            if response.finishReason == "length", (try? Self.jsonObject(in: response.content)) == nil {
                throw .invalidJSON(detail: "the answer was cut off at max_tokens (\(maxTokens ?? self.maxTokens))")
            }
            return StructuredAnswer(value: try Self.jsonObject(in: response.content), form: form, usage: response.usage, rejected: rejected)
        }
        throw lastRejection ?? .wrongShape(detail: "no structured-output form was accepted")
    }

    /// Sends `body`; when the server rejects (400 or 422) an optional parameter Tasker adds
    /// (`response_format`, `max_tokens`), sends it once more without the ones the error names.
    func withoutRejectedOptions(
        _ body: JSONValue, only options: [String] = ["response_format", "max_tokens"], _ send: (JSONValue) throws(LLMError) -> ChatResponse
    ) throws(LLMError) -> ChatResponse {
        do {
            return try send(body)
        } catch let error {
            let message: String
            switch error {
            case .http(let status, let text) where [400, 422].contains(status): message = text
            case .formatRejected(let status, let text) where [400, 422].contains(status): message = text
            default: throw error
            }
            let lower = message.lowercased()
            let rejected = options.filter { lower.contains($0) && body[$0] != nil }
            guard !rejected.isEmpty, case .object(var members) = body else { throw error }
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

    func requestBody(messages: [ChatMessage], tools: [ToolSpec], stream: Bool, jsonObject: Bool, maxTokens: Int? = nil) -> JSONValue {
        var all = messages
        if all.first?.role != .system { all.insert(.system("You are Tasker's assistant."), at: 0) }
        var body: [String: JSONValue] = [
            "model": .string(model),
            "messages": .array(all.map(\.json)),
            "stream": .bool(stream),
            "max_tokens": .int(maxTokens ?? self.maxTokens),
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

    private func request(_ body: JSONValue) -> HTTPRequest {
        HTTPRequest(method: "POST", url: endpoint, headers: headers + ["Content-Type: application/json"], body: Data(body.encoded().utf8))
    }

    /// One POST within what is left of `deadline`, its transport failures as `LLMError`s.
    private func send(_ body: JSONValue, deadline: ModelDeadline, onBody: ((Data) throws -> Void)? = nil) throws -> HTTPResponse {
        let limits = HTTPLimits(connect: timeouts.connect, total: deadline.remaining, idle: timeouts.idle, budget: deadline.budget)
        let token = cancellation
        do {
            return try HTTPClient().perform(request(body), limits: limits, isCancelled: token.map { t in { t.isCancelled } }, onBody: onBody)
        } catch let error as HTTPError {
            throw LLMError(error)
        }
    }

    /// A plain request with bounded retries on 429, 5xx and cut connections, all before `deadline`;
    /// no wait between attempts is longer than `waitLimit`.
    private func plain(_ body: JSONValue, deadline: ModelDeadline, waitLimit: Double? = nil) throws(LLMError) -> ChatResponse {
        let limit = waitLimit ?? maxRetryWait
        var attempt = 1
        while true {
            let failure: LLMError
            let pause: Double
            do {
                let response = try send(body, deadline: deadline)
                let text = String(decoding: response.body, as: UTF8.self)
                if (200..<300).contains(response.status) { return try ChatResponse.decode(text) }
                // A server that does not take the response_format sent answers so every time: not worth a retry.
                if body["response_format"] != nil, StructuredOutputForm.isRejection(status: response.status, body: text) {
                    throw LLMError.formatRejected(status: response.status, message: errorExcerpt(text))
                }
                guard Self.isRetryable(status: response.status) else { throw statusError(response.status, body: text) }
                let hint = Self.retryAfter(response)
                pause = try hint.map { (hint) throws(LLMError) in try wait(for: hint, status: response.status, limit: limit, deadline: deadline) }
                    ?? Self.backoff(attempt: attempt, limit: limit)
                failure = response.status == 429 ? .rateLimited(attempts: attempt) : statusError(response.status, body: text)
            } catch let error as LLMError {
                guard case .transport = error else { throw error }
                failure = error
                pause = Self.backoff(attempt: attempt, limit: limit)
            } catch {
                throw .transport(code: 0, detail: "\(error)")
            }
            // A retry needs time left after its wait; without it, the last answer is the error.
            guard attempt < maxAttempts, pause < deadline.remaining else { throw failure }
            sleep(pause)
            if cancellation?.isCancelled == true { throw .cancelled }
            attempt += 1
        }
    }

    /// The wait a `Retry-After` of `hint` seconds asks for, when it is at most `limit` and ends before
    /// `deadline` (the retry then gets what is left).
    /// - Throws: `LLMError.retryLater` otherwise, at once: waiting less than the server asked is
    ///   pointless, and waiting longer than the deadline is what `timeout_seconds` forbids.
    func wait(for hint: Double, status: Int, limit: Double, deadline: ModelDeadline) throws(LLMError) -> Double {
        guard hint <= limit, hint < deadline.remaining else {
            throw .retryLater(status: status, seconds: Int(min(hint, 1e9).rounded(.up)))
        }
        return hint
    }

    /// The wait before attempt `attempt + 1` when the server gave no `Retry-After`: 0.5 s, doubling.
    static func backoff(attempt: Int, limit: Double) -> Double {
        min(0.5 * pow(2, Double(attempt - 1)), limit)
    }

    /// The seconds a response's `Retry-After` asks for, in either form; nil without a usable one.
    static func retryAfter(_ response: HTTPResponse) -> Double? {
        response.headers["retry-after"].flatMap { RetryAfter.seconds($0, now: Date()) }
    }

    static func isRetryable(status: Int) -> Bool { status == 429 || (500..<600).contains(status) }

    /// A failed stream, with whether any event had arrived (only then is a plain retry unsafe), and
    /// the status and `Retry-After` of an answer that was not success.
    private struct StreamFailure: Error {
        var error: LLMError
        var beforeFirstEvent: Bool
        var status: Int?
        var retryAfter: Double?

        /// Whether the failure is the server's answer to streaming, not a passing one: a client
        /// error (not 429), or a stream with nothing usable in it. A busy server (429, 5xx) or a cut
        /// connection may stream fine next time.
        var saysNoStreamingWithTools: Bool {
            if let status { return (400..<500).contains(status) && status != 429 }
            switch error {
            case .streamBroken, .invalidJSON, .wrongShape: return true
            default: return false
            }
        }
    }

    private func streamed(_ body: JSONValue, deadline: ModelDeadline, onDelta: ((String) -> Void)?) throws -> ChatResponse {
        var decoder = SSEDecoder()
        var assembler = ChatStreamAssembler()
        let response: HTTPResponse
        do {
            response = try send(body, deadline: deadline) { data in
                for event in decoder.feed(data) {
                    if let text = try assembler.consume(event) { onDelta?(text) }
                }
            }
            guard (200..<300).contains(response.status) else {
                let error = statusError(response.status, body: String(decoding: response.body, as: UTF8.self))
                let hint = Self.isRetryable(status: response.status) ? Self.retryAfter(response) : nil
                throw StreamFailure(error: error, beforeFirstEvent: true, status: response.status, retryAfter: hint)
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
        case .unauthorized, .modelNotFound, .cancelled, .unreachable, .timedOut, .retryLater, .config, .key, .promptMissing: false
        default: true
        }
    }
}

extension LLMError {
    /// A transport failure in the model client's words (the URL without `/chat/completions`).
    init(_ error: HTTPError) {
        switch error {
        case .unreachable(let url, let detail): self = .unreachable(url: Self.endpointSite(url), detail: detail)
        case .timedOut(let url, let seconds): self = .timedOut(url: Self.endpointSite(url), seconds: seconds)
        case .transport(let code, let detail): self = .transport(code: code, detail: detail)
        case .cancelled: self = .cancelled
        }
    }

    private static func endpointSite(_ url: String) -> String {
        url.hasSuffix("/chat/completions") ? String(url.dropLast("/chat/completions".count)) : url
    }
}
