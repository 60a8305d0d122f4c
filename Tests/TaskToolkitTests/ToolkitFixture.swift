import Foundation
import TaskCore
import TaskStore
import TaskNL
import TaskerTestSupport
@testable import TaskToolkit

/// A toolkit over a fresh SQLite file in its own temp directory, with the clock fixed at
/// Wednesday 2 December 2026 10:30 in Europe/London (docs/GRAMMAR.md's reference moment).
struct ToolkitFixture {
    static let zone = TimeZone(identifier: "Europe/London")!
    static let now = ISODate.parse("2026-12-02T10:30:00+00:00", in: zone)!

    let base: TestStore
    var directory: TemporaryDirectory { base.directory }
    let toolkit: TaskToolkit

    init(now: Date = ToolkitFixture.now, maxAttachmentBytes: Int64 = ObjectStore.defaultMaxBytes) throws {
        base = try TestStore("toolkit", now: now, zone: ToolkitFixture.zone)
        toolkit = TaskToolkit(store: base.store, objects: ObjectStore(directory: base.directory.path("objects"), maxBytes: maxAttachmentBytes))
    }

    /// Calls a tool, expecting a well-formed call.
    @discardableResult
    func call(_ name: String, _ arguments: JSONValue = [:]) throws -> JSONValue {
        try toolkit.call(name, arguments)
    }

    /// Creates a task and returns its id.
    func task(_ arguments: JSONValue) throws -> Int {
        let result = try call("create_task", arguments)
        guard let id = result["task"]?["id"]?.intValue else { throw FixtureError.noID(result.encoded()) }
        return id
    }

    enum FixtureError: Error { case noID(String) }
}
