import Foundation
import Testing
import TaskCore
@testable import TaskToolkit

/// Workflow stages through the tools: Someday built in, set_stage, the stage filter.
@Suite struct SetStageTests {
    @Test func setStageFilterAndUndo() throws {
        let f = try ToolkitFixture()
        let id = try f.task(["title": "Learn Italian"])
        _ = try f.task(["title": "Pay rent"])
        let call = SetStage(target: .title("italian"), stage: "someday")
        #expect(try f.toolkit.preview(call) == .ready("Move #\(id) 'Learn Italian' to Someday"))
        let output = try #require(try f.toolkit.run(call).output)
        #expect(output.task.stage == "Someday", "stored with the stage's own spelling")
        #expect(try f.call("list_tasks", ["stage": "Someday"])["tasks"]?.arrayValue?.map { $0["id"] } == [.int(id)])
        #expect(try f.call("list_tasks", ["stage": "next"])["count"] == 0)
        try #require(call.undo(after: output)).revert(in: f.toolkit.store)
        #expect(try f.call("list_tasks", ["stage": "Someday"])["count"] == 0)
        let cleared = try f.call("set_stage", ["id": .int(id), "stage": .null])
        #expect(cleared["task"]?["stage"] == .null)
    }

    @Test func anUnknownStageIsRefusedListingTheStages() throws {
        let f = try ToolkitFixture()
        _ = try f.task(["title": "Learn Italian"])
        let result = try f.call("set_stage", ["title": "italian", "stage": "Later"])
        #expect(result["ok"] == false)
        #expect(result["error"]?.stringValue?.contains("Backlog, Next, Doing, Waiting, Done, Someday") == true)
        #expect(try f.call("list_tasks", ["stage": "Later"])["ok"] == false)
        #expect(throws: ToolkitError.self) { try f.call("set_stage", ["title": "italian"]) }
    }
}
