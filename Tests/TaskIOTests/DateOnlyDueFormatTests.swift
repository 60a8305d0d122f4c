import Foundation
import Testing
import TaskCore
import TaskStore
@testable import TaskIO

/// Date-only dues in every format: a day stays a day on the way out and back in.
@Suite struct DateOnlyDueFormatTests {
    static let auckland = TimeZone(identifier: "Pacific/Auckland")!
    static let day = LocalDate(year: 2026, month: 12, day: 10)

    func record(_ zone: TimeZone) -> TaskRecord {
        var t = TaskRecord(uuid: "0190a3b4-0000-7000-8000-000000000001", title: "Dentist", created: at("2026-03-01T10:00"), modified: at("2026-03-01T10:00"))
        t.dueDay = Self.day
        return t
    }

    @Test func bundleLinesWriteTheDayAloneAndReadItBack() throws {
        let json = record(utc).json
        #expect(json["due"] == "2026-12-10")
        let back = try TaskRecord(json: json.objectValue ?? [:])
        #expect(back.dueDay == Self.day)
    }

    @Test func taskwarriorWritesLocalMidnightAndReadsMidnightAsADay() throws {
        let zone = Self.auckland
        let text = TaskwarriorWriter(timeZone: zone).write(RecordSet(tasks: [record(zone)]))
        #expect(text.contains("\"due\":\"20261209T110000Z\""), "Auckland midnight of 10 Dec is 11:00 UTC on the 9th: \(text)")
        let read = try TaskwarriorReader(timeZone: zone, now: at("2026-03-10T10:00")).read(text, source: "tw.json")
        #expect(read.records.tasks.first?.dueDay == Self.day)
        // Any other time stays a time.
        let timed = #"[{"uuid":"0190a3b4-0000-7000-8000-000000000002","description":"Call","status":"pending","entry":"20260301T100000Z","due":"20261209T113000Z"}]"#
        let other = try TaskwarriorReader(timeZone: zone, now: at("2026-03-10T10:00")).read(timed, source: "tw.json").records.tasks.first
        #expect(other?.dueDay == nil && other?.due == at("2026-12-09T11:30"))
    }

    @Test func todoTxtDayIsADateOnlyDue() throws {
        let text = TodoTxtWriter(timeZone: utc).write(RecordSet(tasks: [record(utc)]))
        #expect(text.contains("due:2026-12-10"))
        let read = try TodoTxtReader(timeZone: utc, now: at("2026-03-10T10:00")).read("Call the plumber due:2026-12-10\nCall mom due:2026-12-10T17:30\n", source: "todo.txt")
        #expect(read.records.tasks.map(\.dueDay) == [Self.day, nil])
    }

    @Test func theStoreKeepsTheDayThroughRecordsInAnotherZone() throws {
        let f = try IOFixture()
        try RecordSets(f.store).writeRecords(RecordSet(tasks: [record(utc)]))
        let stored = try #require(try RecordSets(f.store).records().tasks.first { $0.title == "Dentist" })
        #expect(stored.dueDay == Self.day && stored.due == nil)
        #expect(try Tasks(f.store).tasks(TaskQuery()).first { $0.title == "Dentist" }?.due == at("2026-12-10T09:00"), "the row's instant is 9:00")
        // Read in another zone the day is still the 10th (the time moves, the day does not).
        let far = try TaskStore(path: f.dir.path("tasks.sqlite"), timeZone: Self.auckland)
        #expect(try RecordSets(far).records().tasks.first { $0.title == "Dentist" }?.dueDay == Self.day)
    }
}
