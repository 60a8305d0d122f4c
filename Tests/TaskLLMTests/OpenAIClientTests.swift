import Foundation
import Testing
import TaskCore
@testable import TaskLLM
import TaskerTestSupport

@Suite struct OpenAIClientTests {
    static let key = "sk-test-secret-123"
    let captureTool = ToolSpec(name: "capture_task", description: "Capture a task", parameters: ["type": "object", "properties": ["text": ["type": "string"]], "required": ["text"]])
    let listTool = ToolSpec(name: "list_tasks", description: "List tasks", parameters: ["type": "object", "properties": [:]])

    @Test func plainReplyAndWhatWasSent() throws {
        let server = try ScriptedModelServer([.json(body: try Wire.fixture("plain.json"))])
        let response = try client(server).chat(messages: [.system("be brief"), .user("what's due?")])
        #expect(response.content == "You have 3 tasks due today.")
        let sent = try #require(server.requests.first)
        #expect(sent.path == "/v1/chat/completions")
        #expect(sent.headers["authorization"] == "Bearer \(Self.key)")
        #expect(sent.json["model"] == "test-model")
        #expect(sent.json["stream"] == false)
        #expect(sent.json["messages"]?.arrayValue?.first?["role"] == "system")
        #expect(sent.json["tools"] == nil)
        #expect(sent.json["tool_choice"] == nil)
    }

    @Test func noKeyMeansNoAuthorizationHeaderAndASystemMessageIsAdded() throws {
        let server = try ScriptedModelServer([.json(body: try Wire.fixture("plain.json"))])
        _ = try client(server, key: nil).chat(messages: [.user("hi")])
        let sent = try #require(server.requests.first)
        #expect(sent.headers["authorization"] == nil)
        #expect(sent.json["messages"]?.arrayValue?.map { $0["role"] } == ["system", "user"])
    }

    @Test func streamedToolCallsOpenAIStyleAndTheRequestShape() throws {
        let fixture = try Wire.fixture("stream-openai-tools.sse")
        // Split mid-line so events cross chunk boundaries.
        let pieces = stride(from: 0, to: fixture.utf8.count, by: 97).map { start in
            String(decoding: Array(fixture.utf8)[start..<min(start + 97, fixture.utf8.count)], as: UTF8.self)
        }
        let server = try ScriptedModelServer([.events(pieces: pieces, delay: 0.01)])
        let history: [ChatMessage] = [
            .system("sys"), .user("add call mom"),
            .assistant("", toolCalls: [ToolCall(id: "call_1", name: "capture_task", argumentsText: #"{"text":"x"}"#)]),
            .tool(callID: "call_1", content: #"{"ok":true}"#), .user("and list today"),
        ]
        let response = try client(server).chat(messages: history, tools: [captureTool, listTool], stream: true)
        #expect(response.toolCalls.map(\.name) == ["capture_task", "list_tasks"])
        #expect(try response.toolCalls[0].validated(against: [captureTool, listTool]) == ["text": "call mom tomorrow"])
        let sent = try #require(server.requests.first).json
        #expect(sent["stream"] == true)
        #expect(sent["tool_choice"] == "auto")
        #expect(sent["tools"]?.arrayValue?.map { $0["function"]?["name"] } == ["capture_task", "list_tasks"])
        #expect(sent["tools"]?.arrayValue?.first?["type"] == "function")
        let assistant = try #require(sent["messages"]?.arrayValue?[2])
        #expect(assistant["content"] == "")
        #expect(assistant["tool_calls"]?.arrayValue?.first?["id"] == "call_1")
        #expect(sent["messages"]?.arrayValue?[3]["tool_call_id"] == "call_1")
    }

    @Test func streamedToolCallsLlamaCppStyle() throws {
        let server = try ScriptedModelServer([.events(pieces: [try Wire.fixture("stream-llamacpp-tools.sse")])])
        let response = try client(server).chat(messages: [.user("buy milk")], tools: [captureTool], stream: true)
        #expect(response.toolCalls == [ToolCall(id: "call__0_capture_task_cmpl-b8f1", name: "capture_task", argumentsText: #"{"text": "buy milk"}"#)])
    }

    @Test func streamedContentArrivesAsDeltas() throws {
        let server = try ScriptedModelServer([.events(pieces: [Wire.contentChunk("Hel"), Wire.contentChunk("lo"), Wire.contentChunk(nil, finish: "stop"), Wire.event("[DONE]")], delay: 0.02)])
        let deltas = DeltaBox()
        let response = try client(server).chat(messages: [.user("hi")], stream: true) { deltas.append($0) }
        #expect(response.content == "Hello")
        #expect(deltas.items == ["Hel", "lo"])
    }

    @Test func unknownToolAndInvalidArgumentsAreTypedErrors() throws {
        let body: JSONValue = ["choices": [["index": 0, "finish_reason": "tool_calls", "message": ["role": "assistant", "content": .null, "tool_calls": [
            ["id": "c1", "type": "function", "function": ["name": "delete_everything", "arguments": "{}"]],
            ["id": "c2", "type": "function", "function": ["name": "capture_task", "arguments": "{\"text\": \"call mo"]],
        ]]]]]
        let server = try ScriptedModelServer([.json(body: body.encoded())])
        let response = try client(server).chat(messages: [.user("x")], tools: [captureTool])
        #expect(throws: LLMError.wrongShape(detail: "the model called an unknown tool 'delete_everything'")) {
            try response.toolCalls[0].validated(against: [captureTool])
        }
        do {
            _ = try response.toolCalls[1].validated(against: [captureTool])
            Issue.record("invalid arguments were accepted")
        } catch {
            guard case .invalidJSON = error else { Issue.record("wrong error \(error)"); return }
        }
    }

    @Test func unauthorizedSaysWhatToDoAndNeverShowsTheKey() throws {
        let server = try ScriptedModelServer([.json(status: 401, body: try Wire.fixture("error-401.json"))])
        #expect(throws: LLMError.unauthorized(status: 401)) { try client(server).chat(messages: [.user("x")]) }
        #expect(LLMError.unauthorized(status: 401).description == "the endpoint rejected the key (HTTP 401); run `tasker key set`")
        #expect(server.requests.count == 1)  // a bad key is not retried
    }

    @Test func serverEchoingTheKeyIsScrubbed() throws {
        let server = try ScriptedModelServer([.json(status: 400, body: #"{"error":{"message":"bad header Bearer \#(Self.key)"}}"#)])
        do {
            _ = try client(server).chat(messages: [.user("x")])
            Issue.record("no error")
        } catch {
            #expect(!"\(error)".contains(Self.key))
            #expect("\(error)".contains("[key]"))
        }
    }

    @Test func rateLimitHonoursRetryAfterThenSucceeds() throws {
        let sleeper = SleepRecorder()
        let server = try ScriptedModelServer([
            .json(status: 429, body: try Wire.fixture("error-429.json"), headers: ["Retry-After: 2"]),
            .json(body: try Wire.fixture("plain.json")),
        ])
        let response = try client(server, sleeper: sleeper).chat(messages: [.user("x")])
        #expect(response.content == "You have 3 tasks due today.")
        #expect(sleeper.recorded == [2])
        #expect(server.requests.count == 2)
    }

    @Test func aRetryAfterLongerThanTheTimeLeftIsNotWaitedFor() throws {
        let sleeper = SleepRecorder()
        let server = try ScriptedModelServer([.json(status: 429, body: "{}", headers: ["Retry-After: 3600"]), .json(body: try Wire.fixture("plain.json"))])
        #expect(throws: LLMError.retryLater(status: 429, seconds: 3600)) { try client(server, sleeper: sleeper).chat(messages: [.user("x")]) }
        #expect(sleeper.recorded.isEmpty)
        #expect(server.requests.count == 1)
        #expect(LLMError.retryLater(status: 429, seconds: 3600).description.contains("asked to retry in 3600 s"))
    }

    @Test func aRetryAfterLongerThanMaxRetryWaitIsNotWaitedForEither() throws {
        let sleeper = SleepRecorder()
        let server = try ScriptedModelServer([.json(status: 503, body: "{}", headers: ["Retry-After: 30"]), .json(body: try Wire.fixture("plain.json"))])
        #expect(throws: LLMError.retryLater(status: 503, seconds: 30)) {
            try client(server, timeouts: ModelTimeouts(overall: 60), sleeper: sleeper).chat(messages: [.user("x")])
        }
        #expect(sleeper.recorded.isEmpty)
    }

    @Test func aRetryAfterThatIsADateIsHonoured() throws {
        let sleeper = SleepRecorder()
        let soon = Date().addingTimeInterval(3)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let server = try ScriptedModelServer([
            .json(status: 429, body: "{}", headers: ["Retry-After: \(formatter.string(from: soon))"]),
            .json(body: try Wire.fixture("plain.json")),
        ])
        _ = try client(server, timeouts: ModelTimeouts(overall: 10), sleeper: sleeper).chat(messages: [.user("x")])
        let wait = try #require(sleeper.recorded.first)
        #expect(wait > 1 && wait <= 3)
    }

    @Test func serverErrorThenSuccess() throws {
        let sleeper = SleepRecorder()
        let server = try ScriptedModelServer([.json(status: 500, body: try Wire.fixture("error-500-llamacpp.json")), .json(body: try Wire.fixture("plain.json"))])
        #expect(try client(server, sleeper: sleeper).chat(messages: [.user("x")]).content == "You have 3 tasks due today.")
        #expect(sleeper.recorded == [0.5])
    }

    @Test func serverErrorExhaustsBoundedRetries() throws {
        let sleeper = SleepRecorder()
        let server = try ScriptedModelServer(Array(repeating: .json(status: 503, body: #"{"error":{"message":"overloaded"}}"#), count: 5))
        #expect(throws: LLMError.http(status: 503, message: "overloaded")) {
            try client(server, sleeper: sleeper).chat(messages: [.user("x")])
        }
        #expect(server.requests.count == 3)
        #expect(sleeper.recorded == [0.5, 1.0])
    }

    @Test func rateLimitExhausted() throws {
        let server = try ScriptedModelServer(Array(repeating: .json(status: 429, body: "{}"), count: 3))
        #expect(throws: LLMError.rateLimited(attempts: 3)) { try client(server).chat(messages: [.user("x")]) }
    }

    @Test func modelNotFound() throws {
        let server = try ScriptedModelServer([.json(status: 404, body: try Wire.fixture("error-404-model.json"))])
        do {
            _ = try client(server).chat(messages: [.user("x")])
            Issue.record("no error")
        } catch {
            #expect(error.description.contains("check `model` in config.json"))
        }
    }

    @Test func hangTimesOut() throws {
        let server = try ScriptedModelServer([.hang(seconds: 5)])
        let started = Date()
        do {
            _ = try client(server, timeouts: ModelTimeouts(connect: 1, overall: 1, idle: 1)).chat(messages: [.user("x")])
            Issue.record("no timeout")
        } catch {
            guard case .timedOut = error else { Issue.record("wrong error \(error)"); return }
            #expect(error.description.contains("timeout_seconds"))
        }
        #expect(Date().timeIntervalSince(started) < 4)
        server.stop()
    }

    @Test func streamThatGoesQuietHitsTheIdleTimeout() throws {
        let server = try ScriptedModelServer([.events(pieces: [Wire.contentChunk("Hi"), Wire.contentChunk(" there")], delay: 3)])
        let started = Date()
        #expect(throws: LLMError.self) {
            try client(server, timeouts: ModelTimeouts(connect: 1, overall: 20, idle: 1)).chat(messages: [.user("x")], stream: true)
        }
        #expect(Date().timeIntervalSince(started) < 8)
        server.stop()
    }

    @Test func invalidJSONBody() throws {
        let server = try ScriptedModelServer([.json(body: "<html>gateway</html>")])
        do {
            _ = try client(server).chat(messages: [.user("x")])
            Issue.record("no error")
        } catch {
            guard case .invalidJSON = error else { Issue.record("wrong error \(error)"); return }
        }
    }

    @Test func truncatedStreamAfterFirstEventFails() throws {
        let server = try ScriptedModelServer([.events(pieces: [try Wire.fixture("stream-truncated.sse")])])
        let deltas = DeltaBox()
        #expect(throws: LLMError.streamBroken(detail: "it ended without [DONE]")) {
            try client(server).chat(messages: [.user("x")], stream: true) { deltas.append($0) }
        }
        #expect(deltas.items.joined() == "Done: call mom ✓")
        #expect(server.requests.count == 1)  // partial text was shown: no silent replay
    }

    @Test func cutConnectionMidStreamIsATransportError() throws {
        let server = try ScriptedModelServer([.events(pieces: [Wire.contentChunk("Hel")], cut: true)])
        do {
            _ = try client(server).chat(messages: [.user("x")], stream: true)
            Issue.record("no error")
        } catch {
            guard case .transport(let code, _) = error else { Issue.record("wrong error \(error)"); return }
            #expect(code == 18)
        }
    }

    @Test func streamFailingBeforeFirstEventFallsBackToPlain() throws {
        let server = try ScriptedModelServer([
            .events(pieces: [": just a comment\n\n"], cut: true),
            .json(body: try Wire.fixture("plain-tool-calls.json")),
        ])
        let response = try client(server).chat(messages: [.user("x")], tools: [listTool], stream: true)
        #expect(response.toolCalls.map(\.name) == ["list_tasks"])
        #expect(server.requests.map { $0.json["stream"] } == [true, false])
        #expect(server.requests[1].json["tool_choice"] == "auto")
    }

    @Test func aServerThatCannotStreamToolCallsIsRememberedAndAskedPlainlyNextTime() throws {
        let folder = TemporaryDirectory()
        let path = folder.path + "/" + StructuredOutputMemory.fileName
        let server = try ScriptedModelServer([
            .json(status: 400, body: #"{"error":{"message":"tools are not supported with stream"}}"#),
            .json(body: try Wire.fixture("plain-tool-calls.json")),
            .json(body: try Wire.fixture("plain-tool-calls.json")),
        ])
        let first = try client(server).chat(messages: [.user("x")], tools: [listTool], stream: true, memory: StructuredOutputMemory(path: path))
        #expect(first.toolCalls.map(\.name) == ["list_tasks"])
        // A new process reads the cache file: its first request is plain.
        let second = try client(server).chat(messages: [.user("y")], tools: [listTool], stream: true, memory: StructuredOutputMemory(path: path))
        #expect(second.toolCalls.map(\.name) == ["list_tasks"])
        #expect(server.requests.map { $0.json["stream"] } == [true, false, false])
        #expect(StructuredOutputMemory(path: path).wantsPlainToolCalls(endpoint: server.baseURL, model: "test-model"))
    }

    @Test func aPassingStreamFailureIsNotRemembered() throws {
        let memory = StructuredOutputMemory(path: nil)
        let server = try ScriptedModelServer([
            .events(pieces: [": just a comment\n\n"], cut: true),
            .json(body: try Wire.fixture("plain-tool-calls.json")),
        ])
        _ = try client(server).chat(messages: [.user("x")], tools: [listTool], stream: true, memory: memory)
        #expect(!memory.wantsPlainToolCalls(endpoint: server.baseURL, model: "test-model"))
    }

    @Test func connectionRefusedNamesTheEndpoint() throws {
        let server = try ScriptedModelServer([])
        let url = server.baseURL
        server.stop()
        let c = OpenAIClient(baseURL: url, model: "m", key: nil, timeouts: ModelTimeouts(connect: 1, overall: 2, idle: 1), maxAttempts: 1)
        do {
            _ = try c.chat(messages: [.user("x")])
            Issue.record("no error")
        } catch {
            guard case .unreachable = error else { Issue.record("wrong error \(error)"); return }
            #expect(error.description.contains("the endpoint at \(url) is not reachable"))
        }
    }

    @Test func cancellationStopsARequestInFlight() throws {
        let server = try ScriptedModelServer([.hang(seconds: 10)])
        let token = Cancellation()
        let started = Date()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { token.cancel() }
        #expect(throws: LLMError.cancelled) {
            try client(server, timeouts: ModelTimeouts(connect: 1, overall: 30, idle: 30), cancellation: token).chat(messages: [.user("x")])
        }
        #expect(Date().timeIntervalSince(started) < 3)
        server.stop()
    }

    @Test func responseFormatRejectedIsRetriedWithoutIt() throws {
        let server = try ScriptedModelServer([
            .json(status: 400, body: try Wire.fixture("error-response-format.json")),
            .json(body: Wire.completion(#"{"tasks": []}"#)),
        ])
        let value = try client(server).completeJSON(messages: [.system("s"), .user("u")])
        #expect(value == ["tasks": []])
        #expect(server.requests[0].json["response_format"] == ["type": "json_object"])
        #expect(server.requests[1].json["response_format"] == nil)
    }

    @Test func answersAreBoundedAndARejectedMaxTokensIsRetriedWithoutIt() throws {
        let error = #"{"error": {"message": "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.", "type": "invalid_request_error", "param": "max_tokens", "code": "unsupported_parameter"}}"#
        let server = try ScriptedModelServer([
            .json(status: 400, body: error),
            .json(body: Wire.completion("hello")),
        ])
        let response = try client(server).chat(messages: [.system("s"), .user("u")])
        #expect(response.content == "hello")
        #expect(server.requests.count == 2)
        #expect(server.requests[0].json["max_tokens"] == 1024)
        #expect(server.requests[1].json["max_tokens"] == nil)
        #expect(server.requests[1].json["model"] == server.requests[0].json["model"])
    }

    @Test func anUnrelated400IsNotRetried() throws {
        let server = try ScriptedModelServer([
            .json(status: 400, body: #"{"error": {"message": "messages must not be empty"}}"#),
            .json(body: Wire.completion("never sent")),
        ])
        #expect(throws: LLMError.self) { try client(server).chat(messages: [.system("s"), .user("u")]) }
        #expect(server.requests.count == 1)
    }

    @Test func jsonInACodeFenceIsAccepted() throws {
        #expect(try OpenAIClient.jsonObject(in: "```json\n{\"a\": 1}\n```") == ["a": 1])
        #expect(throws: LLMError.self) { try OpenAIClient.jsonObject(in: "[1, 2]") }
        #expect(throws: LLMError.self) { try OpenAIClient.jsonObject(in: "sure! here") }
    }
}

final class DeltaBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    var items: [String] { lock.withLock { stored } }
    func append(_ s: String) { lock.withLock { stored.append(s) } }
}
