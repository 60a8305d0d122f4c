import Foundation
import Testing
@testable import TaskLLM

@Suite struct ModelDeadlineTests {
    @Test func remainingCountsDownAndStopsAtZero() throws {
        let deadline = ModelDeadline(seconds: 0.2)
        #expect(deadline.budget == 0.2)
        #expect(deadline.remaining > 0.1 && deadline.remaining <= 0.2)
        Thread.sleep(forTimeInterval: 0.25)
        #expect(deadline.remaining == 0)
    }
}
