import Foundation
import Testing
import TaskCore
import TaskerTestSupport

/// An agent keeping up through `changes_since` with the real binary hears of what `tasker agent
/// undo` did to its session: the task it created comes in `deleted`, the tasks it edited, completed
/// and deleted are listed again as they are now (the deleted one with its id, not in `deleted`).
extension AgentEndToEndTests {
    @Test func anAgentKeepingUpThroughChangesSinceHearsOfTheUndo() throws {
        for title in ["Pack", "Passport", "Call the bank"] { #expect(try tasker(["add", title]).status == 0) }
        let key = try addAgent("claude", scopes: "read,write:tasks,destructive")
        for scope in ["write:tasks", "destructive"] { #expect(try tasker(["agent", "policy", "claude", scope, "allow"]).status == 0) }

        let session = try mcp(key: key, now: "2026-12-02T11:00", [
            ("create_task", ["title": "Book the hotel"]),
            ("update_task", ["id": 2, "new_title": "Passport photos", "priority": "high", "notes": "agent"]),
            ("complete_task", ["id": 3]),
            ("delete_task", ["id": 1]),
            ("list_tasks", ["changes_since": "2026-12-02T10:59:00Z", "fields": ["all"]]),
        ])
        #expect(session.dropLast().allSatisfy { $0["ok"] == .bool(true) }, "\(session)")
        let created = try #require(session[0]["task"]?["id"]?.intValue)
        let seen = session[4]
        #expect(seen["deleted"] == [1] && (seen["tasks"]?.arrayValue ?? []).compactMap { $0["id"]?.intValue }.sorted() == [2, 3, created].sorted(),
                "\(seen.encoded())")
        let cursor = try #require(seen["changes_cursor"]?.stringValue)

        let undone = try tasker(["agent", "undo", "claude", "--since", "2026-12-02T11:00"], now: "2026-12-02T12:00")
        #expect(undone.status == 0 && undone.stdout.hasPrefix("undid "), "\(undone.stdout)\(undone.stderr)")

        let read = try mcp(key: key, now: "2026-12-02T12:05", [("list_tasks", ["changes_since": .string(cursor), "fields": ["all"]])])[0]
        #expect(read["ok"] == true && read["deleted"] == .array([.int(created)]), "the undone create comes in deleted: \(read.encoded())")
        var listed: [Int: JSONValue] = [:]
        for task in read["tasks"]?.arrayValue ?? [] { listed[task["id"]?.intValue ?? 0] = task }
        #expect(listed.keys.sorted() == [1, 2, 3], "every task the undo put back is listed: \(read.encoded())")
        #expect(listed[1]?["title"] == "Pack" && listed[1]?["status"] == "open", "the deleted task is back with its id")
        #expect(listed[2]?["title"] == "Passport" && listed[2]?["priority"] == "normal" && listed[2]?["notes"] == .null)
        #expect(listed[3]?["status"] == "open" && listed[3]?["completed"] == .null)
        #expect(listed.values.allSatisfy { $0["updated"] == "2026-12-02T10:30:00+00:00" }, "each keeps the updated time it had: \(read.encoded())")
    }
}
