import Testing
@testable import TaskCore

// Placeholder so the target builds; replaced by the real tests.
@Test func TaskCoreBuilds() { #expect(Bool(true)) }
