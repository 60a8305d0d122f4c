import Foundation
import Testing
import TaskCore
import TaskIO
import TaskStore
@testable import TaskSync
import TaskerTestSupport

/// `import --ics` merges as bundles do: by UID, the newer side winning field by field, a field the
/// newer one does not carry kept. Before, a VTODO whose UID matched replaced the task whole, whatever
/// its LAST-MODIFIED: yesterday's export undid today's rename, a bare VTODO wiped due, notes and priority.
@Suite struct VTodoFileMergeTests {
    let utc = TimeZone(identifier: "UTC")!
    let uuid = "0190a3b4-0000-7000-8000-00000000d001"
    /// Tue 1 Dec 2026 09:00 UTC: the task as it was exported.
    let exported = Date(timeIntervalSince1970: 1_796_115_600)
    var today: Date { exported.addingTimeInterval(86_400) }

    /// A store holding "Dentist": due 10 Dec, a note, high priority, #health, modified at `exported`.
    func store(_ directory: TemporaryDirectory) throws -> TaskStore {
        let store = try TaskStore(path: directory.path("t.sqlite"), clock: { [today] in today }, timeZone: utc)
        try store.bootstrap()
        var t = TaskRecord(uuid: uuid, title: "Dentist", created: exported.addingTimeInterval(-86_400), modified: exported)
        t.dueDay = LocalDate(year: 2026, month: 12, day: 10)
        t.notes = "bring the x-rays"
        t.priority = .high
        t.contexts = ["health"]
        try RecordSets(store).writeRecords(RecordSet(tasks: [t]))
        return store
    }

    func task(_ store: TaskStore) throws -> TaskRecord {
        try #require(try RecordSets(store).records().tasks.first { $0.uuid == uuid })
    }

    /// Edits the task as a person would today: a new title and a new due, modified today.
    func renameAndReschedule(_ store: TaskStore) throws {
        var t = try task(store)
        t.title = "Dentist (Dr Ng)"
        t.dueDay = LocalDate(year: 2026, month: 12, day: 14)
        t.modified = today
        try RecordSets(store).writeRecords(RecordSet(tasks: [t]))
    }

    func vtodo(_ lines: [String]) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Other//Other//EN", "BEGIN:VTODO", "UID:" + uuid] + lines + ["END:VTODO", "END:VCALENDAR", ""])
            .joined(separator: "\r\n")
    }

    @Test func reimportingYesterdaysExportChangesNothing() throws {
        let directory = TemporaryDirectory("ics-merge")
        let store = try store(directory)
        let file = VTodoFile(timeZone: utc, now: exported)
        let yesterday = file.write(try RecordSets(store).records())
        try renameAndReschedule(store)
        let before = try task(store)
        let summary = try VTodoFile(timeZone: utc, now: today).read(yesterday, source: "yesterday.ics", into: store)
        #expect(summary == VTodoFile.Summary(added: 0, updated: 0, unchanged: 1, completions: 0))
        let after = try task(store)
        #expect(after == before, "today's rename and reschedule survive")
        #expect(after.title == "Dentist (Dr Ng)" && after.dueDay == LocalDate(year: 2026, month: 12, day: 14))
    }

    /// A task reopened today stays open when yesterday's export (where it was done) comes back; one
    /// set back to normal priority stays normal.
    @Test func anOlderFileDoesNotUndoAReopenOrAPriorityChange() throws {
        let directory = TemporaryDirectory("ics-merge")
        let store = try store(directory)
        var t = try task(store)
        t.status = .done
        t.completed = exported
        try RecordSets(store).writeRecords(RecordSet(tasks: [t]))
        let yesterday = VTodoFile(timeZone: utc, now: exported).write(try RecordSets(store).records())
        #expect(yesterday.contains("STATUS:COMPLETED"))
        t.status = .open
        t.completed = nil
        t.priority = .normal
        t.modified = today
        try RecordSets(store).writeRecords(RecordSet(tasks: [t]))
        _ = try VTodoFile(timeZone: utc, now: today).read(yesterday, source: "yesterday.ics", into: store)
        let after = try task(store)
        #expect(after.status == .open && after.priority == .normal)
    }

    @Test func aBareOldVTodoWipesNothing() throws {
        let directory = TemporaryDirectory("ics-merge")
        let store = try store(directory)
        let before = try task(store)
        let summary = try VTodoFile(timeZone: utc, now: today)
            .read(vtodo(["SUMMARY:Something else", "LAST-MODIFIED:19990101T000000Z"]), source: "old.ics", into: store)
        #expect(summary.updated == 0 && summary.unchanged == 1)
        #expect(try task(store) == before)
    }

    /// A newer VTODO from another app changes the fields it carries and nothing else.
    @Test func aNewerForeignVTodoUpdatesOnlyWhatItCarries() throws {
        let directory = TemporaryDirectory("ics-merge")
        let store = try store(directory)
        let summary = try VTodoFile(timeZone: utc, now: today)
            .read(vtodo(["SUMMARY:Dentist at 3", "LAST-MODIFIED:20261201T120000Z"]), source: "phone.ics", into: store)
        #expect(summary.updated == 1)
        let after = try task(store)
        #expect(after.title == "Dentist at 3")
        #expect(after.dueDay == LocalDate(year: 2026, month: 12, day: 10) && after.notes == "bring the x-rays")
        #expect(after.priority == .high && after.contexts == ["health"] && after.status == .open)

        // One that says its status and priority is heard: NEEDS-ACTION and PRIORITY:0 are open and normal.
        _ = try VTodoFile(timeZone: utc, now: today.addingTimeInterval(60))
            .read(vtodo(["SUMMARY:Dentist at 3", "PRIORITY:0", "STATUS:NEEDS-ACTION", "LAST-MODIFIED:20261203T120000Z"]), source: "phone.ics", into: store)
        #expect(try task(store).priority == .normal)
    }

    @Test func replaceTakesTheFileWholeAndSkipKeepsOurs() throws {
        let directory = TemporaryDirectory("ics-merge")
        let store = try store(directory)
        let bare = vtodo(["SUMMARY:Bare", "LAST-MODIFIED:19990101T000000Z"])
        let skipped = try VTodoFile(timeZone: utc, now: today).read(bare, source: "b.ics", into: store, mode: .skip)
        #expect(try skipped.skipped == 1 && task(store).title == "Dentist")
        _ = try VTodoFile(timeZone: utc, now: today).read(bare, source: "b.ics", into: store, mode: .replace)
        let replaced = try task(store)
        #expect(replaced.title == "Bare" && replaced.dueDay == nil && replaced.notes == nil)
    }

    @Test func aDryRunSaysWhatWouldChangeAndWritesNothing() throws {
        let directory = TemporaryDirectory("ics-merge")
        let store = try store(directory)
        let before = try RecordSets(store).records()
        let text = vtodo(["SUMMARY:Dentist at 3", "DUE;VALUE=DATE:20261211", "LAST-MODIFIED:20261201T120000Z", "END:VTODO",
                          "BEGIN:VTODO", "UID:0190a3b4-0000-7000-8000-00000000d002", "SUMMARY:Call mom"])
        let summary = try VTodoFile(timeZone: utc, now: today).read(text, source: "phone.ics", into: store, dryRun: true)
        #expect(summary.added == 1 && summary.updated == 1 && summary.dryRun)
        #expect(summary.changes == ["update 'Dentist at 3': due, title", "add 'Call mom'"])
        #expect(summary.line.hasSuffix("(dry run: nothing was written)"))
        #expect(try RecordSets(store).records() == before)
    }

    /// Two VTODOs with one UID: one line naming the UID, and nothing written — not the other VTODOs either.
    @Test func aRepeatedUIDIsOneLineAndNothingIsWritten() throws {
        let directory = TemporaryDirectory("ics-merge")
        let store = try store(directory)
        let before = try RecordSets(store).records()
        let text = vtodo(["SUMMARY:One", "END:VTODO", "BEGIN:VTODO", "UID:0190a3b4-0000-7000-8000-00000000d003", "SUMMARY:New",
                          "END:VTODO", "BEGIN:VTODO", "UID:" + uuid, "SUMMARY:Two"])
        do {
            _ = try VTodoFile(timeZone: utc, now: today).read(text, source: "twice.ics", into: store)
            Issue.record("a repeated UID was imported")
        } catch let error as IOError {
            let line = error.description
            #expect(line == "twice.ics, UID \(uuid): two VTODOs have this UID (a task appears once in a file); remove one; nothing was imported — fix it and import again")
            #expect(!line.contains("\n") && !line.lowercased().contains("sql"))
        }
        #expect(try RecordSets(store).records() == before)
    }
}
