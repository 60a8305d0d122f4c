import Foundation
import Testing
import TaskCore
import TaskStore
import TaskerTestSupport
@testable import TaskIO

/// Attachments in .unkt bundles: `attachments.jsonl` (the links) and `attachments/<sha256>` (the
/// bytes, once per content), checked on import like every other entry.
@Suite struct BundleAttachmentTests {
    let created = at("2026-03-10T12:00")

    /// A seeded database with three attachments (two of them the same bytes) on a task and a page.
    func seeded() throws -> IOFixture {
        let f = try IOFixture.seeded()
        let task = try #require(try Tasks(f.store).tasks(TaskQuery(filter: .all)).first { $0.title == "Pack books" })
        let pageID = try #require(try Pages(f.store).pages().first).id
        try f.attach("a list of every book", name: "books.txt", to: .task(task.id))
        try f.attach("floor plan bytes", name: "plan.pdf", to: .page(pageID))
        try f.attach("floor plan bytes", name: "plan copy.pdf", to: .task(task.id))
        return f
    }

    @Test func attachmentsTravelByHashAndComeBackIdentical() throws {
        let f = try seeded()
        let first = f.dir.path("first.unkt")
        try UnktBundle.write(try RecordSets(f.store).records(), to: first, generator: "test", created: created, objects: f.objects)
        let zip = try ZipArchive(reading: first, source: "first.unkt")
        let names = try zip.entries().map(\.name)
        let hashes = ["a list of every book", "floor plan bytes"].map { SHA256.hex(Array($0.utf8)) }.sorted()
        #expect(names.contains("attachments.jsonl"))
        #expect(names.filter { $0.hasPrefix("attachments/") } == hashes.map { "attachments/" + $0 }, "each content once")

        let fresh = try IOFixture(now: at("2026-04-01T08:00"), name: "fresh.sqlite")
        let read = try UnktBundle.read(path: first, objects: fresh.objects)
        #expect(read.records.attachments.count == 3 && read.staged.count == 2)
        let report = try RecordImporter(store: fresh.store, source: "first.unkt", locations: read.locations)
            .apply(read.records, mode: .merge, objects: fresh.objects, staged: read.staged)
        #expect(report.added == read.records.count)
        #expect(try fresh.objects.hashes() == hashes)
        #expect(try Attachments(fresh.store).verifyObjects(objects: fresh.objects).intact == 2)
        let attached = try Attachments(fresh.store).attachments()
        #expect(Set(attached.map(\.name)) == ["books.txt", "plan.pdf", "plan copy.pdf"])
        #expect(try RecordSets(f.store).records().attachments == RecordSets(fresh.store).records().attachments)

        let second = fresh.dir.path("second.unkt")
        try UnktBundle.write(try RecordSets(fresh.store).records(), to: second, generator: "test", created: created, objects: fresh.objects)
        #expect(try Data(contentsOf: URL(fileURLWithPath: first)) == Data(contentsOf: URL(fileURLWithPath: second)))
        // Again: nothing changes.
        let twice = try UnktBundle.read(path: first, objects: fresh.objects)
        let again = try RecordImporter(store: fresh.store, source: "first.unkt").apply(twice.records, mode: .merge, objects: fresh.objects, staged: twice.staged)
        #expect(again.added == 0 && again.updated == 0)
    }

    @Test func aDryRunPutsNoBytesInPlace() throws {
        let f = try seeded()
        let path = f.dir.path("b.unkt")
        try UnktBundle.write(try RecordSets(f.store).records(), to: path, generator: "test", created: created, objects: f.objects)
        let fresh = try IOFixture(name: "fresh.sqlite")
        var read: ImportedRecords? = try UnktBundle.read(path: path, objects: fresh.objects)
        let report = try RecordImporter(store: fresh.store, source: "b.unkt").apply(read!.records, mode: .merge, dryRun: true, objects: fresh.objects, staged: read!.staged)
        #expect(report.dryRun && report.added > 0)
        read = nil
        #expect(try fresh.objects.hashes().isEmpty)
        #expect((try? FileManager.default.contentsOfDirectory(atPath: fresh.objects.directory + "/tmp")) ?? [] == [])
    }

    /// Altered bytes, an entry not named by its hash, and a link to bytes the bundle lacks are each
    /// refused before anything is written: no record, no object, no temporary file.
    @Test(arguments: ["altered", "misnamed", "unlinked-bytes", "missing-bytes"])
    func hostileAttachmentsAreRefusedWithNothingWritten(_ how: String) throws {
        let f = try seeded()
        let good = f.dir.path("good.unkt")
        try UnktBundle.write(try RecordSets(f.store).records(), to: good, generator: "test", created: created, objects: f.objects)
        let zip = try ZipArchive(reading: good, source: "good.unkt")
        var entries: [(name: String, bytes: [UInt8])] = []
        for entry in try zip.entries() { entries.append((entry.name, try zip.data(entry, limit: 1 << 20))) }
        var manifest = try BundleManifest(json: try JSONValue.parse(String(decoding: entries[0].bytes, as: UTF8.self)))
        let book = SHA256.hex(Array("a list of every book".utf8))
        let index = try #require(entries.firstIndex { $0.name == "attachments/" + book })
        let expected: String
        switch how {
        case "altered":
            entries[index].bytes = Array("a list of every boot".utf8)
            expected = "entry attachments/\(book): its SHA-256 does not match manifest.json"
        case "misnamed":
            let other = String(repeating: "a", count: 64)
            entries[index].name = "attachments/" + other
            manifest.files = manifest.files.map { $0.path == "attachments/" + book ? .init(path: "attachments/" + other, size: $0.size, sha256: book) : $0 }
            expected = "an attachment entry must be named by its SHA-256"
        case "unlinked-bytes":
            let jsonl = try #require(entries.firstIndex { $0.name == "attachments.jsonl" })
            let kept = String(decoding: entries[jsonl].bytes, as: UTF8.self).split(separator: "\n").filter { !$0.contains(book) }.joined(separator: "\n") + "\n"
            entries[jsonl].bytes = Array(kept.utf8)
            manifest.files = manifest.files.map { $0.path == "attachments.jsonl" ? .init(path: $0.path, size: kept.utf8.count, sha256: SHA256.hex(Array(kept.utf8))) : $0 }
            expected = "attachments/\(book): no line of attachments.jsonl names these bytes"
        default:
            entries.remove(at: index)
            manifest.files.removeAll { $0.path == "attachments/" + book }
            expected = "field sha256: the bundle has no attachments/\(book)"
        }
        entries[0].bytes = Array(manifest.json.encoded().utf8)
        let path = f.dir.path("\(how).unkt")
        try ZipArchive.write(path: path, entries: entries)

        let fresh = try IOFixture(name: "fresh.sqlite")
        let before = try RecordSets(fresh.store).records()
        var thrown: IOError?
        do {
            let read = try UnktBundle.read(path: path, objects: fresh.objects)
            _ = try RecordImporter(store: fresh.store, source: "\(how).unkt").apply(read.records, mode: .merge, objects: fresh.objects, staged: read.staged)
        } catch let error as IOError {
            thrown = error
        }
        let error = try #require(thrown)
        #expect(error.description.contains(expected), "\(error)")
        #expect(try RecordSets(fresh.store).records() == before)
        #expect(try fresh.objects.hashes().isEmpty)
        #expect((try? FileManager.default.contentsOfDirectory(atPath: fresh.objects.directory + "/tmp")) ?? [] == [])
    }

    @Test func aDamagedObjectIsNeverExported() throws {
        let f = try seeded()
        let book = SHA256.hex(Array("a list of every book".utf8))
        let object = f.objects.path(of: book)
        chmod(object, 0o600)
        try Data("a list of every boot".utf8).write(to: URL(fileURLWithPath: object))
        #expect(throws: IOError.self) {
            try UnktBundle.write(try RecordSets(f.store).records(), to: f.dir.path("x.unkt"), generator: "test", created: created, objects: f.objects)
        }
        #expect(throws: IOError.self) {
            try UnktBundle.write(try RecordSets(f.store).records(), to: f.dir.path("y.unkt"), generator: "test", created: created, objects: nil)
        }
    }
}
