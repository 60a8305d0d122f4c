import Foundation
import Testing
import TaskCore
import TaskStore
@testable import TaskToolkit

/// Subtasks through the tools: parent by title at creation, children and trees in list_tasks,
/// completing a parent, loops, a deep chain.
@Suite struct SubtaskToolTests {
    @Test func parentByIdOrTitleWhereverATaskIsCreated() throws {
        let f = try ToolkitFixture()
        let trip = try f.task(["title": "Trip to Rome"])
        #expect(try f.call("create_task", ["title": "Book flights", "parent": "rome"])["task"]?["parent"] == .int(trip))
        #expect(try f.call("create_task", ["title": "Pack", "parent": .int(trip)])["task"]?["parent"] == .int(trip))
        #expect(try f.call("capture_task", ["text": "buy adapter tomorrow", "parent": "trip to rome"])["task"]?["parent"] == .int(trip))
        let missing = try f.call("create_task", ["title": "Orphan", "parent": "no such trip"])
        #expect(missing["ok"] == false)
        #expect(missing["error"]?.stringValue?.hasPrefix("parent: ") == true)
        #expect(try f.call("create_task", ["title": "x", "parent": 99])["ok"] == false)
        #expect(try f.call("list_tasks", ["filter": "all"])["count"] == 4, "refused creations store nothing")
    }

    @Test func listChildrenAndTree() throws {
        let f = try ToolkitFixture()
        let root = try f.task(["title": "Kitchen"])
        let floor = try f.task(["title": "Floor", "parent": .int(root)])
        let tiles = try f.task(["title": "Tiles", "parent": .int(floor)])
        let paint = try f.task(["title": "Paint", "parent": .int(root)])
        let other = try f.task(["title": "Other"])
        let children = try f.call("list_tasks", ["parent": "kitchen"])
        #expect(children["tasks"]?.arrayValue?.map { $0["id"] } == [.int(floor), .int(paint)])
        let subtree = try f.call("list_tasks", ["parent": .int(root), "tree": true])
        #expect(subtree["tasks"]?.arrayValue?.map { $0["id"] } == [.int(floor), .int(tiles), .int(paint)])
        #expect(subtree["tasks"]?.arrayValue?.map { $0["depth"] } == [0, 1, 0])
        let all = try f.call("list_tasks", ["tree": true])
        #expect(all["tasks"]?.arrayValue?.map { $0["id"] } == [.int(root), .int(floor), .int(tiles), .int(paint), .int(other)])
        #expect(all["tasks"]?.arrayValue?.map { $0["depth"] } == [0, 1, 2, 1, 0])
        #expect(try f.call("list_tasks", [:])["tasks"]?.arrayValue?.first?["depth"] == nil, "flat lists have no depth")
        #expect(try f.call("list_tasks", ["parent": "nothing"])["ok"] == false)
    }

    @Test func completingAParentWithOpenSubtasksIsRefusedUnlessWithChildren() throws {
        let f = try ToolkitFixture()
        let root = try f.task(["title": "Report"])
        let a = try f.task(["title": "Draft", "parent": .int(root)])
        let b = try f.task(["title": "Figures", "parent": .int(a)])
        let refused = try f.call("complete_task", ["id": .int(root)])
        #expect(refused["ok"] == false)
        #expect(refused["open_subtasks"]?.arrayValue?.map { $0["id"] } == [.int(a), .int(b)])
        #expect(try f.call("list_tasks", ["filter": "open"])["count"] == 3)

        let call = CompleteTask(target: .id(Int64(root)), withChildren: true)
        #expect(try f.toolkit.preview(call) == .ready("Complete #\(root) 'Report' and its 2 open subtasks"))
        let output = try #require(try f.toolkit.run(call).output)
        #expect(output.json(f.toolkit.format)["completed_subtasks"]?.arrayValue?.count == 2)
        #expect(try f.call("list_tasks", ["filter": "open"])["count"] == 0)
        try #require(call.undo(after: output)).revert(in: f.toolkit.store)
        #expect(try f.call("list_tasks", ["filter": "open"])["count"] == 3, "undo reopens all three")
    }

    @Test func aTenThousandDeepChainThroughTheTools() throws {
        let f = try ToolkitFixture()
        let root = try f.task(["title": "Root"])
        var last = TaskID(Int64(root))
        try f.toolkit.store.inOneTransaction {
            for i in 1...10_000 { last = try Tasks(f.toolkit.store).createTask(TaskDraft(title: "Level \(i)", parent: last)).id }
        }
        let loop = try f.call("update_task", ["id": .int(root), "parent": .int(Int(last.rawValue))])
        #expect(loop["ok"] == false)
        #expect(loop["error"]?.stringValue?.contains("#\(root) → #\(last.rawValue) → #\(last.rawValue - 1)") == true)
        let tree = try f.call("list_tasks", ["parent": .int(root), "tree": true, "limit": 1000])
        #expect(tree["tasks"]?.arrayValue?.last?["depth"] == 999)
        let done = try f.call("complete_task", ["id": .int(root), "with_children": true])
        #expect(done["completed_subtasks"]?.arrayValue?.count == 10_000)
        let deleted = try f.call("delete_task", ["id": .int(root), "children": "delete"])
        #expect(deleted["deleted"]?.arrayValue?.count == 10_001)
    }
}
