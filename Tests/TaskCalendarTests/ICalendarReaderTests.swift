import Foundation
import Testing
import TaskCore
@testable import TaskCalendar
import TaskerTestSupport

/// Each hand-written file in Fixtures/calendar/ gives the expected busy intervals (a table test).
@Suite struct ICalendarReaderTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var file: String
        var zone: String
        /// The span asked for: from this local day's start to the start of `to` (exclusive).
        var from: String
        var to: String
        /// Title, start and end in UTC (`2026-03-10T10:00`).
        var expected: [(String, String, String)]
        var testDescription: String { "\(file) in \(zone)" }
    }

    static let cases: [Case] = [
        Case(file: "utc-single", zone: "UTC", from: "2026-03-10", to: "2026-03-11",
             expected: [("Dentist", "2026-03-10T10:00", "2026-03-10T11:00")]),
        // Berlin changes to summer time on 29 March: 09:30 local is 08:30Z, then 07:30Z. 25 March is an EXDATE.
        Case(file: "rrule-exdate-vtimezone", zone: "Europe/Berlin", from: "2026-03-23", to: "2026-04-06",
             expected: [("Standup", "2026-03-23T08:30", "2026-03-23T09:00"), ("Standup", "2026-03-30T07:30", "2026-03-30T08:00"),
                        ("Standup", "2026-04-01T07:30", "2026-04-01T08:00")]),
        // 30 March is moved to 14:00 by a RECURRENCE-ID override, 6 April is cancelled by one.
        Case(file: "recurrence-id-override", zone: "Europe/Berlin", from: "2026-03-23", to: "2026-04-20",
             expected: [("Standup", "2026-03-23T08:30", "2026-03-23T09:00"), ("Standup (moved)", "2026-03-30T12:00", "2026-03-30T12:30"),
                        ("Standup", "2026-04-13T07:30", "2026-04-13T08:00")]),
        // RDATE adds 4 March; its 9 March repeats an RRULE instance and counts once.
        Case(file: "rdate-extra", zone: "UTC", from: "2026-03-01", to: "2026-03-20",
             expected: [("Review", "2026-03-02T15:00", "2026-03-02T16:00"), ("Review", "2026-03-04T15:00", "2026-03-04T16:00"),
                        ("Review", "2026-03-09T15:00", "2026-03-09T16:00"), ("Review", "2026-03-16T15:00", "2026-03-16T16:00")]),
        Case(file: "rrule-rdate-duplicate", zone: "UTC", from: "2026-03-09", to: "2026-03-12",
             expected: [("Planning", "2026-03-09T13:00", "2026-03-09T14:00"), ("Planning", "2026-03-10T13:00", "2026-03-10T14:00"),
                        ("Planning", "2026-03-11T13:00", "2026-03-11T14:00")]),
        // libical's built-in America/New_York (daylight time since 8 March), planned from London.
        Case(file: "tzid-without-vtimezone", zone: "Europe/London", from: "2026-03-10", to: "2026-03-11",
             expected: [("Lunch in New York", "2026-03-10T16:00", "2026-03-10T17:00")]),
        // Floating 07:00 is 07:00 wherever the person plans.
        Case(file: "floating", zone: "Europe/Berlin", from: "2026-03-10", to: "2026-03-11",
             expected: [("Gym", "2026-03-10T06:00", "2026-03-10T07:00")]),
        Case(file: "floating", zone: "America/New_York", from: "2026-03-10", to: "2026-03-11",
             expected: [("Gym", "2026-03-10T11:00", "2026-03-10T12:00")]),
        // All-day: the whole local days, 10 and 11 March in New York.
        Case(file: "all-day", zone: "America/New_York", from: "2026-03-10", to: "2026-03-11",
             expected: [("Offsite", "2026-03-10T04:00", "2026-03-12T04:00")]),
        Case(file: "all-day-transparent", zone: "Europe/London", from: "2026-03-10", to: "2026-03-11", expected: []),
        // A DST week in London (29 March) and New York (8 March): 09:00 local every day.
        Case(file: "dst-london-week", zone: "Europe/London", from: "2026-03-26", to: "2026-04-02",
             expected: ["03-26T09", "03-27T09", "03-28T09", "03-29T08", "03-30T08", "03-31T08", "04-01T08"].map {
                 ("Daily sync", "2026-\($0):00", "2026-\($0):30")
             }),
        Case(file: "dst-new-york-week", zone: "America/New_York", from: "2026-03-05", to: "2026-03-12",
             expected: ["03-05T14", "03-06T14", "03-07T14", "03-08T13", "03-09T13", "03-10T13", "03-11T13"].map {
                 ("Daily sync", "2026-\($0):00", "2026-\($0):30")
             }),
        // COUNT ends a series: its last instance (1 April, the 7th) is busy, nothing after it.
        Case(file: "dst-london-week", zone: "Europe/London", from: "2026-03-31", to: "2026-04-06",
             expected: [("Daily sync", "2026-03-31T08:00", "2026-03-31T08:30"), ("Daily sync", "2026-04-01T08:00", "2026-04-01T08:30")]),
        // Every other Wednesday, three times, across New York's DST change: 25 Feb, 11 and 25 March, not 8 April.
        Case(file: "count-fortnightly", zone: "America/New_York", from: "2026-03-01", to: "2026-04-30",
             expected: [("Fortnightly review", "2026-03-11T14:00", "2026-03-11T15:00"), ("Fortnightly review", "2026-03-25T14:00", "2026-03-25T15:00")]),
        Case(file: "workday", zone: "Europe/London", from: "2026-03-10", to: "2026-03-11",
             expected: [("Standup", "2026-03-10T10:00", "2026-03-10T11:00")]),
    ]

    static let utc = TimeZone(identifier: "UTC")!

    @Test(arguments: cases) func busyIntervals(_ c: Case) throws {
        let zone = try #require(TimeZone(identifier: c.zone))
        let text = try FixtureFile.text("calendar/\(c.file).ics")
        let start = try #require(LocalDate(iso: c.from)).startOfDay(in: zone)
        let end = try #require(LocalDate(iso: c.to)).startOfDay(in: zone)
        let events = try ICalendarReader.busy(text, calendar: "Work", from: start, to: end, timeZone: zone)
        let got = events.map { "\($0.title) \(ISODate.format($0.start, in: Self.utc)) \(ISODate.format($0.end, in: Self.utc))" }
        let want = c.expected.map { "\($0.0) \(ISODate.format(ISODate.parse($0.1, in: Self.utc)!, in: Self.utc)) \(ISODate.format(ISODate.parse($0.2, in: Self.utc)!, in: Self.utc))" }
        #expect(got == want)
        #expect(events.allSatisfy { $0.calendar == "Work" })
    }

    @Test func notACalendarIsOneClearError() throws {
        let text = try FixtureFile.text("calendar/not-a-calendar.ics")
        #expect(throws: CalendarError.notICalendar(source: "Broken")) {
            try ICalendarReader.busy(text, calendar: "Broken", from: Date(timeIntervalSince1970: 0), to: Date(), timeZone: Self.utc)
        }
        #expect(CalendarError.notICalendar(source: "Broken").description == "Broken is not an iCalendar (.ics) file; export the calendar again as .ics")
    }

    @Test func countsEvents() throws {
        #expect(try ICalendarReader.eventCount(try FixtureFile.text("calendar/recurrence-id-override.ics"), source: "x") == 3)
        #expect(try ICalendarReader.eventCount(try FixtureFile.text("calendar/workday.ics"), source: "x") == 2)
    }
}
