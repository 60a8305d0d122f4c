import Foundation
import TaskCore
import Testing
@testable import TaskToolkit

/// create_template, list_templates and apply_template through the JSON door.
@Suite struct TemplateToolTests {
    static let fiveTasks: JSONValue = [
        ["title": "Book venue", "offset_days": -14, "time": "11:00", "priority": "high"],
        ["title": "Send invites", "offset_days": -7, "contexts": ["email"]],
        ["title": "Party", "offset_days": 0, "time": "19:30", "estimate_minutes": 240,
         "subtasks": [["title": "Buy cake"], ["title": "Set up chairs", "time": "18:00"]]],
        ["title": "Thank-you notes", "offset_days": 2],
    ]

    @Test func createListApplyOnFriday() throws {
        let f = try ToolkitFixture()
        let created = try f.call("create_template", ["name": "Birthday", "tasks": Self.fiveTasks, "project": "Birthday party"])
        #expect(created["ok"] == true)
        #expect(created["template"]?["task_count"]?.intValue == 6)
        let list = try f.call("list_templates")
        #expect(list["templates"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["weekly review", "trip packing", "new project", "Birthday"])
        #expect(list["templates"]?.arrayValue?.first?["builtin"] == true)

        let applied = try f.call("apply_template", ["name": "birthday", "date": "friday"])
        #expect(applied["ok"] == true)
        #expect(applied["anchor"] == "2026-12-04")
        #expect(applied["project"] == "Birthday party" && applied["project_created"] == true)
        let tasks = try #require(applied["tasks"]?.arrayValue)
        #expect(tasks.compactMap { $0["due"]?.stringValue } == [
            "2026-11-20T11:00:00+00:00", "2026-11-27T09:00:00+00:00", "2026-12-04T19:30:00+00:00",
            "2026-12-04T09:00:00+00:00", "2026-12-04T18:00:00+00:00", "2026-12-06T09:00:00+00:00",
        ])
        #expect(tasks[3]["parent"] == tasks[2]["id"])
        #expect(try f.call("list_tasks", ["project": "Birthday party"])["count"] == 6)
    }

    @Test func builtInAndDuplicateNamesAreRefusedWithoutReplace() throws {
        let f = try ToolkitFixture()
        let builtIn = try f.call("create_template", ["name": "Trip Packing", "tasks": [["title": "x", "offset_days": 0]], "replace": true])
        #expect(builtIn["ok"] == false)
        #expect(builtIn["error"]?.stringValue?.contains("built-in") == true)
        _ = try f.call("create_template", ["name": "Mine", "tasks": [["title": "x", "offset_days": 0]]])
        let again = try f.call("create_template", ["name": "mine", "tasks": [["title": "y", "offset_days": 1]]])
        #expect(again["ok"] == false && again["error"]?.stringValue?.contains("replace: true") == true)
        let replaced = try f.call("create_template", ["name": "mine", "tasks": [["title": "y", "offset_days": 1]], "replace": true])
        #expect(replaced["ok"] == true && replaced["replaced"] == true)
        #expect(try f.call("list_templates")["count"] == 4)
    }

    static let malformed: [(JSONValue, String)] = [
        (["name": "t"], "either tasks"),
        (["name": "t", "tasks": [["title": "a"]]], "offset_days"),
        (["name": "t", "tasks": [["title": "a", "offset_days": 0, "time": "7pm"]]], "HH:MM"),
        (["name": "t", "tasks": []], "at least one task"),
        (["name": "t", "tasks": [["title": "a", "offset_days": 0]], "from_project": "P"], "not both"),
        (["name": "t", "tasks": [["title": "a", "offset_days": 0, "subtasks": [["title": "b", "subtasks": []]]]]], "unknown argument"),
    ]

    @Test(arguments: malformed)
    func malformedTemplatesAreRefused(arguments: JSONValue, message: String) throws {
        let f = try ToolkitFixture()
        #expect {
            try f.call("create_template", arguments)
        } throws: { error in
            String(describing: error).contains(message)
        }
    }

    @Test func fromAProjectThenAppliedElsewhere() throws {
        let f = try ToolkitFixture()
        _ = try f.call("create_project", ["name": "Trip to Rome"])
        _ = try f.task(["title": "Book flights", "project": "Trip to Rome", "due": "2026-12-10T20:00"])
        _ = try f.task(["title": "Fly", "project": "Trip to Rome", "due": "2026-12-20T07:45"])
        let made = try f.call("create_template", ["name": "city trip", "from_project": "Trip to Rome"])
        #expect(made["template"]?["tasks"]?.arrayValue?.compactMap { $0["offset_days"]?.intValue } == [0, 10])
        let applied = try f.call("apply_template", ["name": "city trip", "date": "2027-03-20"])
        #expect(applied["tasks"]?.arrayValue?.compactMap { $0["due"]?.stringValue } == ["2027-03-20T20:00:00+00:00", "2027-03-30T07:45:00+01:00"])
        #expect(applied["project"] == .null)
    }

    @Test func unknownTemplateIsOkFalseAndUndoRemovesWhatApplyMade() throws {
        let f = try ToolkitFixture()
        #expect(try f.call("apply_template", ["name": "nope"])["ok"] == false)
        let call = ApplyTemplate(name: "weekly review", date: "2026-12-06")
        let output = try #require(try f.toolkit.run(call).output)
        #expect(output.application.tasks.count == 6)
        try #require(call.undo(after: output)).revert(in: f.toolkit.store)
        #expect(try f.call("list_tasks", ["filter": "all"])["count"] == 0)
    }
}
