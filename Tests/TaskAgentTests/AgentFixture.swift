import Foundation
import TaskCore
import TaskStore
import TaskToolkit
import TaskerTestSupport
@testable import TaskAgent

/// A toolkit over a fresh SQLite file with a movable clock, and helpers to add agents and gates.
struct AgentFixture {
    static let zone = TimeZone(identifier: "Europe/London")!
    static let start = ISODate.parse("2026-12-02T10:30:00+00:00", in: zone)!

    let base: TestStore
    var directory: TemporaryDirectory { base.directory }
    var clock: TestClock { base.clock }
    let toolkit: TaskToolkit
    var store: TaskStore { toolkit.store }
    var path: String { directory.path("tasks.sqlite") }

    init() throws {
        base = try TestStore("agents", now: AgentFixture.start, zone: AgentFixture.zone)
        toolkit = TaskToolkit(store: base.store, objects: ObjectStore(directory: base.directory.path("objects")))
    }

    /// Adds an agent and returns its key and a gate acting as it.
    func agent(_ name: String, scopes: Set<AgentScope> = [.read], expires: Date? = nil) throws -> (key: AgentKey, gate: AgentGate) {
        let key = AgentKey.generate()
        let record = try Agents(store).addAgent(name: name, key: key, scopes: scopes, expires: expires)
        return (key, AgentGate(toolkit: toolkit, agent: record))
    }

    /// Creates a task directly (as the person) and returns its id.
    func task(_ title: String) throws -> Int {
        try toolkit.call("create_task", ["title": .string(title)])["task"]!["id"]!.intValue!
    }
}
