import Foundation
import Testing
@testable import TaskLLM
import TaskerTestSupport

@Suite struct ChatStreamAssemblerTests {
    private func assemble(_ fixture: String) throws -> (ChatResponse, [String]) {
        var decoder = SSEDecoder()
        var assembler = ChatStreamAssembler()
        var deltas: [String] = []
        for event in decoder.feed(Array(try Wire.fixture(fixture).utf8)) + decoder.finish() {
            if let text = try assembler.consume(event) { deltas.append(text) }
        }
        return (try assembler.response(), deltas)
    }

    @Test func openAIContentWithUsageOnlyLastChunk() throws {
        let (response, deltas) = try assemble("stream-openai-content.sse")
        #expect(deltas == ["Done: ", "call mom ✓"])
        #expect(response.content == "Done: call mom ✓")
        #expect(response.finishReason == "stop")
        #expect(response.toolCalls.isEmpty)
    }

    @Test func openAIToolCallsSplitAcrossChunks() throws {
        let (response, _) = try assemble("stream-openai-tools.sse")
        #expect(response.finishReason == "tool_calls")
        #expect(response.toolCalls == [
            ToolCall(id: "call_AbCdEf123", name: "capture_task", argumentsText: #"{"text": "call mom tomorrow"}"#),
            ToolCall(id: "call_GhIjKl456", name: "list_tasks", argumentsText: #"{"filter": "today"}"#),
        ])
        #expect(try response.toolCalls[0].arguments() == ["text": "call mom tomorrow"])
    }

    @Test func llamaCppRepeatsNamesAndSendsLegacyFunctionCall() throws {
        let (response, deltas) = try assemble("stream-llamacpp-tools.sse")
        #expect(deltas.isEmpty)
        #expect(response.toolCalls.count == 1)
        #expect(response.toolCalls[0].name == "capture_task")  // never "capture_taskcapture_task…"
        #expect(response.toolCalls[0].id == "call__0_capture_task_cmpl-b8f1")
        #expect(try response.toolCalls[0].arguments() == ["text": "buy milk"])
    }

    @Test func legacyFunctionCallAloneStillCounts() throws {
        var assembler = ChatStreamAssembler()
        _ = try assembler.consume(.init(data: #"{"choices":[{"index":0,"delta":{"function_call":{"name":"list_tasks","arguments":"{}"}},"finish_reason":null}]}"#))
        _ = try assembler.consume(.init(data: #"{"choices":[{"index":0,"delta":{},"finish_reason":"function_call"}]}"#))
        _ = try assembler.consume(.init(data: "[DONE]"))
        #expect(try assembler.response().toolCalls.map(\.name) == ["list_tasks"])
    }

    @Test func streamWithoutDoneHasFailed() throws {
        var decoder = SSEDecoder()
        var assembler = ChatStreamAssembler()
        for event in decoder.feed(Array(try Wire.fixture("stream-truncated.sse").utf8)) + decoder.finish() {
            _ = try assembler.consume(event)
        }
        #expect(assembler.content == "Done: call mom ✓")
        #expect(throws: LLMError.streamBroken(detail: "it ended without [DONE]")) { try assembler.response() }
    }

    @Test func streamWithoutFinishReasonHasFailed() throws {
        var assembler = ChatStreamAssembler()
        _ = try assembler.consume(.init(data: #"{"choices":[{"index":0,"delta":{"content":"hi"},"finish_reason":null}]}"#))
        _ = try assembler.consume(.init(data: "[DONE]"))
        #expect(throws: LLMError.streamBroken(detail: "it ended without a finish_reason")) { try assembler.response() }
    }

    @Test func errorEventAndBadChunkAreErrors() {
        var assembler = ChatStreamAssembler()
        #expect(throws: LLMError.self) { try assembler.consume(.init(data: #"{"error":{"message":"boom"}}"#)) }
        #expect(throws: LLMError.self) { try assembler.consume(.init(data: "{not json")) }
    }

    @Test func plainFixturesDecode() throws {
        let plain = try ChatResponse.decode(try Wire.fixture("plain.json"))
        #expect(plain == ChatResponse(content: "You have 3 tasks due today.", toolCalls: [], finishReason: "stop",
                                      usage: TokenUsage(promptTokens: 412, completionTokens: 9)))
        let tools = try ChatResponse.decode(try Wire.fixture("plain-tool-calls.json"))
        #expect(tools.content == "")
        #expect(tools.toolCalls == [ToolCall(id: "call_Xy12AbCdEf", name: "list_tasks", argumentsText: #"{"filter":"today"}"#)])
        #expect(throws: LLMError.self) { try ChatResponse.decode(#"{"object":"list"}"#) }
    }

    @Test func errorFixturesBecomeActionableErrors() throws {
        let c = OpenAIClient(baseURL: "http://127.0.0.1:9/v1", model: "gpt-5-nonexistent", key: APIKey("sk-test-secret-1234cret"), timeouts: ModelTimeouts(overall: 1))
        #expect(c.statusError(401, body: try Wire.fixture("error-401.json")).description.contains("run `tasker key set`"))
        #expect(c.statusError(404, body: try Wire.fixture("error-404-model.json")).description.contains("check `model` in config.json"))
        let format = c.statusError(400, body: try Wire.fixture("error-response-format.json"))
        #expect(format.description.contains("response_format"))
        let server = c.statusError(500, body: try Wire.fixture("error-500-llamacpp.json"))
        #expect(server == .http(status: 500, message: "'NoneType' object has no attribute 'strip'"))
    }
}
