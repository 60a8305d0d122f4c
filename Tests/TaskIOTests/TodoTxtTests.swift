import Foundation
import Testing
import TaskCore
import TaskStore
@testable import TaskIO

@Suite struct TodoTxtTests {
    let reader = TodoTxtReader(timeZone: utc, now: at("2026-03-10T10:00"))

    @Test func readsEveryPart() throws {
        let text = """
            (A) 2026-03-01 Call mom +Family @phone due:2026-03-12 t:2026-03-11 color:red
            x 2026-03-05 2026-03-01 Pay rent +Home due:2026-03-05T17:00 pri:B
            (D) Someday maybe @later http://example.com
            """
        let r = try reader.read(text, source: "todo.txt")
        #expect(r.records.tasks.count == 3 && r.records.projects.map(\.name).sorted() == ["Family", "Home"])
        let mom = r.records.tasks[0]
        #expect(mom.title == "Call mom" && mom.priority == .critical && mom.contexts == ["phone"])
        #expect(mom.dueDay == LocalDate(year: 2026, month: 3, day: 12) && mom.deferUntil == LocalDate(year: 2026, month: 3, day: 11))
        #expect(mom.created == at("2026-03-01T00:00") && mom.extras == ["color": "red"])
        let rent = r.records.tasks[1]
        #expect(rent.status == .done && rent.completed == at("2026-03-05T00:00") && rent.priority == .high)
        #expect(rent.due == at("2026-03-05T17:00"))
        let later = r.records.tasks[2]
        #expect(later.title == "Someday maybe http://example.com" && later.priority == .low && later.extras["priority"] == "D")
    }

    @Test func roundTripThroughTheStoreKeepsTheLines() throws {
        let f = try IOFixture()
        let text = "(A) 2026-03-01 Call mom +Family @phone due:2026-03-12 t:2026-03-11\nx 2026-03-05 2026-03-01 Pay rent due:2026-03-05T17:00\n"
        let first = try reader.read(text, source: "todo.txt")
        _ = try RecordImporter(store: f.store, source: "todo.txt").apply(first.records, mode: .merge)
        let out = TodoTxtWriter(timeZone: utc).write(try RecordSets(f.store).records())
        let again = try TodoTxtReader(timeZone: utc, now: at("2026-03-10T10:00"), projects: try RecordSets(f.store).records().projects).read(out, source: "out.txt")
        let report = try RecordImporter(store: f.store, source: "out.txt").apply(again.records, mode: .merge)
        #expect(report.added == 0 && report.updated == 0, "\(out)")
        #expect(out.contains("(A) 2026-03-01 Call mom +Family @phone due:2026-03-12 t:2026-03-11 uuid:"))
        #expect(out.contains("x 2026-03-05 2026-03-01 Pay rent due:2026-03-05T17:00 uuid:"))
        // The same file again changes nothing: line UUIDs are stable.
        let known = TodoTxtReader(timeZone: utc, now: at("2026-03-10T10:00"), projects: try RecordSets(f.store).records().projects)
        let twice = try RecordImporter(store: f.store, source: "todo.txt").apply(try known.read(text, source: "todo.txt").records, mode: .merge)
        #expect(twice.added == 0)
    }

    @Test func aBadDueNamesLineAndField() {
        #expect(throws: IOError.malformed(source: "todo.txt", location: "line 2", field: "due", reason: "'soon' is not a day like 2026-03-20")) {
            try reader.read("ok task\nbad task due:soon\n", source: "todo.txt")
        }
    }

    /// A line over 1 MiB is left out with one warning naming it, fast; the rest imports. Before, a
    /// 50 MB line was split into ten million words (20 s, 1 GB of memory, debug build).
    @Test func aLineOverTheLimitIsLeftOutWithAWarning() throws {
        let huge = "(A) " + String(repeating: "word ", count: 10_000_000) + "@home"
        let start = Date()
        let read = try reader.read("first task\n" + huge + "\nthird task @home\n", source: "todo.txt")
        let took = Date().timeIntervalSince(start)
        #expect(read.records.tasks.map(\.title) == ["first task", "third task"])
        #expect(read.warnings == ["todo.txt line 2 not imported: it is 47.7 MB, over the 1 MB limit for one line; shorten it and import again"])
        #expect(took < 5, "\(took) s")
    }
}
