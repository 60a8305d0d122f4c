import Foundation
import Testing
import TaskCore
import TaskStore
@testable import TaskToolkit

/// `delete_task` with and without subtasks, in each children mode, and its undo.
@Suite struct DeleteTaskTests {
    @Test func aTaskWithoutSubtasksGoesWithItsLinksAndLeavesATombstone() throws {
        let f = try ToolkitFixture()
        let id = try f.task(["title": "Call mom", "contexts": ["phone"]])
        _ = try f.call("create_page", ["title": "Mom"])
        _ = try f.call("link_page", ["page": "Mom", "task": .int(id)])
        let uuid = try Tasks(f.toolkit.store).uuid(of: TaskID(Int64(id)))
        let result = try f.call("delete_task", ["title": "mom"])
        #expect(result["ok"] == true)
        #expect(result["deleted"]?.arrayValue?.map { $0["id"] } == [.int(id)])
        #expect(result["orphaned"] == [])
        #expect(try f.call("list_tasks", ["filter": "all", "fields": ["all"]])["count"] == 0)
        #expect(try f.call("read_page", ["page": "Mom"])["page"]?["linked_tasks"] == [])
        #expect(try f.toolkit.store.tombstones().map(\.uuid) == [uuid])
    }

    /// Root #1 with open child #2 (which has open child #3) and done child #4.
    func family(_ f: ToolkitFixture) throws -> [Int] {
        let root = try f.task(["title": "Move house"])
        let child = try f.task(["title": "Pack", "parent": .int(root)])
        let grandchild = try f.task(["title": "Buy boxes", "parent": .int(child)])
        let done = try f.task(["title": "Book van", "parent": .int(root)])
        _ = try f.call("complete_task", ["id": .int(done)])
        return [root, child, grandchild, done]
    }

    @Test func refuseIsTheDefaultAndListsOpenSubtasks() throws {
        let f = try ToolkitFixture()
        let ids = try family(f)
        let result = try f.call("delete_task", ["id": .int(ids[0])])
        #expect(result["ok"] == false)
        #expect(result["open_subtasks"]?.arrayValue?.map { $0["id"] } == [.int(ids[1]), .int(ids[2])])
        #expect(result["error"]?.stringValue?.contains("2 open subtasks") == true)
        #expect(result["candidates"] == nil, "subtasks are not candidates to pick from")
        #expect(try f.call("list_tasks", ["filter": "all", "fields": ["all"]])["count"] == 4, "nothing deleted")
        let preview = try f.toolkit.preview(DeleteTask(target: .id(Int64(ids[0]))))
        guard case .refused = preview else { Issue.record("preview offered \(preview)"); return }
    }

    @Test func orphanKeepsTheChildrenWithoutAParent() throws {
        let f = try ToolkitFixture()
        let ids = try family(f)
        let result = try f.call("delete_task", ["id": .int(ids[0]), "children": "orphan"])
        #expect(result["deleted"]?.arrayValue?.count == 1)
        #expect(result["orphaned"] == [.int(ids[1]), .int(ids[3])])
        let left = try f.call("list_tasks", ["filter": "all", "fields": ["all"]])["tasks"]?.arrayValue ?? []
        #expect(left.map { $0["id"] } == [.int(ids[1]), .int(ids[2]), .int(ids[3])])
        #expect(left.first { $0["id"] == .int(ids[1]) }?["parent"] == .null)
        #expect(left.first { $0["id"] == .int(ids[2]) }?["parent"] == .int(ids[1]), "grandchildren stay under their parent")
    }

    @Test func deleteTakesEveryLevelAndUndoBringsAllBack() throws {
        let f = try ToolkitFixture()
        let ids = try family(f)
        let call = DeleteTask(target: .id(Int64(ids[0])), children: .delete)
        #expect(try f.toolkit.preview(call) == .ready("Delete #\(ids[0]) 'Move house' and its 3 subtasks"))
        let output = try #require(try f.toolkit.run(call).output)
        #expect(output.deletion.tasks.map { Int($0.id.rawValue) } == [ids[0], ids[1], ids[3], ids[2]])
        #expect(try f.call("list_tasks", ["filter": "all", "fields": ["all"]])["count"] == 0)
        let undo = try #require(call.undo(after: output))
        #expect(undo.summary == "Restored 'Move house' and 3 subtasks")
        try undo.revert(in: f.toolkit.store)
        let back = try f.call("list_tasks", ["filter": "all", "fields": ["all"]])["tasks"]?.arrayValue ?? []
        #expect(Set(back.compactMap { $0["id"]?.intValue }) == Set(ids))
        #expect(back.first { $0["id"] == .int(ids[2]) }?["parent"] == .int(ids[1]))
        #expect(back.first { $0["id"] == .int(ids[3]) }?["status"] == "done")
        #expect(try f.toolkit.store.tombstones().isEmpty)
    }

    @Test func unknownAndAmbiguousTargetsAreRefused() throws {
        let f = try ToolkitFixture()
        _ = try f.task(["title": "Call mom"])
        _ = try f.task(["title": "Call dad"])
        #expect(try f.call("delete_task", ["title": "call"])["candidates"]?.arrayValue?.count == 2)
        #expect(try f.call("delete_task", ["title": "old photos"])["ok"] == false)
        #expect(try f.call("delete_task", ["id": 99])["error"]?.stringValue?.contains("no task with id 99") == true)
        #expect(try f.call("list_tasks", ["filter": "all", "fields": ["all"]])["count"] == 2)
        #expect(DeleteTask.definition.destructive)
    }
}
