import Testing
@testable import TaskToolkit

// Placeholder so the target builds; replaced by the real tests.
@Test func TaskToolkitBuilds() { #expect(Bool(true)) }
