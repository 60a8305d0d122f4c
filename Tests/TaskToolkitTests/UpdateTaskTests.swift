import Foundation
import Testing
import TaskCore
import TaskStore
@testable import TaskToolkit

/// `update_task` on every field, null clearing, context adjustments, undo, and its schema.
@Suite struct UpdateTaskTests {
    /// A task with every optional field set, and a second one to be its parent.
    func seeded(_ f: ToolkitFixture) throws -> (task: Int, parent: Int) {
        _ = try f.call("create_project", ["name": "Kitchen"])
        _ = try f.call("create_project", ["name": "Garden"])
        _ = try Projects(f.toolkit.store).createList(name: "Errands")
        let parent = try f.task(["title": "Renovate"])
        let task = try f.task([
            "title": "Buy tiles", "notes": "white, 20x20", "due": "2026-12-04T15:00", "priority": "high",
            "estimate_minutes": 45, "energy": "quick", "contexts": ["errands", "car"], "kind": "errand",
            "project": "Kitchen", "parent": .int(parent), "recurrence": ["frequency": "weekly"], "defer_until": "2026-12-03",
        ])
        return (task, parent)
    }

    struct FieldCase: Sendable, CustomTestStringConvertible {
        let arguments: JSONValue
        let field: String
        let expected: JSONValue
        var testDescription: String { arguments.encoded() }
    }

    static let fields: [FieldCase] = [
        FieldCase(arguments: ["new_title": "Buy floor tiles"], field: "title", expected: "Buy floor tiles"),
        FieldCase(arguments: ["notes": "grey, 30x30"], field: "notes", expected: "grey, 30x30"),
        FieldCase(arguments: ["priority": "low"], field: "priority", expected: "low"),
        FieldCase(arguments: ["estimate_minutes": 90], field: "estimate_minutes", expected: 90),
        FieldCase(arguments: ["energy": "deep"], field: "energy", expected: "deep"),
        FieldCase(arguments: ["contexts": ["#Shop"]], field: "contexts", expected: ["shop"]),
        FieldCase(arguments: ["kind": "call"], field: "kind", expected: "call"),
        FieldCase(arguments: ["project": "Garden"], field: "project", expected: "Garden"),
        FieldCase(arguments: ["list": "Errands"], field: "list", expected: "Errands"),
        FieldCase(arguments: ["due": "friday 5pm"], field: "due", expected: "2026-12-04T17:00:00+00:00"),
        FieldCase(arguments: ["defer_until": "2026-12-05"], field: "defer_until", expected: "2026-12-05"),
        FieldCase(arguments: ["recurrence": ["frequency": "daily", "interval": 2]], field: "recurrence",
                  expected: ["frequency": "daily", "interval": 2, "weekdays": []]),
        // null clears each optional field
        FieldCase(arguments: ["notes": .null], field: "notes", expected: .null),
        FieldCase(arguments: ["due": .null], field: "due", expected: .null),
        FieldCase(arguments: ["estimate_minutes": .null], field: "estimate_minutes", expected: .null),
        FieldCase(arguments: ["energy": .null], field: "energy", expected: .null),
        FieldCase(arguments: ["kind": .null], field: "kind", expected: .null),
        FieldCase(arguments: ["project": .null], field: "project", expected: .null),
        FieldCase(arguments: ["parent": .null], field: "parent", expected: .null),
        FieldCase(arguments: ["recurrence": .null], field: "recurrence", expected: .null),
        FieldCase(arguments: ["defer_until": .null], field: "defer_until", expected: .null),
        FieldCase(arguments: ["contexts": .null], field: "contexts", expected: []),
        FieldCase(arguments: ["add_contexts": ["@Phone", "car"]], field: "contexts", expected: ["errands", "car", "phone"]),
        FieldCase(arguments: ["remove_contexts": ["#errands"]], field: "contexts", expected: ["car"]),
    ]

    @Test(arguments: fields)
    func everyFieldChangesAndOnlyIt(_ c: FieldCase) throws {
        let f = try ToolkitFixture()
        let (id, _) = try seeded(f)
        let before = try #require(f.call("list_tasks", ["filter": "all", "fields": ["all"]])["tasks"]?.arrayValue?.first { $0["id"] == .int(id) })
        var arguments = c.arguments.objectValue ?? [:]
        arguments["id"] = .int(id)
        let call = try #require(try f.toolkit.prepare("update_task", .object(arguments)) as? UpdateTask)
        let outcome = try f.toolkit.run(call)
        let result = outcome.json(f.toolkit.format)
        #expect(result["ok"] == true, "\(result.encoded())")
        let task = try #require(result["task"])
        #expect(task[c.field] == c.expected)
        #expect(result["previous"]?[c.field] == before[c.field], "previous holds the old value")
        for key in ["title", "notes", "due", "priority", "estimate_minutes", "energy", "contexts", "kind", "project", "list",
                    "parent", "recurrence", "defer_until"] where key != c.field {
            #expect(task[key] == before[key], "\(key) is left alone")
        }
        // Undo restores the previous values.
        let output = try #require(outcome.output)
        try #require(call.undo(after: output)).revert(in: f.toolkit.store)
        let restored = f.toolkit.format.task(try Tasks(f.toolkit.store).task(TaskID(Int64(id))))
        for key in ["title", "notes", "due", "priority", "estimate_minutes", "energy", "contexts", "kind", "project", "list",
                    "parent", "recurrence", "defer_until"] {
            #expect(restored[key] == before[key], "undo restores \(key)")
        }
    }

    @Test func targetByTitleAndParentByTitle() throws {
        let f = try ToolkitFixture()
        _ = try f.task(["title": "Kitchen renovation"])
        _ = try f.task(["title": "Call the plumber"])
        let result = try f.call("update_task", ["title": "plumber", "parent": "kitchen", "priority": "critical"])
        #expect(result["task"]?["parent"] == 1)
        #expect(result["task"]?["priority"] == "critical")
        let preview = try f.toolkit.preview(try UpdateTask(ToolArguments(tool: "update_task", values: ["title": "plumber", "new_title": "Call Bob"])))
        #expect(preview == .ready("Update #2 'Call the plumber': title 'Call Bob'"), "the preview names the resolved task")
    }

    @Test func ambiguousAndUnknownTargetsAreRefused() throws {
        let f = try ToolkitFixture()
        _ = try f.task(["title": "Call mom"])
        _ = try f.task(["title": "Call dad"])
        let ambiguous = try f.call("update_task", ["title": "call", "priority": "high"])
        #expect(ambiguous["ok"] == false)
        #expect(ambiguous["candidates"]?.arrayValue?.count == 2)
        let missing = try f.call("update_task", ["title": "dentist", "priority": "high"])
        #expect(missing["ok"] == false)
        #expect(missing["error"]?.stringValue?.contains("no open task matches 'dentist'") == true)
        let noParent = try f.call("update_task", ["title": "mom", "parent": "nothing like it"])
        #expect(noParent["error"]?.stringValue?.hasPrefix("parent: no open task matches") == true)
        #expect(try f.call("list_tasks", ["filter": "all", "fields": ["all"]])["tasks"]?.arrayValue?.allSatisfy { $0["priority"] == "normal" } == true)
    }

    @Test func aCallThatChangesNothingIsMalformed() throws {
        let f = try ToolkitFixture()
        _ = try f.task(["title": "Call mom"])
        #expect(throws: ToolkitError.self) { try f.call("update_task", ["id": 1]) }
        #expect(throws: ToolkitError.self) { try f.call("update_task", ["id": 1, "list": .null]) }
        #expect(throws: ToolkitError.self) { try f.call("update_task", ["id": 1, "priority": .null]) }
    }

    @Test func aParentLoopIsRefusedNamingIt() throws {
        let f = try ToolkitFixture()
        let a = try f.task(["title": "A"])
        let b = try f.task(["title": "B", "parent": .int(a)])
        let result = try f.call("update_task", ["id": .int(a), "parent": .int(b)])
        #expect(result["ok"] == false)
        #expect(result["error"]?.stringValue?.contains("#\(a) → #\(b) → #\(a)") == true, "\(result.encoded())")
        let own = try f.call("update_task", ["id": .int(a), "parent": .int(a)])
        #expect(own["error"]?.stringValue?.contains("#\(a) → #\(a)") == true)
    }

    @Test func schemaReusesCreateTasksFieldsNullableWhereClearable() {
        let properties = UpdateTask.definition.inputSchema["properties"]?.objectValue ?? [:]
        #expect(properties["priority"] == CreateTask.properties["priority"])
        #expect(properties["energy"]?["enum"]?.arrayValue?.contains(.null) == true)
        #expect(properties["notes"]?["type"] == ["string", "null"])
        #expect(properties["parent"]?["type"] == ["integer", "string", "null"])
        #expect(properties["list"]?["type"] == "string", "a task is always in a list")
        #expect(UpdateTask.definition.inputSchema["required"] == nil, "nothing required: an empty list is left out")
    }
}

