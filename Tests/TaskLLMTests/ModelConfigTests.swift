import Foundation
import Testing
@testable import TaskLLM
import TaskerTestSupport

@Suite struct ModelConfigTests {
    @Test func defaultsAreOpenAIAndOff() throws {
        let tmp = TemporaryDirectory("llm")
        let config = try ModelConfig.load(directory: tmp.path)
        #expect(config.baseURL == "https://api.openai.com/v1")
        #expect(config.model == "gpt-4o-mini")
        #expect(!config.modelPathEnabled(hasKey: false))
        #expect(config.modelPathEnabled(hasKey: true))
        #expect(config.confirm == .writes)
        #expect(config.timeoutSeconds == 60)
    }

    @Test(arguments: EndpointPreset.allCases)
    func presets(_ preset: EndpointPreset) throws {
        let config = try ModelConfig.parse(#"{"preset": "\#(preset.rawValue)"}"#, path: "c.json")
        #expect(config.baseURL == preset.baseURL)
        #expect(config.model == preset.defaultModel)
        let local = ![.openai, .openrouter].contains(preset)
        #expect(config.isLoopback == local)
        #expect(config.modelPathEnabled(hasKey: false) == local)
    }

    @Test func baseURLWinsOverPreset() throws {
        let config = try ModelConfig.parse(#"{"preset": "openai", "base_url": "http://localhost:9999/v1/", "model": "m", "key_command": ["pass", "show", "x"], "timeout_seconds": 5, "confirm": "all"}"#, path: "c.json")
        #expect(config.baseURL == "http://localhost:9999/v1")
        #expect(config.model == "m")
        #expect(config.keyCommand == ["pass", "show", "x"])
        #expect(config.timeoutSeconds == 5)
        #expect(config.confirm == .all)
        #expect(config.modelPathEnabled(hasKey: false))
    }

    @Test(arguments: [
        ("http://127.0.0.1:8080/v1", true), ("http://127.1.2.3/v1", true), ("http://[::1]:8080/v1", true), ("http://localhost/v1", true),
        ("http://128.0.0.1/v1", false), ("https://api.openai.com/v1", false), ("http://127.0.0.1.evil.com/v1", false), ("http://10.0.0.5/v1", false),
    ])
    func loopback(_ url: String, _ expected: Bool) throws {
        #expect(try ModelConfig.parse(#"{"base_url": "\#(url)"}"#, path: "c.json").isLoopback == expected)
    }

    @Test(arguments: [
        (#"{"preset": "gpt"}"#, "unknown preset 'gpt'"),
        (#"{"base_url": 5}"#, "'base_url' must be a non-empty string"),
        (#"{"base_url": "ftp://x/v1"}"#, "must be an http or https URL"),
        (#"{"key_command": "pass show openai"}"#, "'key_command' must be a non-empty array"),
        (#"{"timeout_seconds": -1}"#, "'timeout_seconds' must be"),
        (#"{"confirm": "maybe"}"#, "'confirm' must be writes, all or never"),
        (#"{"modle": "x"}"#, "unknown key 'modle'"),
        (#"{"model": "x",}"#, "not valid JSON"),
        (#"[1]"#, "must hold one JSON object"),
    ])
    func malformedConfigNamesFileAndProblem(_ text: String, _ problem: String) throws {
        let tmp = TemporaryDirectory("llm")
        let dir = tmp.path
        try text.write(toFile: dir + "/config.json", atomically: true, encoding: .utf8)
        do {
            _ = try ModelConfig.load(directory: dir)
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.description.hasPrefix(dir + "/config.json: "))
            #expect(error.description.contains(problem))
        }
    }

    @Test func promptLocatorOrderAndMissingPrompt() throws {
        let tmp = TemporaryDirectory("llm")
        let dir = tmp.path
        let override = tmp.folder("d2")
        try FileManager.default.createDirectory(atPath: dir + "/prompts", withIntermediateDirectories: true)
        try "USER OVERRIDE".write(toFile: dir + "/prompts/refine.md", atomically: true, encoding: .utf8)
        try "ENV".write(toFile: override + "/refine.md", atomically: true, encoding: .utf8)
        #expect(try PromptLocator(configDirectory: dir, environment: ["TASKER_PROMPTS": override]).load("refine.md") == "USER OVERRIDE")
        #expect(try PromptLocator(configDirectory: tmp.folder("d3"), environment: ["TASKER_PROMPTS": override]).load("refine.md") == "ENV")
        // The source tree's prompts/refine.md is the last resort.
        #expect(try PromptLocator(configDirectory: tmp.folder("d4"), environment: [:]).load("refine.md").contains("\"tasks\""))
        #expect(throws: LLMError.self) { try PromptLocator(folders: [dir + "/nowhere"]).load("refine.md") }
    }
}
