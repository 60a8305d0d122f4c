import TaskCore
import Testing
@testable import TaskToolkit

/// `list_pages` a page at a time, by title, continuing by keyset; `search_pages` says when more match.
@Suite struct ListPagesPagingTests {
    @Test func aCursorWalkSeesEveryPageOnceWhilePagesAreAdded() throws {
        let f = try ToolkitFixture()
        for i in 0..<25 { _ = try f.call("create_page", ["title": .string("Note \(1000 + i)"), "body": "rent and more"]) }
        var titles: [String] = []
        var cursor: JSONValue = .null
        var added = 0
        repeat {
            var arguments: [String: JSONValue] = ["limit": 10]
            if cursor != .null { arguments["cursor"] = cursor }
            let page = try f.call("list_pages", .object(arguments))
            titles += page["pages"]?.arrayValue?.compactMap { $0["title"]?.stringValue } ?? []
            cursor = page["next_cursor"] ?? .null
            #expect((page["has_more"] == true) == (cursor != .null))
            // A page added before the cursor is not seen; one after it is, once.
            _ = try f.call("create_page", ["title": .string("Note 0\(added)")])
            _ = try f.call("create_page", ["title": .string("Note 9\(added)")])
            added += 1
        } while cursor != .null
        #expect(Set(titles).count == titles.count, "no page twice")
        #expect(Set((0..<25).map { "Note \(1000 + $0)" }).isSubset(of: Set(titles)))
        #expect(throws: ToolkitError.self) { try f.call("list_pages", ["cursor": "nope"]) }
        let search = try f.call("search_pages", ["query": "rent", "limit": 5])
        #expect(search["count"] == 5 && search["has_more"] == true)
        #expect(try f.call("search_pages", ["query": "rent", "limit": 100])["has_more"] == false)
    }
}
