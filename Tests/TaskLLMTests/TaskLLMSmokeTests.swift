import Testing
@testable import TaskLLM

// Placeholder so the target builds; replaced by the real tests.
@Test func TaskLLMBuilds() { #expect(Bool(true)) }
