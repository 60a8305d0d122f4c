import Foundation
import Testing
import TaskCore
@testable import TaskLLM
import TaskerTestSupport

/// The structured-output ladder against the scripted server: each rung is taken when the server
/// rejects the one above, and the accepted form is remembered and sent first next time.
@Suite struct StructuredOutputTests {
    let schema = LLMTaskBackend.answerSchema
    let answer = Wire.completion(#"{"tasks": [{"source": "buy milk", "title": "Buy milk"}]}"#)
    let messages: [ChatMessage] = [.system("s"), .user("u")]

    /// The rung a recorded request was sent with, read back from its `response_format`.
    static func form(of request: ScriptedModelServer.Request) -> StructuredOutputForm? {
        let format = request.json["response_format"]
        switch format?["type"]?.stringValue {
        case "json_schema"?: return .jsonSchema
        case "json_object"? where format?["schema"] != nil: return .jsonObjectSchema
        case "json_object"?: return .jsonObject
        case nil: return format == nil ? StructuredOutputForm.none : nil
        default: return nil
        }
    }

    func forms(_ server: ScriptedModelServer) -> [StructuredOutputForm?] { server.requests.map(Self.form) }

    @Test func strictJSONSchemaIsTriedFirst() throws {
        let server = try ScriptedModelServer([.json(body: answer)])
        let memory = StructuredOutputMemory(path: nil)
        let result = try client(server).completeStructured(messages: messages, schema: schema, name: "tasks", maxTokens: 200, memory: memory)
        #expect(result.form == .jsonSchema)
        #expect(result.rejected.isEmpty)
        let sent = try #require(server.requests.first).json
        #expect(sent["response_format"]?["json_schema"]?["name"] == "tasks")
        #expect(sent["response_format"]?["json_schema"]?["strict"] == true)
        #expect(sent["max_tokens"] == 200)
        #expect(sent["temperature"] == 0)
        #expect(memory.form(endpoint: server.baseURL, model: "test-model") == .jsonSchema)
    }

    @Test func llamaCppPythonRejectsJSONSchemaAndTakesItsOwnForm() throws {
        // llama-cpp-python 0.3.36: 500 literal_error for json_schema; {"type":"json_object","schema":…} works.
        let rejection = try Wire.fixture("error-500-llamacpp-json-schema.json")
        let server = try ScriptedModelServer([.json(status: 500, body: rejection), .json(body: answer), .json(body: answer)])
        let memory = StructuredOutputMemory(path: nil)
        let sleeper = SleepRecorder()
        let first = try client(server, sleeper: sleeper).completeStructured(messages: messages, schema: schema, name: "tasks", memory: memory)
        #expect(first.form == .jsonObjectSchema)
        #expect(first.rejected == [.jsonSchema])
        #expect(first.value["tasks"]?.arrayValue?.count == 1)
        #expect(sleeper.recorded.isEmpty)  // a rejected form is not retried after a backoff
        #expect(server.requests[1].json["response_format"]?["schema"] == schema)
        // The second request does not pay for the ladder.
        let second = try client(server).completeStructured(messages: messages, schema: schema, name: "tasks", memory: memory)
        #expect(second.form == .jsonObjectSchema)
        #expect(forms(server) == [.jsonSchema, .jsonObjectSchema, .jsonObjectSchema])
    }

    @Test func everyRungIsTakenWhenTheOneAboveIsRejected() throws {
        let server = try ScriptedModelServer([
            .json(status: 500, body: try Wire.fixture("error-500-llamacpp-json-schema.json")),
            .json(status: 400, body: try Wire.fixture("error-400-response-format-schema.json")),
            .json(status: 400, body: try Wire.fixture("error-response-format.json")),
            .json(body: answer),
            .json(body: answer),
        ])
        let memory = StructuredOutputMemory(path: nil)
        let result = try client(server).completeStructured(messages: messages, schema: schema, name: "tasks", memory: memory)
        #expect(result.form == StructuredOutputForm.none)
        #expect(result.rejected == [.jsonSchema, .jsonObjectSchema, .jsonObject])
        #expect(forms(server) == [.jsonSchema, .jsonObjectSchema, .jsonObject, StructuredOutputForm.none])
        _ = try client(server).completeStructured(messages: messages, schema: schema, name: "tasks", memory: memory)
        #expect(forms(server).last == StructuredOutputForm.none)
        #expect(server.requests.count == 5)
    }

    @Test func theRememberedFormIsKeptInAFileBesideTheConfig() throws {
        let directory = TemporaryDirectory("structured")
        let server = try ScriptedModelServer([
            .json(status: 500, body: try Wire.fixture("error-500-llamacpp-json-schema.json")), .json(body: answer), .json(body: answer),
        ])
        _ = try client(server).completeStructured(messages: messages, schema: schema, name: "tasks",
                                                   memory: StructuredOutputMemory(configDirectory: directory.path))
        let file = directory.path + "/" + StructuredOutputMemory.fileName
        let stored = try JSONValue.parse(String(contentsOfFile: file, encoding: .utf8))
        #expect(stored[server.baseURL]?["test-model"]?["form"] == "json_object+schema")
        // A new process (a new memory read from the file) starts at the remembered form.
        let next = StructuredOutputMemory(configDirectory: directory.path)
        #expect(next.form(endpoint: server.baseURL, model: "test-model") == .jsonObjectSchema)
        #expect(next.form(endpoint: server.baseURL, model: "other-model") == nil)
        _ = try client(server).completeStructured(messages: messages, schema: schema, name: "tasks", memory: next)
        #expect(forms(server) == [.jsonSchema, .jsonObjectSchema, .jsonObjectSchema])
    }

    @Test func aRememberedFormThatIsNowRejectedClimbsTheRestOfTheLadder() throws {
        let server = try ScriptedModelServer([
            .json(status: 400, body: try Wire.fixture("error-response-format.json")), .json(body: answer),
        ])
        let memory = StructuredOutputMemory(path: nil)
        memory.remember(.jsonObject, endpoint: server.baseURL, model: "test-model")
        let result = try client(server).completeStructured(messages: messages, schema: schema, name: "tasks", memory: memory)
        #expect(result.form == .jsonSchema)
        #expect(forms(server) == [.jsonObject, .jsonSchema])
        #expect(memory.form(endpoint: server.baseURL, model: "test-model") == .jsonSchema)
    }

    @Test func aServerErrorThatIsNotAboutTheFormIsRetriedNotStepped() throws {
        let server = try ScriptedModelServer([.json(status: 500, body: try Wire.fixture("error-500-llamacpp.json")), .json(body: answer)])
        let result = try client(server).completeStructured(messages: messages, schema: schema, name: "tasks")
        #expect(result.form == .jsonSchema)
        #expect(forms(server) == [.jsonSchema, .jsonSchema])
    }

    @Test func aKeyErrorEndsTheLadder() throws {
        let server = try ScriptedModelServer([.json(status: 401, body: try Wire.fixture("error-401.json")), .json(body: answer)])
        #expect(throws: LLMError.unauthorized(status: 401)) {
            try client(server).completeStructured(messages: messages, schema: schema, name: "tasks")
        }
        #expect(server.requests.count == 1)
    }

    @Test func anAnswerCutAtMaxTokensSaysSo() throws {
        let server = try ScriptedModelServer([.json(body: Wire.completion(#"{"tasks": [{"source": "buy mi"#, finish: "length"))])
        #expect(throws: LLMError.invalidJSON(detail: "the answer was cut off at max_tokens (150)")) {
            try client(server).completeStructured(messages: messages, schema: schema, name: "tasks", maxTokens: 150)
        }
    }

    @Test func usageIsRead() throws {
        let body = #"{"choices":[{"index":0,"message":{"role":"assistant","content":"{\"tasks\":[]}"},"finish_reason":"stop"}],"usage":{"prompt_tokens":141,"completion_tokens":37,"total_tokens":178}}"#
        let server = try ScriptedModelServer([.json(body: body)])
        let result = try client(server).completeStructured(messages: messages, schema: schema, name: "tasks")
        #expect(result.usage == TokenUsage(promptTokens: 141, completionTokens: 37))
    }

    @Test func strictSchemaListsEveryPropertyAndMakesTheOptionalOnesNullable() {
        let strict = StructuredOutputForm.strict(schema)
        let task = strict["properties"]?["tasks"]?["items"]
        let required = Set(task?["required"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        #expect(required == ["source", "title", "due", "priority", "estimate_minutes", "energy", "contexts", "kind"])
        #expect(task?["additionalProperties"] == false)
        #expect(task?["properties"]?["source"]?["type"] == "string")
        #expect(task?["properties"]?["due"]?["type"] == ["string", "null"])
        #expect(task?["properties"]?["priority"]?["enum"]?.arrayValue?.last == .null)
        #expect(strict["required"] == ["tasks"])
        // The llama-cpp-python form gets the schema as written: optional fields stay optional.
        #expect(StructuredOutputForm.jsonObjectSchema.responseFormat(schema: schema, name: "tasks")?["schema"] == schema)
        #expect(StructuredOutputForm.none.responseFormat(schema: schema, name: "tasks") == nil)
    }

    @Test func rejectionsAreRecognisedOnlyForTheForm() {
        #expect(StructuredOutputForm.isRejection(status: 500, body: #"{"error":{"message":"Input should be 'text' or 'json_object'"}}"#))
        #expect(StructuredOutputForm.isRejection(status: 400, body: #"{"error":{"param":"response_format"}}"#))
        #expect(!StructuredOutputForm.isRejection(status: 500, body: #"{"error":{"message":"'NoneType' object has no attribute 'strip'"}}"#))
        #expect(!StructuredOutputForm.isRejection(status: 401, body: "response_format"))
        #expect(!StructuredOutputForm.isRejection(status: 429, body: "response_format"))
    }

    @Test func maxTokensFollowTheInput() {
        #expect(LLMTaskBackend.maxTokens(for: "buy milk") == 144)
        #expect(LLMTaskBackend.maxTokens(for: "buy milk tomorrow and also call mom friday at 5pm") == 240)
        #expect(LLMTaskBackend.maxTokens(for: String(repeating: "word ", count: 500)) == 1024)
    }

    @Test func aCacheFileOfTheOlderShapeIsStillRead() throws {
        let directory = TemporaryDirectory()
        let file = directory.path + "/" + StructuredOutputMemory.fileName
        try #"{"http://127.0.0.1:1/v1": {"m": "json_object"}}"#.write(toFile: file, atomically: true, encoding: .utf8)
        let memory = StructuredOutputMemory(configDirectory: directory.path)
        #expect(memory.form(endpoint: "http://127.0.0.1:1/v1/", model: "m") == .jsonObject)
        #expect(!memory.wantsPlainToolCalls(endpoint: "http://127.0.0.1:1/v1", model: "m"))
    }
}
