import Foundation
import Testing
import TaskCore
import TaskerTestSupport
@testable import TaskToolkit

/// Every tool's results against its `outputSchema`: each tool run on a populated store, done and
/// refused, and each result checked with the validator the doors use. Every object in an output schema
/// is closed, so a member a `json` gains without its schema fails here.
@Suite struct OutputSchemaTests {
    /// The calls, in order on one store; each tool of the catalogue appears with a result that ran.
    static func calls(_ f: ToolkitFixture) throws -> [(tool: String, arguments: JSONValue)] {
        let scan = f.directory.path("scan.pdf")
        _ = FileManager.default.createFile(atPath: scan, contents: Data("%PDF tooth".utf8))
        return [
            ("create_project", ["name": "Home"]),
            ("create_task", ["title": "Call mom", "due": "tomorrow 5pm", "contexts": ["phone"], "priority": "high",
                             "estimate_minutes": 15, "project": "Home", "remind": 30, "energy": "quick", "kind": "call"]),
            ("create_task", ["title": "Call dad", "recurrence": "every monday", "notes": "ask about the car", "due": "2026-12-07"]),
            ("create_task", ["title": "Pack", "due": "2026-12-10"]),
            ("create_task", ["title": "Passport", "parent": "Pack"]),
            ("capture_task", ["text": "buy milk tomorrow #errands"]),
            ("capture_task", ["text": "water the plants every friday", "dry_run": true]),
            ("list_tasks", [:]),
            ("list_tasks", ["tree": true, "filter": "all"]),
            ("update_task", ["title": "Call mom", "notes": "her new number", "add_contexts": ["home"]]),
            ("reschedule_task", ["title": "Call mom", "due": "friday 9am"]),
            ("defer_task", ["title": "Pack", "until": "2026-12-05"]),
            ("set_stage", ["title": "Call mom", "stage": "doing"]),
            ("complete_task", ["title": "call"]),  // refused: two candidates
            ("complete_task", ["title": "Call dad"]),  // a next occurrence
            ("complete_task", ["title": "Pack", "with_children": true]),
            ("delete_task", ["title": "nothing like this"]),  // refused: no match
            ("create_project", ["name": "Garden"]),
            ("list_projects", [:]),
            ("create_space", ["name": "Notes", "project": "Garden"]),
            ("create_page", ["title": "Kitchen", "space": "Notes", "body": "tiles: blue", "labels": ["house"]]),
            ("append_to_page", ["page": "Kitchen", "markdown": "- grout"]),
            ("link_page", ["page": "Kitchen", "task": "Call mom"]),
            ("read_page", ["page": "Kitchen"]),
            ("read_page", ["page": "No such page"]),  // refused
            ("list_pages", [:]),
            ("search_pages", ["query": "tiles"]),
            ("create_place", ["name": "Office", "latitude": 51.5, "longitude": -0.12]),
            ("create_task", ["title": "Printer paper", "place": "Office"]),
            ("list_places", [:]),
            ("delete_place", ["name": "Office"]),
            ("create_template", ["name": "Trip", "tasks": [["title": "Book", "offset_days": -7, "time": "10:00", "subtasks": [["title": "Hotel"]]]]]),
            ("list_templates", [:]),
            ("apply_template", ["name": "Trip", "date": "2026-12-20"]),
            ("attach_file", ["path": .string(scan), "task": "Call mom"]),
            ("list_attachments", [:]),
            ("open_attachment", ["id": 1]),
            ("open_attachment", ["id": 1, "path": .string(f.directory.path("copy.pdf"))]),
            ("detach", ["id": 1]),
            ("export_tasks", [:]),
            ("export_tasks", ["format": "todotxt", "path": .string(f.directory.path("tasks.txt"))]),
            ("import_tasks", ["path": .string(f.directory.path("tasks.txt")), "dry_run": true]),
            ("plan_day", ["budget_minutes": 240, "date": "2026-12-04"]),
            ("plan_day", ["budget_minutes": 240, "date": "2026-12-04", "format": "ics"]),
            ("review", [:]),
            ("streaks", [:]),
            ("approval_status", ["approval_id": "no-such-request"]),  // refused: the owner has no requests
            ("delete_task", ["title": "Printer paper"]),
        ]
    }

    @Test func everyResultOfEveryToolFitsItsOutputSchema() throws {
        let f = try ToolkitFixture()
        var ran: Set<String> = []
        var refused: Set<String> = []
        var errors: [String] = []
        for (name, arguments) in try Self.calls(f) {
            let tool = try #require(f.toolkit.toolTypes.first { $0.definition.name == name }, "no tool \(name)")
            let result = try f.call(name, arguments)
            if let problem = SchemaValidator.problem(with: result, against: tool.outputSchema) {
                Issue.record("\(name) \(arguments.encoded()): \(problem)\n\(result.encoded())")
            }
            if result["ok"] == true {
                ran.insert(name)
            } else {
                refused.insert(name)
                errors.append("\(name): \(result["error"]?.stringValue ?? "")")
            }
        }
        // approval_status runs only for an agent's own request (AgentGate's tests); every other tool ran.
        let all = Set(f.toolkit.tools.map(\.name))
        #expect(all.subtracting(ran) == ["approval_status"])
        #expect(refused == ["complete_task", "delete_task", "read_page", "approval_status"], "\(errors)")
    }

    @Test func aMemberTheSchemaDoesNotNameIsRefused() throws {
        let f = try ToolkitFixture()
        let result = try f.call("create_task", ["title": "Call mom"])
        #expect(SchemaValidator.problem(with: result, against: CreateTask.outputSchema) == nil)
        var members = result.objectValue ?? [:]
        members["extra"] = 1
        #expect(SchemaValidator.problem(with: .object(members), against: CreateTask.outputSchema) != nil)
        var task = result["task"]?.objectValue ?? [:]
        task["colour"] = "red"
        members = result.objectValue ?? [:]
        members["task"] = .object(task)
        #expect(SchemaValidator.problem(with: .object(members), against: CreateTask.outputSchema) != nil)
        task["colour"] = nil
        task["title"] = nil
        members["task"] = .object(task)
        #expect(SchemaValidator.problem(with: .object(members), against: CreateTask.outputSchema) != nil)
    }

    @Test func theTaskShapeIsTaskFieldsToolDoor() {
        let properties = OutputSchema.task["properties"]?.objectValue ?? [:]
        #expect(Set(properties.keys) == Set(TaskField.members(at: .tool).map(\.member.key)))
        let required = Set((OutputSchema.task["required"]?.arrayValue ?? []).compactMap(\.stringValue))
        #expect(required == Set(TaskField.members(at: .tool).filter { !$0.member.omittable }.map(\.member.key)))
        #expect(properties["due"] == ["type": ["string", "null"]])
    }

    @Test func refusalsAndPendingResultsFitEveryTool() {
        let pending: JSONValue = ["ok": true, "status": "pending_approval", "approval_id": "a1", "message": "waits"]
        let refusal: JSONValue = ["ok": false, "error": "no task matches 'x'", "candidates": [["id": 1, "title": "A", "due": .null], ["id": 2, "title": "B page"]]]
        for tool in TaskToolkit.standardTools {
            #expect(SchemaValidator.problem(with: pending, against: tool.outputSchema) == nil)
            #expect(SchemaValidator.problem(with: refusal, against: tool.outputSchema) == nil)
            #expect(SchemaValidator.problem(with: ["ok": true, "status": "pending_approval"], against: tool.outputSchema) != nil)
        }
    }
}
