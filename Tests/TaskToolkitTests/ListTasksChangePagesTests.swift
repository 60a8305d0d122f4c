import Foundation
import Testing
import TaskCore
import TaskerTestSupport
@testable import TaskToolkit

/// A `changes_since` walk continued with `next_cursor` alone, as the docs say to: every page lists
/// done tasks too, as the first did, so a task completed since is not missed after the first page.
@Suite struct ListTasksChangePagesTests {
    @Test func everyPageOfChangesListsDoneTasksWithoutAFilter() throws {
        let f = try ToolkitFixture()
        for title in ["One", "Two", "Three", "Four"] { _ = try f.call("create_task", ["title": .string(title)]) }
        for id in [3, 4] { _ = try f.call("complete_task", ["id": .int(id)]) }
        f.base.clock.advance(minutes: 1)
        var page = try f.call("list_tasks", ["changes_since": "2026-01-01T00:00:00Z", "limit": 1])
        var seen: [Int] = []
        while true {
            #expect(page["filter"] == "all", "\(page.encoded())")
            seen += page["tasks"]?.arrayValue?.compactMap { $0["id"]?.intValue } ?? []
            guard page["has_more"] == true, let next = page["next_cursor"] else { break }
            page = try f.call("list_tasks", ["cursor": next, "limit": 1])
        }
        #expect(seen == [1, 2, 3, 4])
        let open = try f.call("list_tasks", ["cursor": try #require(try f.call("list_tasks", ["limit": 1])["next_cursor"]), "limit": 10])
        #expect(open["filter"] == "open" && open["tasks"]?.arrayValue?.compactMap { $0["id"]?.intValue } == [2], "a listing's cursor keeps open: \(open.encoded())")
    }
}
