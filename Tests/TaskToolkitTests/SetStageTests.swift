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

    /// Someday is put aside: out of `available` and plans, still in `open`; back when it leaves.
    @Test func somedayTasksAreNeitherAvailableNorPlanned() throws {
        let f = try ToolkitFixture()
        let italian = try f.task(["title": "Learn Italian", "estimate_minutes": 30])
        let rent = try f.task(["title": "Pay rent", "estimate_minutes": 5])
        _ = try f.call("set_stage", ["id": .int(italian), "stage": "someday"])
        func ids(_ result: JSONValue, _ key: String) -> [JSONValue] { result[key]?.arrayValue?.map { $0["id"] ?? $0["task"]?["id"] ?? .null } ?? [] }
        #expect(ids(try f.call("list_tasks", ["filter": "available"]), "tasks") == [.int(rent)])
        #expect(ids(try f.call("list_tasks", ["filter": "open"]), "tasks").count == 2)
        let plan = try f.call("plan_day", ["budget_minutes": 240])
        #expect(!plan.encoded().contains("Learn Italian"), "a Someday task is not planned")
        #expect(plan.encoded().contains("Pay rent"))
        _ = try f.call("set_stage", ["id": .int(italian), "stage": "next"])
        #expect(try f.call("plan_day", ["budget_minutes": 240]).encoded().contains("Learn Italian"))
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
