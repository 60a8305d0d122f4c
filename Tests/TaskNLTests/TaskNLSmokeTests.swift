import Testing
@testable import TaskNL

// Placeholder so the target builds; replaced by the real tests.
@Test func TaskNLBuilds() { #expect(Bool(true)) }
