import TaskCore

/// Builds one `ChatResponse` from the `chat.completion.chunk` events of a stream.
///
/// Tool calls are matched on `index`: OpenAI sends `id`, `type` and `name` only in a call's first
/// delta, llama.cpp repeats them in every delta (with `"role": null`, `"content": null` and a legacy
/// `function_call`); a name is taken once and never concatenated, argument fragments are appended.
/// A last chunk with `"choices": []` (usage) is accepted. A stream without `[DONE]` or without any
/// `finish_reason` has failed.
struct ChatStreamAssembler: Sendable {
    private struct PartialCall: Sendable {
        var id: String?
        var name = ""
        var arguments = ""
    }

    private(set) var content = ""
    private(set) var finishReason: String?
    private(set) var sawDone = false
    /// Events read so far (the `[DONE]` marker included).
    private(set) var eventCount = 0
    private var calls: [Int: PartialCall] = [:]
    private var legacy: PartialCall?

    init() {}

    /// Reads one event; returns the text it adds to the answer, if any.
    /// - Throws: `LLMError.invalidJSON` for a chunk that is not JSON, `.streamBroken` for an error event.
    mutating func consume(_ event: SSEDecoder.Event) throws(LLMError) -> String? {
        eventCount += 1
        let data = event.data.trimmingCharacters(in: .whitespaces)
        if data == "[DONE]" {
            sawDone = true
            return nil
        }
        let chunk: JSONValue
        do { chunk = try JSONValue.parse(data) } catch {
            throw .invalidJSON(detail: "stream chunk: \(error.reason) at byte \(error.offset)")
        }
        if let error = chunk["error"], !error.isNull {
            let message = error["message"]?.stringValue ?? "an error event"
            throw .streamBroken(detail: String(message.prefix(200)))
        }
        guard let choice = chunk["choices"]?.arrayValue?.first else { return nil }  // usage-only chunk
        if let reason = choice["finish_reason"]?.stringValue, !reason.isEmpty { finishReason = reason }
        guard let delta = choice["delta"] else { return nil }
        for (position, call) in (delta["tool_calls"]?.arrayValue ?? []).enumerated() {
            let index = call["index"]?.intValue ?? position
            var partial = calls[index] ?? PartialCall()
            if partial.id == nil, let id = call["id"]?.stringValue, !id.isEmpty { partial.id = id }
            if partial.name.isEmpty, let name = call["function"]?["name"]?.stringValue { partial.name = name }
            partial.arguments += ChatResponse.argumentsText(call["function"]?["arguments"])
            calls[index] = partial
        }
        if let function = delta["function_call"], function.objectValue != nil {
            var partial = legacy ?? PartialCall()
            if partial.name.isEmpty, let name = function["name"]?.stringValue { partial.name = name }
            partial.arguments += ChatResponse.argumentsText(function["arguments"])
            legacy = partial
        }
        guard let text = delta["content"]?.stringValue, !text.isEmpty else { return nil }
        content += text
        return text
    }

    /// The assembled answer.
    /// - Throws: `LLMError.streamBroken` when the stream had no `[DONE]` or no finish reason,
    ///   `.wrongShape` for a tool call that never got a name.
    func response() throws(LLMError) -> ChatResponse {
        guard sawDone else { throw .streamBroken(detail: "it ended without [DONE]") }
        guard let finishReason else { throw .streamBroken(detail: "it ended without a finish_reason") }
        var result: [ToolCall] = []
        for index in calls.keys.sorted() {
            let call = calls[index] ?? PartialCall()
            guard !call.name.isEmpty else { throw .wrongShape(detail: "tool call \(index) has no name") }
            result.append(ToolCall(id: call.id ?? "call_\(index)", name: call.name, argumentsText: call.arguments))
        }
        // The legacy `function_call` only counts when the server sent no `tool_calls` at all
        // (llama.cpp sends both, with the same arguments).
        if result.isEmpty, let legacy, !legacy.name.isEmpty {
            result.append(ToolCall(id: legacy.id ?? "call_0", name: legacy.name, argumentsText: legacy.arguments))
        }
        return ChatResponse(content: content, toolCalls: result, finishReason: finishReason)
    }
}
