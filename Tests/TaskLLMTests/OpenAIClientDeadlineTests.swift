import Foundation
import Testing
@testable import TaskLLM
import TaskerTestSupport

/// The deadline rule on the wall clock: a model call, retries and fallbacks included, is over within
/// `timeout_seconds`, and a `Retry-After` it cannot honour ends it at once.
@Suite struct OpenAIClientDeadlineTests {
    /// A client that really sleeps between attempts (the other suites record the waits instead).
    private func sleepingClient(_ server: ScriptedModelServer, budget: Double) -> OpenAIClient {
        OpenAIClient(baseURL: server.baseURL, model: "test-model", key: nil, timeouts: ModelTimeouts(overall: budget))
    }

    private func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    static let inAnHour: String = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: Date().addingTimeInterval(3600))
    }()

    @Test(arguments: [("3600", "retry in 3600 s"), (inAnHour, "retry in 3")])
    func aRetryAfterBeyondTheBudgetGivesUpAtOnce(header: String, said: String) throws {
        let server = try ScriptedModelServer([
            .json(status: 429, body: #"{"error":{"message":"slow down"}}"#, headers: ["Retry-After: \(header)"]),
            .json(body: Wire.completion("too late")),
        ])
        let started = ContinuousClock.now
        do {
            _ = try sleepingClient(server, budget: 3).chat(messages: [.user("x")])
            Issue.record("no error")
        } catch {
            #expect(error.description.contains(said), "\(error)")
            #expect(error.description.contains("HTTP 429"), "\(error)")
        }
        #expect(seconds(since: started) < 2)
        #expect(server.requests.count == 1)
        server.stop()
    }

    @Test func aStreamedChatGivesUpAtOnceToo() throws {
        let server = try ScriptedModelServer([
            .json(status: 503, body: #"{"error":{"message":"loading model"}}"#, headers: ["Retry-After: 3600"]),
            .json(body: Wire.completion("too late")),
        ])
        let started = ContinuousClock.now
        do {
            _ = try sleepingClient(server, budget: 3).chat(messages: [.user("x")], stream: true)
            Issue.record("no error")
        } catch {
            #expect(error.description.contains("retry in 3600 s"), "\(error)")
            #expect(error.description.contains("HTTP 503"), "\(error)")
        }
        #expect(seconds(since: started) < 2)
        #expect(server.requests.count == 1)  // no plain request after the stream: the server said when
        server.stop()
    }

    @Test func aRetryAfterWithinTheBudgetIsHonoured() throws {
        let server = try ScriptedModelServer([
            .json(status: 429, body: #"{"error":{"message":"slow down"}}"#, headers: ["Retry-After: 1"]),
            .json(body: Wire.completion("hello")),
        ])
        let started = ContinuousClock.now
        let response = try sleepingClient(server, budget: 2).chat(messages: [.user("x")])
        let elapsed = seconds(since: started)
        #expect(response.content == "hello")
        #expect(server.requests.count == 2)
        #expect(elapsed >= 1)
        #expect(elapsed < 2.5)
        server.stop()
    }

    @Test func slowAttemptsShareOneDeadline() throws {
        // Each reply takes 1.5 s and asks for an immediate retry: three of them would take 4.5 s.
        let slow = ScriptedModelServer.Reply.json(status: 503, body: #"{"error":{"message":"busy"}}"#, headers: ["Retry-After: 0"], delay: 1.5)
        let server = try ScriptedModelServer([slow, slow, slow])
        let started = ContinuousClock.now
        do {
            _ = try sleepingClient(server, budget: 2).chat(messages: [.user("x")])
            Issue.record("no error")
        } catch {
            #expect(error.description.contains("within 2 s"), "\(error)")
        }
        #expect(seconds(since: started) < 3)
        #expect(server.requests.count == 2)
        server.stop()
    }
}
