import Foundation
import Testing
import TaskCore
import TaskerTestSupport
@testable import TaskToolkit

@Suite struct ExportImportToolTests {
    @Test func exportInlineThenBundleThenImportIntoAnotherDatabase() throws {
        let f = try ToolkitFixture()
        _ = try f.task(["title": "Pay rent", "priority": "high"])
        _ = try f.task(["title": "Call mom"])
        let inline = try f.call("export_tasks", ["format": "json", "filter": "open"])
        #expect(inline["ok"] == true && inline["count"] == 2)
        #expect(Set(inline["tasks"]?.arrayValue?.compactMap { $0["title"]?.stringValue } ?? []) == ["Pay rent", "Call mom"])

        let path = f.directory.path("all.unkt")
        let bundle = try f.call("export_tasks", ["format": "unkt", "path": .string(path)])
        #expect(bundle["ok"] == true && bundle["path"] == .string(path))

        let other = try ToolkitFixture()
        let dry = try other.call("import_tasks", ["path": .string(path), "dry_run": true])
        #expect(dry["ok"] == true && dry["dry_run"] == true && dry["added"] == 3)  // two tasks and the Personal space
        #expect(try other.call("list_tasks", ["filter": "all"])["count"] == 0)
        let done = try other.call("import_tasks", ["path": .string(path)])
        #expect(done["added"] == 3)
        #expect(try other.call("list_tasks", ["filter": "all"])["count"] == 2)
    }

    @Test func aBadFileIsARefusalNamingIt() throws {
        let f = try ToolkitFixture()
        let path = f.directory.path("nope.unkt")
        try Data("not a zip".utf8).write(to: URL(fileURLWithPath: path))
        let result = try f.call("import_tasks", ["path": .string(path)])
        #expect(result["ok"] == false)
        #expect(result["error"]?.stringValue?.contains("nope.unkt") == true)
    }

    @Test func annotations() throws {
        let export = try #require(TaskToolkit.definition(named: "export_tasks"))
        let importer = try #require(TaskToolkit.definition(named: "import_tasks"))
        #expect(export.readOnly && !export.destructive)
        #expect(!importer.readOnly && importer.destructive)
    }
}
