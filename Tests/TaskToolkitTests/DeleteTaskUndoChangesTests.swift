import Foundation
import Testing
import TaskCore
import TaskStore
import TaskerTestSupport
@testable import TaskToolkit

/// The chat's /undo of a delete (`DeleteTask`'s undo) puts the tasks back with their own `updated`
/// time; a reader keeping up through `changes_since`, who heard of the delete, hears of them again.
@Suite struct DeleteTaskUndoChangesTests {
    @Test func tasksADeletesUndoPutsBackAreListedByChangesSince() throws {
        let f = try ToolkitFixture()
        let parent = try #require(try f.call("create_task", ["title": "Move house"])["task"]?["id"]?.intValue)
        let child = try #require(try f.call("create_task", ["title": "Book the van", "parent": .int(parent)])["task"]?["id"]?.intValue)
        let before = try f.call("list_tasks", ["filter": "all", "fields": ["all"]])["tasks"]
        f.base.clock.advance(minutes: 5)
        let call = DeleteTask(target: .id(Int64(parent)), children: .delete)
        let output = try #require(try f.toolkit.run(call).output)
        f.base.clock.advance(minutes: 1)
        let heard = try f.call("list_tasks", ["changes_since": "2026-01-01T00:00:00Z"])
        #expect(Set(heard["deleted"]?.arrayValue?.compactMap(\.intValue) ?? []) == [parent, child] && heard["count"] == 0)
        let cursor = try #require(heard["changes_cursor"])
        f.base.clock.advance(minutes: 1)
        try #require(call.undo(after: output)).revert(in: f.toolkit.store)
        f.base.clock.advance(minutes: 1)
        let back = try f.call("list_tasks", ["changes_since": cursor, "fields": ["all"]])
        #expect(back["deleted"] == [] && Set(back["tasks"]?.arrayValue?.compactMap { $0["id"]?.intValue } ?? []) == [parent, child], "\(back.encoded())")
        #expect(try f.call("list_tasks", ["filter": "all", "fields": ["all"]])["tasks"] == before, "back as they were, updated times included")
    }
}
