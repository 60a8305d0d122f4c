import Foundation
import TaskCore
import TaskStore
import TaskerTestSupport
@testable import TaskToolkit

/// A toolkit over a fresh database whose clock a test moves, to seed history (old, stale, completed
/// on given days) before calling a tool "now". Europe/London, like `ToolkitFixture`.
final class ClockedToolkit: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date
    let directory = TemporaryDirectory("toolkit-clock")
    private(set) var toolkit: TaskToolkit! = nil

    init(_ start: String) throws {
        current = ISODate.parse(start, in: ToolkitFixture.zone)!
        let store = try TaskStore(path: directory.path("tasks.sqlite"), clock: { [unowned self] in self.now }, timeZone: ToolkitFixture.zone)
        try store.bootstrap()
        toolkit = TaskToolkit(store: store)
    }

    var now: Date {
        lock.lock(); defer { lock.unlock() }
        return current
    }

    /// Moves the clock to a wall-clock time in London.
    func at(_ text: String) {
        lock.lock()
        current = ISODate.parse(text, in: ToolkitFixture.zone)!
        lock.unlock()
    }

    @discardableResult
    func call(_ name: String, _ arguments: JSONValue = [:]) throws -> JSONValue { try toolkit.call(name, arguments) }

    /// Creates a task and returns its id.
    func task(_ arguments: JSONValue) throws -> Int {
        let result = try call("create_task", arguments)
        guard let id = result["task"]?["id"]?.intValue else { throw ToolkitFixture.FixtureError.noID(result.encoded()) }
        return id
    }

    /// Completes a task at a wall-clock time; returns the next occurrence's id for a recurring one.
    @discardableResult
    func complete(_ id: Int, at text: String) throws -> Int? {
        at(text)
        return try call("complete_task", ["id": .int(id)])["next"]?["id"]?.intValue
    }
}
