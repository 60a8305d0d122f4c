import Foundation
import Testing
import TaskCore
import TaskStore
import TaskerTestSupport
@testable import TaskIO

@Suite struct UnktBundleTests {
    let created = at("2026-03-10T12:00")

    /// The JSONL files of a bundle, by name (through the reader's own parse, then encoded again).
    func lines(_ records: RecordSet) -> [String] {
        records.tasks.map { $0.json.encoded() } + records.projects.map { $0.json.encoded() }
            + records.spaces.map { $0.json.encoded() } + records.pages.map { RecordImporter.pageJSON($0).encoded() }
            + records.links.map { $0.json.encoded() } + records.attachments.map { $0.json.encoded() }
    }

    @Test func roundTripThroughAFreshDatabaseGivesIdenticalBundles() throws {
        let seeded = try IOFixture.seeded()
        let first = seeded.dir.path("first.unkt")
        try UnktBundle.write(try RecordSets(seeded.store).records(), to: first, generator: "test", created: created)

        let fresh = try IOFixture(now: at("2026-04-01T08:00"), name: "fresh.sqlite")
        let read = try UnktBundle.read(path: first)
        let report = try RecordImporter(store: fresh.store, source: "first.unkt", locations: read.locations)
            .apply(read.records, mode: .merge)
        #expect(report.added == read.records.count)
        #expect(try RecordSets(fresh.store).records().tasks.first { $0.title == "Pay rent" }?.remind == ReminderSetting(storageText: "30m"), "a task's own reminder travels")
        #expect(try RecordSets(fresh.store).records().tasks.first { $0.title == "Dentist" }?.dueDay == LocalDate(year: 2026, month: 3, day: 25), "a date-only due stays a day")
        let second = fresh.dir.path("second.unkt")
        try UnktBundle.write(try RecordSets(fresh.store).records(), to: second, generator: "test", created: created)

        #expect(try Data(contentsOf: URL(fileURLWithPath: first)) == Data(contentsOf: URL(fileURLWithPath: second)))
        let again = try RecordSets(fresh.store).records()
        #expect(lines(again) == lines(try RecordSets(seeded.store).records()))
        let pack = try require(again.tasks.first { $0.title == "Pack books" })
        #expect(pack.extras["depends"] == .array(["a", "b"]))
        let tape = try require(again.tasks.first { $0.title == "Buy tape" })
        #expect(tape.parent == pack.uuid && tape.list == "Errands" && tape.contexts == ["errand", "shop"])
        let rent = try require(again.tasks.first { $0.title == "Pay rent" && $0.status == .open })
        #expect(rent.recurrence?.rrule == "FREQ=MONTHLY;BYMONTHDAY=31,-1;BYSETPOS=1" && rent.anchorDay == 31 && rent.stage == "Next")
        let stretches = again.tasks.filter { $0.title == "Stretch" }
        #expect(stretches.count == 2 && Set(stretches.map(\.series)).count == 1 && stretches[0].series != nil,
                "a recurring series survives, so streaks do")
        #expect(stretches.first { $0.status == .done }?.completedZone == seeded.store.timeZone.identifier)
        #expect(again.links.count == 2 && again.pages.first?.labels == ["list", "move"])
        #expect(again.pages.first?.body == "# Boxes\n\n- books\n")
        // Importing the same bundle again changes nothing.
        let twice = try RecordImporter(store: fresh.store, source: "first.unkt").apply(read.records, mode: .merge)
        #expect(twice.added == 0 && twice.updated == 0 && twice.unchanged == read.records.count)
    }

    /// Random databases round-trip too (a small property test with a seeded generator).
    @Test(arguments: [1, 2, 3, 4, 5]) func randomDatabasesRoundTrip(seed: UInt64) throws {
        var rng = SeededRandom(seed: seed)
        let f = try IOFixture()
        var ids: [TaskID] = []
        for i in 0..<Int(rng.next() % 40 + 1) {
            var d = TaskDraft(title: "Task \(i) \(rng.next() % 1000)")
            if rng.next() % 2 == 0 { d.due = at("2026-03-10T10:00").addingTimeInterval(Double(rng.next() % 1_000_000)) }
            d.priority = Priority.allCases[Int(rng.next() % 4)]
            if rng.next() % 3 == 0 { d.contexts = ["c\(rng.next() % 5)"] }
            if rng.next() % 4 == 0 { d.recurrence = RecurrenceRule(frequency: .weekly, interval: Int(rng.next() % 3 + 1), weekdays: [.mon]) }
            if !ids.isEmpty, rng.next() % 3 == 0 { d.parent = ids[Int(rng.next() % UInt64(ids.count))] }
            ids.append(try Tasks(f.store).createTask(d).id)
        }
        // Attachments on random tasks, some with the same bytes.
        for i in 0..<Int(rng.next() % 12) {
            try f.attach("bytes \(rng.next() % 5)", name: "file \(i).bin", to: .task(ids[Int(rng.next() % UInt64(ids.count))]))
        }
        let path = f.dir.path("r.unkt")
        try UnktBundle.write(try RecordSets(f.store).records(), to: path, generator: "test", created: created, objects: f.objects)
        let fresh = try IOFixture(name: "fresh.sqlite")
        let read = try UnktBundle.read(path: path, objects: fresh.objects)
        _ = try RecordImporter(store: fresh.store, source: "r.unkt").apply(read.records, mode: .merge, objects: fresh.objects, staged: read.staged)
        #expect(lines(try RecordSets(fresh.store).records()) == lines(try RecordSets(f.store).records()))
        #expect(try fresh.objects.hashes() == f.objects.hashes())
        let again = fresh.dir.path("again.unkt")
        try UnktBundle.write(try RecordSets(fresh.store).records(), to: again, generator: "test", created: created, objects: fresh.objects)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(contentsOf: URL(fileURLWithPath: again)))
    }

    @Test(arguments: [
        ("zip-slip", "entry ../evil.jsonl: the path contains .."), ("absolute", "entry /tmp/evil.jsonl: the path is absolute"),
        ("symlink", "entry pages/link.md: it is a symbolic link"), ("hash-mismatch", "entry tasks.jsonl: its SHA-256 does not match"),
        ("huge-declared", "entry tasks.jsonl: it declares 2147483648 bytes"), ("truncated", "is not a readable .unkt bundle"),
        ("duplicate-uuid", "tasks.jsonl line 2: field uuid:"), ("manifest-not-first", "manifest.json must be the first entry"),
        ("newer-schema", "was written by a newer Tasker (schema 9999; this one knows up to \(TaskStore.schemaVersion)); update Tasker to import it"),
        ("million-entries", "entry (all): it has 1000001 entries, more than 1000000"),
    ])
    func hostileBundlesAreRefusedWithNothingWritten(hostile: String, reason: String) throws {
        let f = try IOFixture.seeded()
        let path = f.dir.path("\(hostile).unkt")
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = ["python3", FixtureFile.repositoryRoot.appendingPathComponent("Tests/python/hostile_unkt.py").path, hostile, path]
        try python.run()
        python.waitUntilExit()
        #expect(python.terminationStatus == 0)
        let before = try RecordSets(f.store).records()
        var thrown: IOError?
        do {
            let read = try UnktBundle.read(path: path)
            _ = try RecordImporter(store: f.store, source: "\(hostile).unkt").apply(read.records, mode: .merge)
        } catch let error as IOError {
            thrown = error
        }
        let error = try require(thrown)
        #expect(error.description.contains("\(hostile).unkt"), "\(error)")
        #expect(error.description.contains(reason), "\(error)")
        #expect(!error.description.contains("\n"))
        #expect(try RecordSets(f.store).records() == before)
    }

    /// The entry count comes from the end records alone: 16-bit, ZIP64 (more than 65,535), with a comment.
    @Test func theDeclaredEntryCountIsReadFromTheEndRecords() throws {
        let dir = TemporaryDirectory("zipend")
        let small = dir.path("small.zip"), large = dir.path("large.zip")
        try ZipArchive.write(path: small, entries: (0..<3).map { ("f\($0)", Array("x".utf8)) })
        #expect(ZipDirectoryEnd.declaredEntries(path: small) == 3)
        try ZipArchive.write(path: large, entries: (0..<70_000).map { ("\($0)", []) })
        #expect(ZipDirectoryEnd.declaredEntries(path: large) == 70_000)
        #expect(try ZipArchive(reading: large, source: "large.zip").entries().count == 70_000)
        #expect(throws: IOError.unsafeBundle(source: "large.zip", entry: "(all)", reason: "it has 70000 entries, more than 69999")) {
            try ZipArchive(reading: large, source: "large.zip", maxEntries: 69_999)
        }
        var commented = try Data(contentsOf: URL(fileURLWithPath: small))
        commented[commented.count - 2] = 5  // the comment length, then the comment itself
        commented.append(contentsOf: Array("hello".utf8))
        try commented.write(to: URL(fileURLWithPath: dir.path("commented.zip")))
        #expect(ZipDirectoryEnd.declaredEntries(path: dir.path("commented.zip")) == 3)
        try Data("not a zip".utf8).write(to: URL(fileURLWithPath: dir.path("plain.txt")))
        #expect(ZipDirectoryEnd.declaredEntries(path: dir.path("plain.txt")) == nil)
    }

    @Test func aBadFieldNamesFileLineAndField() throws {
        let f = try IOFixture()
        var records = RecordSet()
        records.tasks = [TaskRecord(uuid: "0b0e5f6a-1c2d-4e3f-8a9b-0c1d2e3f4a5b", title: "ok", created: created, modified: created)]
        let path = f.dir.path("b.unkt")
        try UnktBundle.write(records, to: path, generator: "test", created: created)
        // Rewrite with a bad priority on line 2, hashes recomputed so only the field is wrong.
        let bad = #"{"uuid":"1b0e5f6a-1c2d-4e3f-8a9b-0c1d2e3f4a5b","title":"x","priority":"urgent","created":"2026-03-10T10:00:00Z"}"#
        let tasks = Array((records.tasks[0].json.encoded() + "\n" + bad + "\n").utf8)
        let manifest = BundleManifest(schemaVersion: 5, generator: "t", created: created, counts: [:],
                                      files: [.init(path: "tasks.jsonl", size: tasks.count, sha256: SHA256.hex(tasks))])
        try FileManager.default.removeItem(atPath: path)   // a new archive is never written over a file
        try ZipArchive.write(path: path, entries: [("manifest.json", Array(manifest.json.encoded().utf8)), ("tasks.jsonl", tasks)])
        #expect(throws: IOError.malformed(source: "b.unkt", location: "tasks.jsonl line 2", field: "priority",
                                          reason: "'urgent' is not one of low, normal, high, critical")) {
            try UnktBundle.read(path: path)
        }
    }
}
