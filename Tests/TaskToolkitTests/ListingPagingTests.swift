import Foundation
import TaskCore
import TaskStore
import TaskerTestSupport
import Testing
@testable import TaskToolkit

/// Every listing a page at a time (`ListPaging`): a cursor walk returns each item once, a default page
/// at scale stays under 2,000 tokens, and `changes_since` names deleted tasks and lists changed pages.
@Suite(.serialized) struct ListingPagingTests {
    /// A listing: its tool, extra arguments, and how to read one page's item names.
    struct Listing: Sendable, CustomTestStringConvertible {
        var tool: String
        var arguments: [String: JSONValue] = [:]
        var members: [String]
        var testDescription: String { tool }

        func names(_ result: JSONValue) -> [String] {
            members.flatMap { member in
                (result[member]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue ?? $0["title"]?.stringValue }
            }
        }
    }

    static let listings = [
        Listing(tool: "list_projects", members: ["projects"]),
        Listing(tool: "list_places", members: ["places"]),
        Listing(tool: "list_templates", members: ["templates"]),
        Listing(tool: "list_attachments", members: ["attachments"]),
        Listing(tool: "streaks", members: ["series", "projects", "contexts"]),
        Listing(tool: "search_pages", arguments: ["query": "ledger"], members: ["results"]),
        Listing(tool: "list_pages", members: ["pages"]),
    ]

    /// `count` of each kind of item: projects, places, templates, attachments, context streaks, pages.
    static func fixture(_ count: Int) throws -> ToolkitFixture {
        let f = try ToolkitFixture()
        let owner = try f.task(["title": "Holder"])
        for i in 0..<count {
            let name = "Item \(String(format: "%04d", i)) \(["alpha", "Beta", "gamma"][i % 3])"
            _ = try f.call("create_project", ["name": .string(name)])
            _ = try f.call("create_place", ["name": .string(name), "latitude": .double(51 + Double(i) / 1000), "longitude": 0])
            _ = try f.call("create_template", ["name": .string(name), "tasks": [["title": "First step", "offset_days": -1], ["title": "Second", "offset_days": 0]]])
            let path = f.directory.path("file-\(i).txt")
            _ = FileManager.default.createFile(atPath: path, contents: Data("file \(i)".utf8))
            _ = try f.call("attach_file", ["path": .string(path), "task": .int(owner), "name": .string(name)])
            let id = try f.task(["title": .string(name), "contexts": [.string("ctx\(i)")]])
            _ = try f.call("complete_task", ["id": .int(id)])
            _ = try f.call("create_page", ["title": .string(name), "body": "ledger of the kitchen works"])
        }
        return f
    }

    @Test(arguments: listings)
    func aCursorWalkReturnsEveryItemOnce(_ listing: Listing) throws {
        let f = try Self.fixture(23)
        let whole = listing.names(try f.call(listing.tool, .object(listing.arguments.merging(["limit": 100]) { a, _ in a })))
        var seen: [String] = []
        var cursor: JSONValue = .null
        var pages = 0
        repeat {
            var arguments = listing.arguments.merging(["limit": 5]) { a, _ in a }
            if cursor != .null { arguments["cursor"] = cursor }
            let page = try f.call(listing.tool, .object(arguments))
            seen += listing.names(page)
            cursor = page["next_cursor"] ?? .null
            #expect((page["has_more"] == true) == (cursor != .null), "\(listing.tool): has_more says what next_cursor does")
            pages += 1
        } while cursor != .null && pages < 100
        #expect(seen == whole, "\(listing.tool): the walk is the whole listing, in order, each once")
        #expect(Set(seen).count == seen.count && seen.count >= 23)
        #expect(throws: ToolkitError.self) { try f.call(listing.tool, .object(listing.arguments.merging(["cursor": "zz"]) { a, _ in a })) }
        #expect(throws: ToolkitError.self) { try f.call(listing.tool, .object(listing.arguments.merging(["limit": 0]) { a, _ in a })) }
    }

    @Test func aDefaultPageAtScaleStaysUnder2000Tokens() throws {
        try #require(VenvPython.isInstalled, "no .venv: run scripts/setup --with-tests")
        let f = try Self.fixture(150)
        for listing in Self.listings + [Listing(tool: "list_pages", arguments: ["changes_since": "2000-01-01T00:00:00Z"], members: ["pages"])] {
            let result = try f.call(listing.tool, .object(listing.arguments))
            #expect(result["has_more"] == true, "\(listing.tool): 150 items are more than a default page")
            let (o200k, cl100k) = try ListTasksPagingTests.tokens(result.encoded(), in: f.directory)
            print("\(listing.tool) \(JSONValue.object(listing.arguments).encoded()) default page at 150 items: \(o200k) o200k_base, \(cl100k) cl100k_base tokens")
            #expect(o200k <= 2_000 && cl100k <= 2_000, "\(listing.tool): \(o200k) / \(cl100k) tokens")
        }
    }

    @Test func changesSinceNamesDeletedTasksOnceInTheOrderTheyWent() throws {
        let f = try ToolkitFixture()
        let a = try f.task(["title": "A"]), b = try f.task(["title": "B"]), c = try f.task(["title": "C"])
        f.base.clock.advance(minutes: 1)
        let since = try #require(try f.call("list_tasks", [:])["changes_cursor"])
        f.base.clock.advance(minutes: 1)
        _ = try f.call("delete_task", ["id": .int(c)])  // the highest id: the next task takes it again
        let d = try f.task(["title": "D"])
        #expect(d == c, "SQLite gives the deleted highest id to the next task")
        f.base.clock.advance(minutes: 1)
        _ = try f.call("delete_task", ["id": .int(b)])
        _ = try f.call("update_task", ["id": .int(a), "priority": "high"])
        f.base.clock.advance(minutes: 1)
        let all = try f.call("list_tasks", ["changes_since": since])
        #expect(all["deleted"] == [.int(c), .int(b)] && all["tasks"]?.arrayValue?.compactMap { $0["title"]?.stringValue } == ["D", "A"])
        // One at a time, by second then id: the deletion of id c comes before task D that took its id in
        // the same second; a second later task A (a lower id) before the deletion of b.
        var events: [String] = []
        var cursor: JSONValue = since
        var key = "changes_since"
        repeat {
            let page = try f.call("list_tasks", .object([key: cursor, "limit": 1]))
            events += (page["deleted"]?.arrayValue ?? []).map { "deleted \($0.intValue ?? 0)" }
            events += (page["tasks"]?.arrayValue ?? []).map { "changed \($0["title"]?.stringValue ?? "")" }
            cursor = page["next_cursor"] ?? .null
            key = "cursor"
        } while cursor != .null
        #expect(events == ["deleted \(c)", "changed D", "changed A", "deleted \(b)"])
        let quiet = try f.call("list_tasks", ["changes_since": try #require(all["changes_cursor"])])
        #expect(quiet["deleted"] == [] && quiet["count"] == 0)
        #expect(try f.call("list_tasks", [:])["deleted"] == nil, "only a changes listing says what was deleted")
    }

    @Test func listPagesChangesSinceListsPagesMadeOrEditedSince() throws {
        let f = try ToolkitFixture()
        _ = try f.call("create_page", ["title": "Old"])
        _ = try f.call("create_page", ["title": "Edited"])
        f.base.clock.advance(minutes: 1)  // a change in the second a cursor is handed out may come again
        let since = try #require(try f.call("list_pages", [:])["changes_cursor"])
        f.base.clock.advance(minutes: 1)
        _ = try f.call("append_to_page", ["page": "Edited", "markdown": "more"])
        _ = try f.call("create_page", ["title": "New"])
        f.base.clock.advance(minutes: 1)
        let changes = try f.call("list_pages", ["changes_since": since])
        #expect(changes["pages"]?.arrayValue?.compactMap { $0["title"]?.stringValue } == ["Edited", "New"] && changes["has_more"] == false)
        let first = try f.call("list_pages", ["changes_since": since, "limit": 1])
        #expect(first["has_more"] == true)
        let second = try f.call("list_pages", ["cursor": try #require(first["next_cursor"]), "limit": 1])
        #expect(second["pages"]?.arrayValue?.first?["title"] == "New" && second["next_cursor"] == .null)
        #expect(throws: ToolkitError.self) { try f.call("list_pages", ["changes_since": since, "space": "Personal"]) }
        #expect(try f.call("list_pages", ["changes_since": try #require(changes["changes_cursor"])])["count"] == 0)
    }
}
