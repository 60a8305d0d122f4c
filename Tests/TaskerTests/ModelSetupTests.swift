import Foundation
import TaskLLM
import TaskerTestSupport
import Testing
@testable import tasker

/// The one model setup the chat and `parse --refine` share.
@Suite struct ModelSetupTests {
    private func setup(config: String?, key: String? = nil, in folder: TemporaryDirectory) throws -> ModelSetup {
        let directory = folder.path("tasker")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        if let config { try config.write(toFile: directory + "/config.json", atomically: true, encoding: .utf8) }
        if let key { try KeyStore(directory: directory).save(key) }
        return ModelSetup(configDirectory: directory, environment: ["PATH": "/usr/bin:/bin"])
    }

    @Test func aBrokenConfigIsOneLineNamingTheFileAndTheProblem() throws {
        let folder = TemporaryDirectory("model-setup")
        let made = try setup(config: #"{"preset": "chatgpt", "model": 5}"#, key: "sk-test-1", in: folder)
        #expect(made.configProblem != nil)
        guard case .failure(let off) = made.prepare(prompt: "chat.md") else {
            Issue.record("a broken config must turn the model path off")
            return
        }
        #expect(off.isFault)
        let line = "\(off)"
        #expect(line == "\(folder.path("tasker"))/config.json: unknown preset 'chatgpt'; use one of openai, ollama, llamacpp, lmstudio, vllm, openrouter")
        #expect(!line.contains("\n"))
        #expect(!line.contains("sk-test-1"))
    }

    @Test func notJSONIsNamedToo() throws {
        let folder = TemporaryDirectory("model-setup")
        let made = try setup(config: "{preset: openai", in: folder)
        guard case .failure(.failed(let error)) = made.backend(parser: .init()) else {
            Issue.record("expected a fault")
            return
        }
        #expect("\(error)".contains("config.json: not valid JSON"))
    }

    @Test func noKeyIsRulesOnlyWithWhatToDo() throws {
        let folder = TemporaryDirectory("model-setup")
        let made = try setup(config: nil, in: folder)
        #expect(made.configProblem == nil)
        guard case .failure(let off) = made.conversation() else {
            Issue.record("no key and no local endpoint: the model path is off")
            return
        }
        #expect(!off.isFault)
        #expect("\(off)".hasPrefix("no model configured: run `tasker key set`"))
    }

    @Test func aKeySetLaterIsFoundByTheSameSetup() throws {
        let folder = TemporaryDirectory("model-setup")
        let made = try setup(config: #"{"model": "gpt-test"}"#, in: folder)
        guard case .failure = made.prepare(prompt: "chat.md") else {
            Issue.record("no key yet")
            return
        }
        try made.keys.save("sk-test-2")
        let ready = try made.prepare(prompt: "chat.md").get()
        #expect(ready.config.model == "gpt-test")
        #expect(ready.key?.value == "sk-test-2")
        #expect(!ready.prompt.isEmpty)
        #expect(try made.conversation().get().modelName == "gpt-test")
    }

    @Test func aLocalEndpointNeedsNoKey() throws {
        let folder = TemporaryDirectory("model-setup")
        let made = try setup(config: #"{"base_url": "http://127.0.0.1:9/v1"}"#, in: folder)
        let ready = try made.prepare(prompt: "refine.md").get()
        #expect(ready.key == nil)
        #expect(ready.config.baseURL == "http://127.0.0.1:9/v1")
    }
}
