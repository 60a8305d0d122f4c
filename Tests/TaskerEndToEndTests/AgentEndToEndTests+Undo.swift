import Foundation
import Testing
import TaskCore
import TaskerTestSupport

/// `tasker agent undo` with the real binary: an agent's MCP session (create, edit, complete,
/// delete with a subtask, a page link) is undone and `tasker export --unkt` gives the same bytes as
/// before the session; the owner's edit in between stays and is named; a dry run changes nothing;
/// a second undo finds nothing; the undo's receipt keeps the chain intact.
extension AgentEndToEndTests {
    func export(_ name: String, now: String) throws -> Data {
        let path = directory.path(name)
        let result = try tasker(["export", "--unkt", path], now: now)
        #expect(result.status == 0, "\(result.stderr)")
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    @Test func anAgentsSessionUndoneGivesTheSameExportBack() throws {
        for title in ["Pack", "Passport", "Call the bank"] { #expect(try tasker(["add", title]).status == 0) }
        #expect(try tasker(["call", "update_task", #"{"id":2,"parent":1}"#]).status == 0)
        #expect(try tasker(["call", "create_page", #"{"title":"Trip","body":"notes"}"#]).status == 0)
        let key = try addAgent("claude", scopes: "read,write:tasks,write:pages,destructive")
        for scope in ["write:tasks", "write:pages", "destructive"] { #expect(try tasker(["agent", "policy", "claude", scope, "allow"]).status == 0) }
        let before = try export("before.unkt", now: "2026-12-02T10:30")

        let results = try mcp(key: key, now: "2026-12-02T11:00", [
            ("create_task", ["title": "Book the hotel", "parent": 1, "contexts": ["phone"]]),
            ("update_task", ["id": 3, "new_title": "Call the bank about fees", "priority": "high"]),
            ("complete_task", ["id": 3]),
            ("link_page", ["page": "Trip", "task": 1]),
            ("delete_task", ["id": 1, "children": "delete"]),
        ])
        #expect(results.allSatisfy { $0["ok"] == .bool(true) }, "\(results)")
        #expect(try tasker(["call", "list_tasks", #"{"filter":"all"}"#], now: "2026-12-02T11:30").stdout.contains("Pack") == false)

        let dry = try tasker(["agent", "undo", "claude", "--since", "2026-12-02T11:00", "--dry-run"], now: "2026-12-02T12:00")
        #expect(dry.status == 0 && dry.stdout.hasPrefix("would undo "), "\(dry.stderr)")
        #expect(dry.stdout.contains("restore task #1 'Pack' (claude deleted it)"))
        let undone = try tasker(["agent", "undo", "claude", "--since", "2026-12-02T11:00"], now: "2026-12-02T12:00")
        #expect(undone.status == 0 && undone.stdout.hasPrefix("undid "), "\(undone.stderr)")
        #expect(undone.stdout.contains("deleted task #4 'Book the hotel' (claude created it)"))
        #expect(try export("after.unkt", now: "2026-12-02T10:30") == before, "byte for byte")

        let again = try tasker(["agent", "undo", "claude", "--since", "2026-12-02T11:00"], now: "2026-12-02T12:05")
        #expect(again.stdout.hasPrefix("nothing to undo: claude changed nothing since 2026-12-02T11:00:00"))
        #expect(try tasker(["receipts"]).stdout.contains("owner agent_undo undone"))
        #expect(try tasker(["receipts", "--verify"]).status == 0)

        // The owner's edit of a field the agent changed stays, and is named.
        _ = try mcp(key: key, now: "2026-12-02T13:00", [("update_task", ["id": 3, "priority": "high", "notes": "agent"])])
        #expect(try tasker(["call", "update_task", #"{"id":3,"priority":"low"}"#], now: "2026-12-02T13:10").status == 0)
        let kept = try tasker(["agent", "undo", "claude", "--since", "30m"], now: "2026-12-02T13:20")
        #expect(kept.stdout.contains("  set back notes of task #3 'Call the bank'"), "\(kept.stdout)")
        #expect(kept.stdout.contains("  priority of task #3 'Call the bank': changed since; kept as it is now"))
        #expect(try tasker(["call", "list_tasks", #"{"filter":"all","fields":["all"]}"#]).stdout.contains(#""priority":"low""#))

        let missing = try tasker(["agent", "undo", "claude"])
        #expect(missing.status == 2 && missing.stderr.contains("agent undo needs --since T"))
    }
}
