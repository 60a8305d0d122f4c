import Foundation
import Testing
import TaskCore
import TaskerTestSupport

/// `tasker parse --refine` end to end: the real binary against a scripted OpenAI-compatible server.
@Suite struct RefineCommandTests {
    static let secret = "sk-e2e-refine-5a4b3c"

    /// This test's XDG config home, removed after it.
    let directory = TemporaryDirectory("refine")

    private func setup(config: String?, key: String? = nil) throws -> [String: String] {
        let home = directory.path
        try FileManager.default.createDirectory(atPath: home + "/tasker", withIntermediateDirectories: true)
        if let config { try config.write(toFile: home + "/tasker/config.json", atomically: true, encoding: .utf8) }
        if let key {
            let result = try TaskerBinary.run(["key", "set"], stdin: key, environment: ["XDG_CONFIG_HOME": home])
            #expect(result.status == 0)
        }
        return ["XDG_CONFIG_HOME": home, "TASKER_NOW": "2026-12-02T10:30:00+00:00"]
    }

    private func parseJSON(_ text: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func refinesWithAKeyAndNeverPrintsIt() throws {
        let server = try ScriptedModelServer([.json(body: Wire.completion(#"{"tasks": [{"source": "yeah basically buy milk", "title": "Buy milk", "energy": "quick", "estimate_minutes": 10}]}"#))])
        let env = try setup(config: #"{"base_url": "\#(server.baseURL)", "model": "local-test"}"#, key: Self.secret)
        // A title the rules left a filler in: the model has something to tidy, so it is asked.
        let result = try TaskerBinary.run(["parse", "--refine", "--json", "yeah basically buy milk"], environment: env)
        #expect(result.status == 0)
        let output = try parseJSON(result.stdout)
        #expect(output["model"] as? Bool == true)
        #expect(output["notice"] is NSNull)
        let drafts = try #require(output["drafts"] as? [[String: Any]])
        #expect(drafts.first?["title"] as? String == "Buy milk")
        #expect(drafts.first?["energy"] as? String == "quick")
        #expect(drafts.first?["estimateMinutes"] as? Int == 10)
        let sent = try #require(server.requests.first)
        #expect(sent.headers["authorization"] == "Bearer \(Self.secret)")
        #expect(sent.body.contains(#""model":"local-test""#))
        #expect(sent.body.contains(#""role":"system""#))
        #expect(!result.stdout.contains(Self.secret))
        #expect(!result.stderr.contains(Self.secret))
    }

    @Test func loopbackWithoutAKeySendsNoAuthorizationEvenWithOPENAI_API_KEY() throws {
        let server = try ScriptedModelServer([.json(body: Wire.completion(#"{"tasks": [{"source": "yeah basically buy milk", "title": "Buy milk"}]}"#))])
        var env = try setup(config: #"{"base_url": "\#(server.baseURL)"}"#)
        env["OPENAI_API_KEY"] = Self.secret
        let result = try TaskerBinary.run(["parse", "--refine", "--json", "yeah basically buy milk"], environment: env)
        #expect(result.status == 0)
        #expect(try parseJSON(result.stdout)["model"] as? Bool == true)
        let sent = try #require(server.requests.first)
        #expect(sent.headers["authorization"] == nil)
        #expect(!sent.body.contains(Self.secret))
    }

    @Test func remoteEndpointWithoutAKeyStaysOffEvenWithOPENAI_API_KEY() throws {
        var env = try setup(config: #"{"preset": "openai"}"#)
        env["OPENAI_API_KEY"] = Self.secret
        let result = try TaskerBinary.run(["parse", "--refine", "--json", "buy milk tomorrow"], environment: env)
        #expect(result.status == 0)
        let output = try parseJSON(result.stdout)
        #expect(output["model"] as? Bool == false)
        #expect((output["notice"] as? String)?.contains("tasker key set") == true)
        #expect((output["drafts"] as? [[String: Any]])?.count == 1)
    }

    @Test func rejectedKeyKeepsTheRulesResultAndSaysWhatToDo() throws {
        let server = try ScriptedModelServer([.json(status: 401, body: #"{"error":{"message":"Incorrect API key provided: \#(Self.secret)"}}"#)])
        let env = try setup(config: #"{"base_url": "\#(server.baseURL)"}"#, key: Self.secret)
        let rules = try TaskerBinary.run(["parse", "--json", "yeah basically call mom tomorrow 5pm"], environment: env)
        let result = try TaskerBinary.run(["parse", "--refine", "--json", "yeah basically call mom tomorrow 5pm"], environment: env)
        #expect(result.status == 0)
        let output = try parseJSON(result.stdout)
        #expect(output["model"] as? Bool == false)
        #expect((output["notice"] as? String)?.contains("run `tasker key set`") == true)
        let draft = try #require((output["drafts"] as? [[String: Any]])?.first)
        let rulesDraft = try parseJSON(rules.stdout)
        #expect(draft["title"] as? String == rulesDraft["title"] as? String)
        #expect(!result.stdout.contains(Self.secret))
        #expect(!result.stderr.contains(Self.secret))
    }

    /// Issue 42: with no model configured, `--refine` prints exactly what `parse` prints: the rules' split drafts.
    @Test func withoutAModelRefineGivesTheRulesSplitDrafts() throws {
        let env = try setup(config: nil)
        for text in ["buy milk; call bob", "clean the oven and also descale the kettle"] {
            let rules = try parseJSON(try TaskerBinary.run(["parse", "--json", text], environment: env).stdout)
            let result = try TaskerBinary.run(["parse", "--refine", "--json", text], environment: env)
            #expect(result.status == 0)
            let output = try parseJSON(result.stdout)
            #expect(output["model"] as? Bool == false)
            let drafts = try #require(output["drafts"] as? [[String: Any]])
            let want = try #require(rules["drafts"] as? [[String: Any]])
            #expect(drafts.map { $0["title"] as? String } == want.map { $0["title"] as? String })
            #expect(drafts.count == 2)
        }
    }

    @Test func malformedConfigIsANoticeNotALoss() throws {
        let env = try setup(config: #"{"preset": "chatgpt"}"#)
        let result = try TaskerBinary.run(["parse", "--refine", "--json", "buy milk"], environment: env)
        #expect(result.status == 0)
        let output = try parseJSON(result.stdout)
        #expect(output["model"] as? Bool == false)
        #expect((output["notice"] as? String)?.contains("config.json: unknown preset 'chatgpt'") == true)
    }

    @Test func aLongRetryAfterFallsBackToTheRulesAtOnce() throws {
        let busy = ScriptedModelServer.Reply.json(status: 429, body: #"{"error":{"message":"Rate limit reached"}}"#, headers: ["Retry-After: 3600"])
        let server = try ScriptedModelServer([busy, busy, busy, busy, busy, busy])
        let env = try setup(config: #"{"base_url": "\#(server.baseURL)", "timeout_seconds": 3}"#)
        let rules = try TaskerBinary.run(["parse", "--json", "yeah basically call mom tomorrow 5pm"], environment: env)
        let started = Date()
        let result = try TaskerBinary.run(["parse", "--refine", "--json", "yeah basically call mom tomorrow 5pm"], environment: env)
        #expect(Date().timeIntervalSince(started) < 2)
        #expect(result.status == 0)
        let output = try parseJSON(result.stdout)
        #expect(output["model"] as? Bool == false)
        let notice = try #require(output["notice"] as? String)
        #expect(notice.hasPrefix("model not used, kept the rules' reading"))
        #expect(notice.contains("asked to retry in 3600 s"))
        let draft = try #require((output["drafts"] as? [[String: Any]])?.first)
        #expect(draft["title"] as? String == (try parseJSON(rules.stdout))["title"] as? String)
        #expect(draft["due"] as? String == (try parseJSON(rules.stdout))["due"] as? String)

        let readable = try TaskerBinary.run(["parse", "--refine", "yeah basically call mom tomorrow 5pm"], environment: env)
        #expect(readable.status == 0)
        #expect(readable.stdout.lowercased().contains("call mom"))
        #expect(readable.stderr.split(separator: "\n").count == 1)
        #expect(readable.stderr.contains("asked to retry in 3600 s"))
        #expect(server.requests.count == 2)  // one request per run, no retry
    }

    /// The structured-output ladder through the real binary: the first run climbs down from
    /// json_schema to llama-cpp-python's form, the second (a new process) starts there, read from
    /// structured-output.json beside config.json.
    @Test func theAcceptedFormIsRememberedAcrossRuns() throws {
        let answer = Wire.completion(#"{"tasks": [{"source": "buy milk tomorrow", "title": "Buy milk"}, {"source": "call mom friday at 5pm", "title": "Call mom"}]}"#)
        // "yeah basically" is left in the rules' first title: the model is asked.
        let server = try ScriptedModelServer([
            .json(status: 500, body: try Wire.fixture("error-500-llamacpp-json-schema.json")), .json(body: answer), .json(body: answer),
        ])
        let env = try setup(config: #"{"base_url": "\#(server.baseURL)", "model": "smollm2"}"#)
        let text = "yeah basically buy milk tomorrow and also call mom friday at 5pm"
        let first = try parseJSON(try TaskerBinary.run(["parse", "--refine", "--json", text], environment: env).stdout)
        #expect(first["structured_output"] as? String == "json_object+schema")
        #expect((first["drafts"] as? [[String: Any]])?.map { $0["title"] as? String } == ["Buy milk", "Call mom"])
        let second = try parseJSON(try TaskerBinary.run(["parse", "--refine", "--json", text], environment: env).stdout)
        #expect(second["structured_output"] as? String == "json_object+schema")
        let log = server.requests.map { $0.json["response_format"] }
        #expect(log.map { $0?["type"]?.stringValue } == ["json_schema", "json_object", "json_object"])
        #expect(log[1]?["schema"] != nil && log[2]?["schema"] != nil)
        // Small: max_tokens follows the twelve words, not 1,024.
        #expect(server.requests[2].json["max_tokens"] == 264)
        let memory = try String(contentsOfFile: directory.path + "/tasker/structured-output.json", encoding: .utf8)
        #expect(memory.contains("json_object+schema"))
    }

    /// Issue 42: a line the rules read completely (nothing to split, a tidy title) is not sent; the
    /// rules' drafts come back at once and say so.
    @Test func aCompleteReadingIsNotSent() throws {
        let server = try ScriptedModelServer([.json(body: Wire.completion(#"{"tasks": [{"source": "buy milk", "title": "Buy Milk"}]}"#))])
        let env = try setup(config: #"{"base_url": "\#(server.baseURL)"}"#)
        let rules = try parseJSON(try TaskerBinary.run(["parse", "--json", "buy milk"], environment: env).stdout)
        let output = try parseJSON(try TaskerBinary.run(["parse", "--refine", "--json", "buy milk"], environment: env).stdout)
        #expect(output["model"] as? Bool == false)
        #expect(output["notice"] as? String == "model not asked: the rules' reading leaves nothing to split or tidy")
        #expect((output["drafts"] as? [[String: Any]])?.first?["title"] as? String == rules["title"] as? String)
        #expect(server.requests.isEmpty)
    }

    @Test func readableTextWithoutJSON() throws {
        let server = try ScriptedModelServer([.json(status: 500, body: "{}"), .json(status: 500, body: "{}"), .json(status: 500, body: "{}")])
        let env = try setup(config: #"{"base_url": "\#(server.baseURL)"}"#)
        let result = try TaskerBinary.run(["parse", "--refine", "yeah basically buy milk"], environment: env)
        #expect(result.status == 0)
        #expect(result.stdout.lowercased().contains("buy milk"))
        #expect(result.stderr.contains("model not used"))
    }
}
