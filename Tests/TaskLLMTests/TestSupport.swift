import Foundation
import Synchronization
@testable import TaskLLM
import TaskerTestSupport

/// Records the waits a client asked for instead of sleeping.
final class SleepRecorder: Sendable {
    private let waits = Mutex<[Double]>([])
    var recorded: [Double] { waits.withLock { $0 } }
    var sleep: @Sendable (Double) -> Void { { seconds in self.waits.withLock { $0.append(seconds) } } }
}

func client(_ server: ScriptedModelServer, key: String? = "sk-test-secret-123", timeouts: ModelTimeouts = ModelTimeouts(connect: 2, overall: 5, idle: 2),
            attempts: Int = 3, sleeper: SleepRecorder = SleepRecorder(), cancellation: Cancellation? = nil) -> OpenAIClient {
    OpenAIClient(baseURL: server.baseURL, model: "test-model", key: key.flatMap(APIKey.init), timeouts: timeouts,
                 maxAttempts: attempts, cancellation: cancellation, sleep: sleeper.sleep)
}
