import Foundation
import Testing
import TaskCore
import TaskerTestSupport

/// A `read` grant for one project, over stdio against the real binary: `list_tasks` of that project
/// runs without asking, and its `changes_since` feed names the tasks deleted from that project (by
/// the owner, or taken away by an agent undo) and no task of another project.
extension AgentTrustEndToEndTests {
    @Test func aProjectReadGrantListsThatProjectsChangesAndDeletionsOnly() throws {
        func created(_ title: String, in project: String) throws -> Int {
            let made = try tasker(["call", "create_task", #"{"title": "\#(title)", "project": "\#(project)"}"#])
            return try #require(try JSONValue.parse(made.stdout)["task"]?["id"]?.intValue, "\(made.stderr)")
        }
        for name in ["Kitchen", "Garden"] { #expect(try tasker(["call", "create_project", #"{"name": "\#(name)"}"#]).status == 0) }
        let water = try created("Water the basil", in: "Kitchen")
        let sponge = try created("Old sponge", in: "Kitchen")
        let plan = try created("Secret garden plan", in: "Garden")
        let key = try addAgent("cook", scopes: "read,write:tasks")
        #expect(try tasker(["agent", "policy", "cook", "read", "ask"]).status == 0)
        #expect(try tasker(["agent", "policy", "cook", "write:tasks", "allow"]).status == 0)
        #expect(try tasker(["agent", "grant", "cook", "--scope", "read", "--project", "Kitchen", "--until", "2026-12-03"]).status == 0)

        for id in [sponge, plan] { #expect(try tasker(["call", "delete_task", #"{"id": \#(id)}"#], now: "2026-12-02T10:40").status == 0) }
        let soap = try mcp(key: key, now: "2026-12-02T10:45", [("create_task", ["title": "Buy soap", "project": "Kitchen"])])
        let soapID = try #require(soap[0]["structuredContent"]?["task"]?["id"]?.intValue, "\(soap[0].encoded())")
        let undone = try tasker(["agent", "undo", "cook", "--since", "2026-12-02T10:44"], now: "2026-12-02T10:50")
        #expect(undone.status == 0, "\(undone.stdout)\(undone.stderr)")

        let read = try mcp(key: key, now: "2026-12-02T10:55", [
            ("list_tasks", ["project": "Kitchen", "changes_since": "2026-12-01T00:00:00Z"]),
            ("list_tasks", ["changes_since": "2026-12-01T00:00:00Z"]),
        ])
        let kitchen = try #require(read[0]["structuredContent"], "\(read[0].encoded())")
        #expect(kitchen["ok"] == true, "the grant covers a listing of its project: \(kitchen.encoded())")
        let deleted = Set((kitchen["deleted"]?.arrayValue ?? []).compactMap(\.intValue))
        #expect(deleted == [sponge, soapID], "the Kitchen feed names the owner's delete and the undone create, not the Garden task \(plan): \(deleted)")
        let listed = (kitchen["tasks"]?.arrayValue ?? []).compactMap { $0["id"]?.intValue }
        #expect(listed == [water], "\(kitchen.encoded())")
        #expect(read[1]["structuredContent"]?["status"] == "pending_approval", "every project is not granted: \(read[1].encoded())")

        // The owner, reading every project, hears of all three.
        let all = try JSONValue.parse(try tasker(["call", "list_tasks", #"{"changes_since": "2026-12-01T00:00:00Z"}"#], now: "2026-12-02T10:56").stdout)
        #expect(Set((all["deleted"]?.arrayValue ?? []).compactMap(\.intValue)) == [sponge, plan, soapID], "\(all.encoded())")
    }

    /// The same grant probed as an attacker would: a parent named by a title that tasks of both
    /// projects share, and a parent id from the project the grant does not cover. Nothing of the
    /// Garden comes back, and nothing waits for the owner.
    @Test func aProjectReadGrantRevealsNothingOfAnotherProjectThroughItsParent() throws {
        func created(_ arguments: String) throws -> Int {
            let made = try tasker(["call", "create_task", arguments])
            return try #require(try JSONValue.parse(made.stdout)["task"]?["id"]?.intValue, "\(made.stderr)")
        }
        for name in ["Kitchen", "Garden"] { #expect(try tasker(["call", "create_project", #"{"name": "\#(name)"}"#]).status == 0) }
        _ = try created(#"{"title": "Water the basil", "project": "Kitchen"}"#)
        _ = try created(#"{"title": "Water the hedge", "project": "Garden"}"#)
        let shed = try created(#"{"title": "Garden shed", "project": "Garden"}"#)
        let hinge = try created(#"{"title": "Oil the hinge", "project": "Kitchen", "parent": \#(shed)}"#)
        _ = try created(#"{"title": "Shed key", "project": "Garden", "parent": \#(shed)}"#)
        let key = try addAgent("cook", scopes: "read")
        #expect(try tasker(["agent", "policy", "cook", "read", "ask"]).status == 0)
        #expect(try tasker(["agent", "grant", "cook", "--scope", "read", "--project", "Kitchen", "--until", "2026-12-03"]).status == 0)

        let read = try mcp(key: key, [
            ("list_tasks", ["project": "Kitchen", "parent": "water"]),
            ("list_tasks", ["project": "Kitchen", "parent": .int(shed), "tree": true]),
            ("list_tasks", ["project": "Kitchen", "parent": .int(shed), "changes_since": "2026-12-01T00:00:00Z"]),
        ])
        for answer in read {
            let text = answer.encoded()
            for garden in ["hedge", "Garden shed", "Shed key"] { #expect(!text.contains(garden), "\(garden) leaked: \(text)") }
        }
        #expect(read[0]["structuredContent"]?["ok"] == false, "a title two tasks share is refused: \(read[0].encoded())")
        #expect((read[1]["structuredContent"]?["tasks"]?.arrayValue ?? []).compactMap { $0["id"]?.intValue } == [hinge], "\(read[1].encoded())")
        let waiting = try tasker(["approvals"])
        #expect(waiting.stdout.contains("no requests are waiting"), "\(waiting.stdout)")
    }
}
