import Foundation
import TaskCore
import TaskStore
import TaskerTestSupport
@testable import TaskToolkit

/// A toolkit over a fresh database whose clock a test moves, to seed history (old, stale, completed
/// on given days) before calling a tool "now". Europe/London, like `ToolkitFixture`.
final class ClockedToolkit: @unchecked Sendable {
    let base: TestStore
    var directory: TemporaryDirectory { base.directory }
    let toolkit: TaskToolkit

    init(_ start: String) throws {
        base = try TestStore("toolkit-clock", now: ISODate.parse(start, in: ToolkitFixture.zone)!, zone: ToolkitFixture.zone)
        toolkit = TaskToolkit(store: base.store)
    }

    var now: Date { base.clock.now }

    /// Moves the clock to a wall-clock time in London.
    func at(_ text: String) {
        base.clock.now = ISODate.parse(text, in: ToolkitFixture.zone)!
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
