import Foundation
import Testing
import TaskCore
import TaskStore
import TaskToolkit
@testable import TaskAgent

/// The gate tried as an attacker would: a broader tool does not undo a denied scope, grants are decided
/// on what the call really touches (the tool's own lookup, every task moved or deleted with it), an
/// approval pins the exact state the owner saw, and waiting is not an error.
@Suite struct AgentTrustTests {
    /// An agent that may write tasks and pages but not do anything destructive.
    func writer(_ fixture: AgentFixture) throws -> AgentGate {
        let (_, gate) = try fixture.agent("bot", scopes: [.read, .writeTasks])
        try Agents(fixture.store).setAgentPolicy(named: "bot", scope: .writeTasks, policy: .allow)
        try Agents(fixture.store).setAgentPolicy(named: "bot", scope: .destructive, policy: .deny)
        return gate
    }

    func task(_ fixture: AgentFixture, _ id: Int) throws -> TaskItem { try Tasks(fixture.store).task(TaskID(Int64(id))) }

    @Test func updateTaskCannotDoWhatTheDestructiveToolsMayNot() throws {
        let fixture = try AgentFixture()
        let gate = try writer(fixture)
        _ = try fixture.toolkit.call("create_project", ["name": "Kitchen"])
        let full = try fixture.toolkit.call("create_task", [
            "title": "Paint", "due": "2026-12-05T10:00", "defer_until": "2026-12-04", "notes": "two coats", "project": "Kitchen",
            "recurrence": "weekly",
        ])["task"]!["id"]!.intValue!
        let parent = try fixture.task("Room")
        _ = try fixture.toolkit.call("update_task", ["id": .int(full), "parent": .int(parent)])
        _ = try fixture.toolkit.call("set_stage", ["id": .int(full), "stage": "Next"])
        let before = try task(fixture, full)
        let replacing: [JSONValue] = [
            ["due": "2026-12-20T10:00"], ["due": .null], ["defer_until": "2026-12-30"], ["defer_until": .null],
            ["recurrence": "daily"], ["recurrence": .null], ["notes": ""], ["notes": .null], ["notes": "gone"],
            ["project": .null], ["parent": .null], ["new_title": "Paint it", "notes": .null],
        ]
        for change in replacing {
            var arguments = change.objectValue!
            arguments["id"] = .int(full)
            #expect(throws: AgentAccessError.insufficientScope(tool: "update_task", scope: .destructive), "\(change.encoded())") {
                try gate.call("update_task", .object(arguments))
            }
        }
        #expect(throws: AgentAccessError.insufficientScope(tool: "set_stage", scope: .destructive)) {
            try gate.call("set_stage", ["id": .int(full), "stage": .null])
        }
        #expect(try task(fixture, full) == before, "nothing changed")
        // Filling what was empty, and the fields that lose nothing, stay write:tasks.
        let bare = try fixture.task("Sweep")
        #expect(try gate.call("update_task", ["id": .int(bare), "due": "2026-12-06T09:00", "notes": "the porch", "priority": "high"])["ok"] == true)
        #expect(try gate.call("set_stage", ["id": .int(bare), "stage": "Next"])["ok"] == true)
        #expect(try gate.call("update_task", ["id": .int(full), "new_title": "Paint the wall", "priority": "low"])["ok"] == true)
        let decisions = try fixture.store.receipts().map(\.decision)
        #expect(decisions == Array(repeating: "denied", count: replacing.count + 1) + ["allowed", "allowed", "allowed"])
    }

    @Test func removingOrOverwritingWhatIsThereIsDestructive() throws {
        let fixture = try AgentFixture()
        let gate = try writer(fixture)
        _ = try fixture.toolkit.call("create_place", ["name": "Shop", "latitude": 51.5, "longitude": -0.1])
        #expect(throws: AgentAccessError.insufficientScope(tool: "delete_place", scope: .destructive)) { try gate.call("delete_place", ["name": "Shop"]) }
        let template: JSONValue = ["name": "Move", "tasks": [["title": "Pack", "offset_days": 0]]]
        _ = try fixture.toolkit.call("create_template", template)
        var replace = template.objectValue!
        replace["replace"] = true
        replace["tasks"] = [["title": "Nothing", "offset_days": 0]]
        #expect(throws: AgentAccessError.insufficientScope(tool: "create_template", scope: .destructive)) {
            try gate.call("create_template", .object(replace))
        }
        #expect(try Templates(fixture.store).template(named: "Move")?.tasks.first?.title == "Pack")
        #expect(try gate.call("create_template", ["name": "Fresh", "tasks": [["title": "A", "offset_days": 0]], "replace": true])["ok"] == true,
                "replace on a new name overwrites nothing")
        #expect(try Places(fixture.store).placeNames() == ["Shop"])
    }

    /// Kitchen has a done "Water"; Garden an open "Water the hedge". complete_task finds open tasks by
    /// title, so "water" means the Garden task: a Kitchen grant must not cover it.
    @Test func aGrantIsDecidedOnTheTaskTheToolWillReallyTouch() throws {
        let fixture = try AgentFixture()
        for name in ["Kitchen", "Garden"] { _ = try fixture.toolkit.call("create_project", ["name": .string(name)]) }
        let kitchen = try fixture.toolkit.call("create_task", ["title": "Water", "project": "Kitchen"])["task"]!["id"]!.intValue!
        _ = try fixture.toolkit.call("complete_task", ["id": .int(kitchen)])
        let garden = try fixture.toolkit.call("create_task", ["title": "Water the hedge", "project": "Garden", "notes": "slowly"])["task"]!["id"]!.intValue!
        let (_, gate) = try fixture.agent("bot", scopes: [.read])
        for scope in [AgentScope.writeTasks, .destructive] {
            try AgentGrants(fixture.store).add(agent: "bot", scope: scope, project: "Kitchen", until: fixture.clock.now.addingTimeInterval(86_400))
        }
        #expect(throws: AgentAccessError.self) { try gate.call("complete_task", ["title": "water"]) }
        #expect(try task(fixture, garden).status == .open)
        // Moving a Garden task into Kitchen needs Garden inside the grant too.
        #expect(throws: AgentAccessError.self) {
            try gate.call("update_task", ["id": .int(garden), "project": "Kitchen", "new_title": "Mine now", "notes": .null])
        }
        let after = try task(fixture, garden)
        #expect(after.project == "Garden" && after.title == "Water the hedge" && after.notes == "slowly")
        // Creating in Kitchen, and completing a Kitchen task, are inside it.
        let made = try gate.call("create_task", ["title": "Descale", "project": "Kitchen"])
        #expect(made["ok"] == true)
        #expect(try gate.call("complete_task", ["id": made["task"]!["id"]!])["ok"] == true)
        #expect(throws: AgentAccessError.self, "a task in no project is outside a project grant") {
            try gate.call("create_task", ["title": "Loose"])
        }
    }

    @Test func subtasksInAnotherProjectKeepTheirParentOutOfTheGrant() throws {
        let fixture = try AgentFixture()
        for name in ["A", "B"] { _ = try fixture.toolkit.call("create_project", ["name": .string(name)]) }
        let parent = try fixture.toolkit.call("create_task", ["title": "Parent", "project": "A"])["task"]!["id"]!.intValue!
        let child = try fixture.toolkit.call("create_task", ["title": "Child", "project": "B", "parent": .int(parent)])["task"]!["id"]!.intValue!
        let (_, gate) = try fixture.agent("bot", scopes: [.read])
        try AgentGrants(fixture.store).add(agent: "bot", scope: .destructive, project: "A", until: fixture.clock.now.addingTimeInterval(86_400))
        for children in ["delete", "orphan"] {
            #expect(throws: AgentAccessError.self, "\(children)") { try gate.call("delete_task", ["id": .int(parent), "children": .string(children)]) }
        }
        #expect(throws: AgentAccessError.self) { try gate.call("complete_task", ["id": .int(parent), "with_children": true]) }
        #expect(try task(fixture, child).parent == TaskID(Int64(parent)))
        #expect(try task(fixture, parent).status == .open)
        // With B granted too, the same call runs.
        try AgentGrants(fixture.store).add(agent: "bot", scope: .destructive, project: "B", until: fixture.clock.now.addingTimeInterval(86_400))
        #expect(try gate.call("delete_task", ["id": .int(parent), "children": "delete"])["ok"] == true)
        #expect(try fixture.store.receipts().last?.decision == "granted")
    }

    @Test func anAmbiguousTitleIsRefusedBeforeAnyApprovalIsStored() throws {
        let fixture = try AgentFixture()
        let (_, gate) = try fixture.agent("bot", scopes: [.read, .writeTasks, .destructive])
        _ = try fixture.task("Call the bank")
        _ = try fixture.task("Call the bank manager")
        _ = try fixture.task("Call the bank again")
        let result = try gate.call("complete_task", ["title": "call the b"])
        #expect(result["ok"] == false)
        #expect(result["candidates"]?.arrayValue?.count == 3)
        #expect(try Approvals(fixture.store).approvals().isEmpty)
        #expect(try fixture.store.receipts().map(\.decision) == ["failed"])
    }

    @Test func anApprovalPinsTheTaskAsItWasEvenWithinTheSameSecond() throws {
        let fixture = try AgentFixture()
        let (_, gate) = try fixture.agent("bot", scopes: [.read, .writeTasks, .destructive])
        let id = try fixture.task("Pay the plumber")
        let asked = try gate.call("complete_task", ["id": .int(id)])
        #expect(asked["ok"] == true && asked["status"] == "pending_approval")
        // The clock does not move: a whole-second time would not see this rename.
        _ = try fixture.toolkit.call("update_task", ["id": .int(id), "new_title": "Pay the plumber £4,000"])
        let desk = ApprovalDesk(toolkit: fixture.toolkit)
        #expect(try desk.approve(asked["approval_id"]!.stringValue!) == .stale)
        #expect(try task(fixture, id).status == .open)
        // Unchanged, it runs.
        let again = try gate.call("complete_task", ["id": .int(id)])
        guard case .executed = try desk.approve(again["approval_id"]!.stringValue!) else {
            Issue.record("an unchanged task is approved and run")
            return
        }
        #expect(try task(fixture, id).status == .done)
    }
}
