import Foundation
import Testing
@testable import TaskCore
import TaskerTestSupport

/// Free windows of a day: working hours minus busy time, DST days in London and New York, no libical.
@Suite struct FreeTimeTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var day: String
        var zone: String = "UTC"
        var hours: String = "09:00-18:00"
        var workingDays: [Weekday] = Weekday.allCases
        var notBefore: String?
        /// Wall times in the zone: "HH:MM" on the day, or a full "YYYY-MM-DDTHH:MM".
        var busy: [(String, String)] = []
        var expected: [(String, String)]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "empty day", day: "2026-03-10", expected: [("09:00", "18:00")]),
        Case(name: "one meeting", day: "2026-03-10", busy: [("10:00", "11:00")], expected: [("09:00", "10:00"), ("11:00", "18:00")]),
        Case(name: "overlapping and nested events", day: "2026-03-10",
             busy: [("11:45", "13:00"), ("10:00", "12:00"), ("11:00", "11:30")], expected: [("09:00", "10:00"), ("13:00", "18:00")]),
        Case(name: "event from the night before", day: "2026-03-10",
             busy: [("2026-03-09T22:00", "09:30")], expected: [("09:30", "18:00")]),
        Case(name: "event past the end of the day", day: "2026-03-10",
             busy: [("17:00", "2026-03-11T02:00")], expected: [("09:00", "17:00")]),
        Case(name: "back-to-back events leave no sliver", day: "2026-03-10",
             busy: [("09:00", "10:00"), ("10:00", "11:00")], expected: [("11:00", "18:00")]),
        Case(name: "from now on", day: "2026-03-10", notBefore: "10:05", busy: [("10:00", "11:00")], expected: [("11:00", "18:00")]),
        Case(name: "now after the working day", day: "2026-03-10", notBefore: "18:30", expected: []),
        Case(name: "whole day busy", day: "2026-03-10", busy: [("00:00", "2026-03-11T00:00")], expected: []),
        Case(name: "a weekend day is not bounded by working hours", day: "2026-03-14",
             workingDays: [.mon, .tue, .wed, .thu, .fri], busy: [("12:00", "13:00")],
             expected: [("00:00", "12:00"), ("13:00", "2026-03-15T00:00")]),
        Case(name: "London spring forward keeps 09:00-18:00 wall time", day: "2026-03-29", zone: "Europe/London",
             busy: [("10:00", "11:00")], expected: [("09:00", "10:00"), ("11:00", "18:00")]),
        Case(name: "London spring forward: a window in the gap moves forward", day: "2026-03-29", zone: "Europe/London",
             hours: "01:30-03:00", expected: [("02:30", "03:00")]),
        Case(name: "London fall back whole day", day: "2026-10-25", zone: "Europe/London", hours: "00:00-24:00",
             expected: [("00:00", "2026-10-26T00:00")]),
        Case(name: "New York spring forward", day: "2026-03-08", zone: "America/New_York", hours: "00:00-24:00",
             busy: [("01:00", "03:30")], expected: [("00:00", "01:00"), ("03:30", "2026-03-09T00:00")]),
        Case(name: "New York fall back", day: "2026-11-01", zone: "America/New_York",
             busy: [("08:00", "09:30")], expected: [("09:30", "18:00")]),
    ]

    func instant(_ text: String, day: String, zone: TimeZone) -> Date {
        let full = text.count == 5 ? "\(day)T\(text)" : text
        return ISODate.parse(full, in: zone)!
    }

    @Test(arguments: cases) func windows(_ c: Case) throws {
        let zone = try #require(TimeZone(identifier: c.zone))
        let free = FreeTime(day: try #require(LocalDate(iso: c.day)), timeZone: zone, workingHours: try #require(WorkingHours(text: c.hours)),
                            workingDays: Set(c.workingDays), notBefore: c.notBefore.map { instant($0, day: c.day, zone: zone) })
        let busy = c.busy.map { BusyEvent(title: "e", calendar: "c", start: instant($0.0, day: c.day, zone: zone), end: instant($0.1, day: c.day, zone: zone)) }
        let expected = c.expected.map { TimeWindow(start: instant($0.0, day: c.day, zone: zone), end: instant($0.1, day: c.day, zone: zone)) }
        #expect(free.windows(around: busy) == expected)
    }

    @Test func dstDaysHaveTheirRealLength() throws {
        let london = try #require(TimeZone(identifier: "Europe/London"))
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        func minutes(_ day: String, _ zone: TimeZone) throws -> Int {
            FreeTime(day: try #require(LocalDate(iso: day)), timeZone: zone, workingHours: .wholeDay).windows(around: [TimeWindow]()).map(\.minutes).reduce(0, +)
        }
        #expect(try minutes("2026-03-29", london) == 23 * 60)
        #expect(try minutes("2026-10-25", london) == 25 * 60)
        #expect(try minutes("2026-03-08", newYork) == 23 * 60)
        #expect(try minutes("2026-11-01", newYork) == 25 * 60)
        #expect(try minutes("2026-03-10", london) == 24 * 60)
    }

    @Test func workingHoursText() {
        #expect(WorkingHours(text: "09:00-18:00")?.description == "09:00-18:00")
        #expect(WorkingHours(text: "08:30 - 24:00")?.endMinute == 1_440)
        #expect(WorkingHours(text: "18:00-09:00") == nil)
        #expect(WorkingHours(text: "9-17") == nil)
        #expect(WorkingHours(text: "09:00-09:00") == nil)
    }
}
