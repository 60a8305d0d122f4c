import Testing
@testable import TaskMCP

// Placeholder so the target builds; replaced by the real tests.
@Test func TaskMCPBuilds() { #expect(Bool(true)) }
