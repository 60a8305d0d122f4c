import Foundation
import Testing
@testable import TaskCalendar
import TaskerTestSupport

/// iCalendar is read in time linear in its size, within documented limits (`ICalendarLimits`).
/// Before, libical's string reader looked for the end of a line again for every 80-byte piece: a
/// 4 MB line took 1.7 s (debug build; 5.9 s in the issue), a 50 MB one over a minute.
@Suite struct ICalendarLimitsTests {
    static func todo(summaryBytes: Int) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\nBEGIN:VTODO\r\nUID:long-1\r\nSUMMARY:"
            + String(repeating: "a", count: summaryBytes) + "\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
    }

    static func seconds(_ work: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try work()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// A 50 MB line is refused in one line naming it, before libical reads a byte.
    @Test func aFiftyMegabyteLineIsRefusedFast() throws {
        let text = Self.todo(summaryBytes: 50_000_000)
        var thrown: CalendarError?
        let took = Self.seconds {
            do { _ = try ICalendarReader.todos(text, source: "big.ics") } catch { thrown = error as? CalendarError }
        }
        let error = try #require(thrown)
        #expect(error.description == "big.ics line 6: one property runs 50,000,008 bytes (unfolded), over the 8 MiB an iCalendar line may have; nothing was read from it")
        #expect(took < 2, "took \(took) s")
    }

    /// A line folded into 75-octet pieces counts whole, as libical reads it.
    @Test func aFoldedLineCountsUnfolded() throws {
        let piece = String(repeating: "b", count: 74)
        let folded = "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:x\r\nSUMMARY:" + Array(repeating: piece, count: 200).joined(separator: "\r\n ") + "\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        #expect(throws: CalendarError.tooLarge(source: "f.ics", line: 4, bytes: 8 + 74 * 200, limit: 10_000)) {
            try ICalendarLimits.check(folded, source: "f.ics", lineBytes: 10_000)
        }
        try ICalendarLimits.check(folded, source: "f.ics", lineBytes: 20_000)
        let todos = try ICalendarReader.todos(folded, source: "f.ics")
        #expect(todos.first?.first("SUMMARY")?.value == String(repeating: piece, count: 200))
    }

    @Test func aFileOverTheLimitIsRefusedByItsSize() {
        #expect(throws: CalendarError.tooLarge(source: "f.ics", line: nil, bytes: 1_000, limit: 999)) {
            try ICalendarLimits.check(String(repeating: "x", count: 1_000), source: "f.ics", textBytes: 999)
        }
    }

    /// Long lines under the limit parse in time linear in their length: 4× the bytes takes well under
    /// 16× the time (what a quadratic reader takes), and 8 MB well under 2 s.
    @Test func aLongLineParsesInLinearTime() throws {
        let small = Self.todo(summaryBytes: 2_000_000), large = Self.todo(summaryBytes: 8_000_000)
        _ = try ICalendarReader.todos(Self.todo(summaryBytes: 100_000), source: "warm.ics")
        var parsed: [ICalendarTodo] = []
        // The best of three runs each: other tests share the machine.
        let tSmall = try (0..<3).map { _ in try Self.seconds { parsed = try ICalendarReader.todos(small, source: "s.ics") } }.min() ?? 0
        #expect(parsed.first?.first("SUMMARY")?.value.utf8.count == 2_000_000)
        let tLarge = try (0..<3).map { _ in try Self.seconds { parsed = try ICalendarReader.todos(large, source: "l.ics") } }.min() ?? 0
        #expect(parsed.first?.first("SUMMARY")?.value.utf8.count == 8_000_000)
        #expect(tLarge < 2, "8 MB line: \(tLarge) s")
        #expect(tLarge < max(tSmall, 0.05) * 9, "2 MB: \(tSmall) s, 8 MB: \(tLarge) s")
        print("ICalendarLimitsTests: a 2 MB line \(tSmall) s, an 8 MB line \(tLarge) s")
    }

    /// A calendar file (config.json's calendars) over 128 MiB is refused by its size, unread (sparse here).
    @Test func aCalendarFileOverTheLimitIsRefusedUnread() throws {
        let directory = TemporaryDirectory("big-calendar")
        let path = directory.path("big.ics")
        #expect(FileManager.default.createFile(atPath: path, contents: Data("BEGIN:VCALENDAR\r\n".utf8)))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 200 << 20)
        try handle.close()
        guard case .failure(let error) = CalendarSet.read(path) else {
            Issue.record("a 200 MiB calendar was read")
            return
        }
        #expect(error.description == "\(path) is 209,715,200 bytes, over the 128 MiB an iCalendar file may have; nothing was read from it")
    }
}
