import Foundation
import Testing
import TaskCore
import TaskStore
@testable import TaskToolkit

@Suite struct TaskToolTests {
    @Test func captureSavesTheParsedTaskAndDryRunSavesNothing() throws {
        let f = try ToolkitFixture()
        let dry = try f.call("capture_task", ["text": "call mom tomorrow 5pm #family !high ~15m", "dry_run": true])
        #expect(dry["ok"] == true)
        #expect(dry["dry_run"] == true)
        #expect(dry["draft"]?["title"] == "Call mom")
        #expect(dry["draft"]?["due"] == "2026-12-03T17:00:00+00:00")
        #expect(dry["understood"] == ["High", "≈15 min", "#family", "Tomorrow, 5:00 PM", "Call"])
        #expect(try f.call("list_tasks", ["filter": "all"])["count"] == 0)

        let saved = try f.call("capture_task", ["text": "call mom tomorrow 5pm #family !high ~15m"])
        let task = try #require(saved["task"])
        #expect(task["title"] == "Call mom")
        #expect(task["priority"] == "high")
        #expect(task["estimate_minutes"] == 15)
        #expect(task["contexts"] == ["family"])
        #expect(task["kind"] == "call")
        #expect(task["list"] == "Inbox")
        #expect(try f.call("list_tasks", ["filter": "all"])["count"] == 1)
    }

    @Test func captureIntoAMissingProjectIsOkFalseAndSavesNothing() throws {
        let f = try ToolkitFixture()
        let result = try f.call("capture_task", ["text": "buy tiles", "project": "Kitchen"])
        #expect(result["ok"] == false)
        #expect(result["error"]?.stringValue?.contains("Kitchen") == true)
        #expect(try f.call("list_tasks", ["filter": "all"])["count"] == 0)
    }

    @Test func createTaskAcceptsIsoAndNaturalDates() throws {
        let f = try ToolkitFixture()
        let iso = try f.call("create_task", ["title": "Dentist", "due": "2026-12-04T15:00"])
        #expect(iso["task"]?["due"] == "2026-12-04T15:00:00+00:00")
        let words = try f.call("create_task", ["title": "Report", "due": "friday 3pm", "defer_until": "2026-12-03"])
        #expect(words["task"]?["due"] == "2026-12-04T15:00:00+00:00")
        #expect(words["task"]?["defer_until"] == "2026-12-03")
    }

    @Test(arguments: ["2026-02-30", "flurb", "2026-13-01T10:00"])
    func createTaskRejectsDatesThatDoNotExist(_ due: String) throws {
        let f = try ToolkitFixture()
        #expect(throws: ToolkitError.self) { try f.call("create_task", ["title": "x", "due": .string(due)]) }
        #expect(try f.call("list_tasks", ["filter": "all"])["count"] == 0)
    }

    @Test func listFilters() throws {
        let f = try ToolkitFixture()
        _ = try f.task(["title": "Overdue", "due": "2026-12-01T09:00"])
        _ = try f.task(["title": "Today", "due": "2026-12-02T17:00", "contexts": ["#Errands"]])
        _ = try f.task(["title": "Later", "due": "2026-12-20T09:00"])
        _ = try f.task(["title": "Waiting on Bob", "kind": "waiting"])
        _ = try f.task(["title": "Deferred", "defer_until": "2026-12-10"])
        let done = try f.task(["title": "Done already"])
        _ = try f.call("complete_task", ["id": .int(done)])

        func titles(_ args: JSONValue) throws -> [String] {
            try f.call("list_tasks", args)["tasks"]?.arrayValue?.compactMap { $0["title"]?.stringValue } ?? []
        }
        #expect(Set(try titles(["filter": "today"])) == ["Overdue", "Today"])
        #expect(try titles(["filter": "overdue"]) == ["Overdue"])
        #expect(try titles(["filter": "waiting"]) == ["Waiting on Bob"])
        #expect(Set(try titles(["filter": "available"])) == ["Overdue", "Today", "Later"])
        #expect(try titles(["filter": "open"]).count == 5)
        #expect(try titles(["filter": "all"]).count == 6)
        #expect(try titles(["context": "@errands"]) == ["Today"])
        #expect(try titles(["filter": "open", "limit": 2]).count == 2)
    }

    @Test func completeByTitleAndAmbiguityListsCandidates() throws {
        let f = try ToolkitFixture()
        _ = try f.task(["title": "Call mom"])
        _ = try f.task(["title": "Call the bank"])
        let ambiguous = try f.call("complete_task", ["title": "call"])
        #expect(ambiguous["ok"] == false)
        #expect(ambiguous["candidates"]?.arrayValue?.count == 2)
        let missing = try f.call("complete_task", ["title": "walk the dog"])
        #expect(missing["ok"] == false)
        #expect(try f.call("complete_task", ["id": 999])["ok"] == false)
        let done = try f.call("complete_task", ["title": "CALL MOM"])
        #expect(done["ok"] == true)
        #expect(done["task"]?["status"] == "done")
        #expect(try f.call("list_tasks")["count"] == 1)
    }

    @Test func completeRecurringCreatesTheNextOccurrence() throws {
        let f = try ToolkitFixture()
        let id = try f.task(["title": "Water plants", "due": "2026-12-02T09:00", "recurrence": ["frequency": "daily"]])
        let result = try f.call("complete_task", ["id": .int(id)])
        #expect(result["task"]?["status"] == "done")
        let next = try #require(result["next"])
        #expect(next["title"] == "Water plants")
        #expect(next["status"] == "open")
        #expect(next["due"] == "2026-12-03T09:00:00+00:00")
        #expect(try f.call("list_tasks", ["filter": "all"])["count"] == 2)
    }

    @Test func missingIdAndTitleIsAMalformedCall() throws {
        let f = try ToolkitFixture()
        #expect(throws: ToolkitError.self) { try f.call("complete_task", [:]) }
        #expect(throws: ToolkitError.self) { try f.call("reschedule_task", ["due": "friday"]) }
    }

    @Test func rescheduleAndDefer() throws {
        let f = try ToolkitFixture()
        let id = try f.task(["title": "Dentist", "due": "2026-12-03T09:00"])
        let moved = try f.call("reschedule_task", ["title": "dentist", "due": "friday 3pm"])
        #expect(moved["task"]?["due"] == "2026-12-04T15:00:00+00:00")
        #expect(moved["previous_due"] == "2026-12-03T09:00:00+00:00")
        let cleared = try f.call("reschedule_task", ["id": .int(id), "due": nil])
        #expect(cleared["task"]?["due"] == .null)
        let deferred = try f.call("defer_task", ["id": .int(id), "until": "monday"])
        #expect(deferred["task"]?["defer_until"] == "2026-12-07")
        #expect(try f.call("list_tasks", ["filter": "available"])["count"] == 0)
        _ = try f.call("defer_task", ["id": .int(id), "until": nil])
        #expect(try f.call("list_tasks", ["filter": "available"])["count"] == 1)
    }

    @Test func subtasksNeedAnExistingParent() throws {
        let f = try ToolkitFixture()
        let parent = try f.task(["title": "Kitchen"])
        let child = try f.task(["title": "Tiles", "parent": .int(parent)])
        #expect(try Tasks(f.toolkit.store).subtasks(of: TaskID(Int64(parent))).map(\.id.rawValue) == [Int64(child)])
        let bad = try f.call("create_task", ["title": "Orphan", "parent": 12345])
        #expect(bad["ok"] == false)
    }

    @Test func anEmptyDateIsRefusedNotReadAsClear() throws {
        let f = try ToolkitFixture()
        let id = try f.task(["title": "Dentist", "due": "2026-12-03T09:00"])
        for blank in ["", "   "] {
            #expect(throws: ToolkitError.self) { try f.call("reschedule_task", ["id": .int(id), "due": .string(blank)]) }
            #expect(throws: ToolkitError.self) { try f.call("defer_task", ["id": .int(id), "until": .string(blank)]) }
            #expect(throws: ToolkitError.self) { try f.call("create_task", ["title": "x", "due": .string(blank)]) }
        }
        #expect(try f.call("list_tasks")["tasks"]?.arrayValue?.first?["due"] == "2026-12-03T09:00:00+00:00")
    }

    @Test func aDoneTaskIsNotMovedOrDeferredById() throws {
        let f = try ToolkitFixture()
        let id = try f.task(["title": "Dentist", "due": "2026-12-03T09:00"])
        _ = try f.call("complete_task", ["id": .int(id)])
        let moved = try f.call("reschedule_task", ["id": .int(id), "due": "friday"])
        #expect(moved["ok"] == false)
        #expect(moved["error"]?.stringValue?.contains("already done") == true)
        #expect(try f.call("defer_task", ["id": .int(id), "until": "monday"])["ok"] == false)
        #expect(try f.call("complete_task", ["id": .int(id)])["ok"] == false)
    }
}
