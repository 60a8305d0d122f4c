import Foundation
import TaskCore
import Testing
@testable import TaskToolkit

/// Issue 9, item 3: names and titles are trimmed; Markdown notes, page bodies and additions are not.
@Suite struct ExactTextTests {
    @Test func titlesAreTrimmedAndNotesAreKeptExactly() throws {
        let f = try ToolkitFixture()
        let notes = "  - indented list\n\n    code block\n"
        let result = try f.call("create_task", ["title": "  spaced  ", "notes": .string(notes)])
        #expect(result["task"]?["title"] == "spaced")
        #expect(result["task"]?["notes"] == .string(notes))
        let listed = try f.call("list_tasks", ["filter": "all", "fields": ["all"]])
        #expect(listed["tasks"]?.arrayValue?.first?["notes"] == .string(notes), "stored as sent, not only echoed")
    }

    @Test func pageBodiesAndAdditionsAreKeptExactly() throws {
        let f = try ToolkitFixture()
        let body = "    indented code\n"
        try f.call("create_page", ["title": " Ideas ", "body": .string(body)])
        try f.call("append_to_page", ["page": "Ideas", "markdown": "  - trailing  \n"])
        let page = try f.call("read_page", ["page": "Ideas"])["page"]
        #expect(page?["title"] == "Ideas")
        #expect(page?["body"]?.stringValue?.hasPrefix(body) == true)
        #expect(page?["body"]?.stringValue?.hasSuffix("  - trailing  \n") == true)
    }
}
