import Foundation
import Testing
import TaskCalendar
import TaskCore
import TaskStore
@testable import TaskSync
import TaskerTestSupport

/// A series' completions are read in time that grows with their number, not its square. Before,
/// each completion was compared with every one kept (`union`) and every one known (`SeriesView.rows`):
/// `import --ics` of 5,000 took 2.9 s and of 20,000 50 s (debug build).
@Suite struct SeriesCompletionScalingTests {
    let utc = TimeZone(identifier: "UTC")!

    /// A series VTODO with `count` daily completions from 1 Jan 2000 (each with its day's due).
    static func series(_ count: Int) -> String {
        var entries: [String] = []
        entries.reserveCapacity(count)
        let start = LocalDate(year: 2000, month: 1, day: 1)
        let utc = TimeZone(identifier: "UTC")!
        for i in 0..<count {
            let day = start.adding(days: i)
            entries.append(ICalendarWriter.utc(day.instant(hour: 9, minute: 0, in: utc)) + "/" + day.description.replacingOccurrences(of: "-", with: ""))
        }
        return "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\nBEGIN:VTODO\r\nUID:0190a3b4-0000-7000-8000-0000000000c1\r\n"
            + "SUMMARY:Stretch\r\nDUE;VALUE=DATE:22000101\r\nRRULE:FREQ=DAILY\r\nLAST-MODIFIED:20261201T100000Z\r\n"
            + "X-TASKER-COMPLETIONS;X-TASKER-ZONE=UTC:" + entries.joined(separator: " ") + "\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
    }

    static func seconds(_ work: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try work()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// Parsing: libical, then the fields (the completions read and joined).
    func parse(_ text: String) throws -> Int {
        let todo = try #require(try ICalendarReader.todos(text, source: "s.ics").first)
        return SeriesCompletion.all(in: VTodoMapping(timeZone: utc).fields(todo)).count
    }

    @Test func aHundredThousandCompletionsParseInLinearTime() throws {
        let quarter = Self.series(25_000), whole = Self.series(100_000)
        _ = try parse(Self.series(1_000))
        var count = 0
        // The best of two runs each: other tests share the machine.
        let tQuarter = try (0..<2).map { _ in try Self.seconds { count = try parse(quarter) } }.min() ?? 0
        #expect(count == 25_000)
        let tWhole = try (0..<2).map { _ in try Self.seconds { count = try parse(whole) } }.min() ?? 0
        #expect(count == 100_000)
        print("SeriesCompletionScalingTests: 25,000 completions parsed in \(tQuarter) s, 100,000 in \(tWhole) s")
        // 1.4 s in a debug build alone (5.6 s before the byte parser, and minutes before the index);
        // the bound leaves room for a loaded machine, the ratio is the real check.
        #expect(tWhole < 4, "100,000 completions: \(tWhole) s")
        #expect(tWhole < max(tQuarter, 0.02) * 8, "4× the completions: \(tQuarter) s, then \(tWhole) s (quadratic would be 16×)")
    }

    /// The whole import, into a real database: 100,000 done rows written, and importing again adds none.
    @Test func importingAHundredThousandCompletionsIsLinearToo() throws {
        let fixture = try TestStore("completions", now: Date(), zone: utc)
        let store = fixture.store
        let text = Self.series(100_000)
        let file = VTodoFile(timeZone: utc, now: Date(timeIntervalSince1970: 1_796_115_600))
        var summary = VTodoFile.Summary()
        let first = try Self.seconds { summary = try file.read(text, source: "s.ics", into: store) }
        #expect(summary.added == 1 && summary.completions == 100_000)
        let again = try Self.seconds { summary = try file.read(text, source: "s.ics", into: store) }
        #expect(summary.completions == 0 && summary.unchanged == 1)
        print("SeriesCompletionScalingTests: importing 100,000 completions \(first) s, again \(again) s")
        #expect(first < 30 && again < 30)
    }

    @Test func unionKeepsTheEarliestOfEachMatchAtAnyScale() {
        let base = Date(timeIntervalSince1970: 1_800_000_000)
        let many = (0..<50_000).map { SeriesCompletion(at: base.addingTimeInterval(Double($0) * 86_400), zone: "UTC", due: nil) }
        let echoes = many.map { SeriesCompletion(at: $0.at.addingTimeInterval(1), zone: "Europe/Paris", due: nil) }
        let joined = SeriesCompletion.union(echoes, many)
        #expect(joined == many, "each echo a second later is the same completion")
        var index = SeriesCompletion.Index(many)
        #expect(index.first(matching: echoes[123]) == 123)
        index.remove(123, many[123])
        #expect(index.first(matching: echoes[123]) == nil)
    }
}
