import Foundation
import Testing
import TaskCore
import TaskStore
@testable import TaskIO

@Suite struct RecordImporterTests {
    let uuid = "0b0e5f6a-1c2d-4e3f-8a9b-0c1d2e3f4a5b"

    func task(_ title: String, modified: String, _ edit: (inout TaskRecord) -> Void = { _ in }) -> TaskRecord {
        var t = TaskRecord(uuid: uuid, title: title, created: at("2026-03-01T10:00"), modified: at(modified))
        edit(&t)
        return t
    }

    @Test func mergeNewerWinsAndNeverDropsAField() throws {
        let f = try IOFixture()
        let here = task("Here", modified: "2026-03-05T10:00") {
            $0.due = at("2026-03-20T09:00")
            $0.contexts = ["home"]
            $0.extras = ["keep": "me"]
        }
        try RecordSets(f.store).writeRecords(RecordSet(tasks: [here]))
        let newer = task("Newer", modified: "2026-03-06T10:00") { $0.priority = .high; $0.extras = ["more": 1] }
        let report = try RecordImporter(store: f.store, source: "t").apply(RecordSet(tasks: [newer]), mode: .merge)
        #expect(report.updated == 1)
        let merged = try require(try RecordSets(f.store).records().tasks.first)
        #expect(merged.title == "Newer" && merged.priority == .high)
        #expect(merged.due == at("2026-03-20T09:00") && merged.contexts == ["home"])
        #expect(merged.extras == ["keep": "me", "more": 1])
        #expect(merged.modified == at("2026-03-06T10:00") && merged.created == at("2026-03-01T10:00"))

        let older = task("Older", modified: "2026-03-01T10:00") { $0.notes = "from the old copy" }
        _ = try RecordImporter(store: f.store, source: "t").apply(RecordSet(tasks: [older]), mode: .merge)
        let kept = try require(try RecordSets(f.store).records().tasks.first)
        #expect(kept.title == "Newer" && kept.notes == "from the old copy")
    }

    @Test func replaceAndSkip() throws {
        let f = try IOFixture()
        try RecordSets(f.store).writeRecords(RecordSet(tasks: [task("Here", modified: "2026-03-05T10:00") { $0.due = at("2026-03-20T09:00") }]))
        let skip = try RecordImporter(store: f.store, source: "t").apply(RecordSet(tasks: [task("Other", modified: "2026-03-09T10:00")]), mode: .skip)
        let title = try RecordSets(f.store).records().tasks.first?.title
        #expect(skip.skipped == 1 && title == "Here")
        _ = try RecordImporter(store: f.store, source: "t").apply(RecordSet(tasks: [task("Other", modified: "2026-03-01T10:00")]), mode: .replace)
        let replaced = try require(try RecordSets(f.store).records().tasks.first)
        #expect(replaced.title == "Other" && replaced.due == nil)
    }

    @Test func dryRunReportsAndWritesNothing() throws {
        let f = try IOFixture()
        let before = try RecordSets(f.store).records()
        let report = try RecordImporter(store: f.store, source: "t").apply(RecordSet(tasks: [task("New", modified: "2026-03-05T10:00")]), mode: .merge, dryRun: true)
        #expect(report.added == 1 && report.dryRun)
        #expect(try RecordSets(f.store).records() == before)
    }

    @Test func aMissingReferenceNamesTheRecordAndImportsNothing() throws {
        let f = try IOFixture()
        let before = try RecordSets(f.store).records()
        let a = task("A", modified: "2026-03-05T10:00")
        var b = TaskRecord(uuid: "1b0e5f6a-1c2d-4e3f-8a9b-0c1d2e3f4a5b", title: "B", created: at("2026-03-01T10:00"), modified: at("2026-03-01T10:00"))
        b.project = "2b0e5f6a-1c2d-4e3f-8a9b-0c1d2e3f4a5b"
        let importer = RecordImporter(store: f.store, source: "x.unkt", locations: [b.uuid: "tasks.jsonl line 2"])
        #expect(throws: IOError.self) { try importer.apply(RecordSet(tasks: [a, b]), mode: .merge) }
        do {
            _ = try importer.apply(RecordSet(tasks: [a, b]), mode: .merge)
        } catch {
            #expect("\(error)".contains("x.unkt, tasks.jsonl line 2") && "\(error)".contains("field project"))
        }
        #expect(try RecordSets(f.store).records() == before)
    }
}
