import Testing
@testable import TaskREPL

// Placeholder so the target builds; replaced by the real tests.
@Test func TaskREPLBuilds() { #expect(Bool(true)) }
