import TaskCore
import Testing
@testable import TaskToolkit

/// A long page comes in ranges a context window can hold, each saying whether more follows.
@Suite struct ReadPageRangeTests {
    @Test func aLongBodyComesInRangesThatAddUpToIt() throws {
        let f = try ToolkitFixture()
        let body = (0..<1_000).map { "Line \($0) — ünïcode" }.joined(separator: "\n")
        _ = try f.call("create_page", ["title": "Handbook", "body": .string(body)])
        var read = ""
        var offset: Int? = 0
        var reads = 0
        while let from = offset {
            let result = try f.call("read_page", ["page": "Handbook", "offset": .int(from)])
            let part = try #require(result["page"]?["body"]?.stringValue)
            #expect(part.count <= ReadPage.defaultLength)
            #expect(result["body_chars"] == .int(body.count))
            #expect((result["has_more"] == true) == (result["next_offset"] != .null))
            read += part
            offset = result["next_offset"]?.intValue
            reads += 1
        }
        #expect(read == body && reads == (body.count + ReadPage.defaultLength - 1) / ReadPage.defaultLength)
        let tail = try f.call("read_page", ["page": "Handbook", "offset": 999_999, "length": 10])
        #expect(tail["page"]?["body"] == "" && tail["has_more"] == false, "past the end: an empty range, not an error")
        #expect(throws: ToolkitError.self) { try f.call("list_tasks", ["fields": ["colour"]]) }
    }
}
