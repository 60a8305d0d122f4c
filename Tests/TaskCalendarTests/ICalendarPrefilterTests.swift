import Foundation
import Testing
import TaskCore
@testable import TaskCalendar
import TaskerTestSupport

/// The prefilter drops only what cannot matter: busy time over a span is the same from the kept text
/// as from the whole file, for every hand-written fixture and for generated calendars.
@Suite struct ICalendarPrefilterTests {
    static let utc = TimeZone(identifier: "UTC")!

    /// Busy time over `day`'s local day in `zone`, from the whole text and from the prefiltered text.
    func both(_ text: String, day: LocalDate, zone: TimeZone) throws -> (whole: [BusyEvent], kept: [BusyEvent], keptText: String) {
        let start = day.startOfDay(in: zone), end = day.adding(days: 1).startOfDay(in: zone)
        let first = LocalDate(start, in: Self.utc).daysSinceEpoch - 2, last = LocalDate(end, in: Self.utc).daysSinceEpoch + 2
        let kept = ICalendarPrefilter.keeping(days: first, last, of: text)
        return (try ICalendarReader.busy(text, calendar: "C", from: start, to: end, timeZone: zone),
                try ICalendarReader.busy(kept, calendar: "C", from: start, to: end, timeZone: zone), kept)
    }

    @Test(arguments: ["utc-single", "rrule-exdate-vtimezone", "recurrence-id-override", "rdate-extra", "rrule-rdate-duplicate",
                      "tzid-without-vtimezone", "floating", "all-day", "all-day-transparent", "dst-london-week", "dst-new-york-week",
                      "workday", "count-fortnightly"])
    func everyFixtureGivesTheSameBusyTime(file: String) throws {
        let text = try FixtureFile.text("calendar/\(file).ics")
        for zone in ["UTC", "Europe/London", "Pacific/Auckland", "America/Los_Angeles"] {
            for offset in stride(from: -40, through: 40, by: 1) {
                let day = LocalDate(year: 2026, month: 3, day: 10).adding(days: offset)
                let r = try both(text, day: day, zone: TimeZone(identifier: zone)!)
                #expect(r.whole == r.kept, "\(file) on \(day) in \(zone)")
            }
        }
    }

    @Test func generatedCalendarsGiveTheSameBusyTimeAndMostEventsAreDropped() throws {
        var random = SeededRandom(seed: 20261202)
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//t//EN"]
        let base = LocalDate(year: 2026, month: 12, day: 2)
        for i in 0..<400 {
            let day = base.adding(days: Int(random.next() % 200) - 100).description.replacingOccurrences(of: "-", with: "")
            let hour = 6 + Int(random.next() % 14)
            lines += ["BEGIN:VEVENT", "UID:g\(i)", "DTSTAMP:20260101T000000Z", "SUMMARY:E\(i)"]
            switch random.next() % 6 {
            case 0: lines += ["DTSTART;VALUE=DATE:\(day)", "DTEND;VALUE=DATE:\(day)"]  // a zero-length all-day event
            case 1: lines += ["DTSTART:\(day)T\(hour < 10 ? "0" : "")\(hour)0000Z", "DURATION:PT26H"]
            case 2: lines += ["DTSTART;TZID=Pacific/Auckland:\(day)T230000", "DTEND;TZID=Pacific/Auckland:\(day)T235900"]
            case 3: lines += ["DTSTART;TZID=Europe/London:\(day)T\(hour < 10 ? "0" : "")\(hour)0000", "DTEND;TZID=Europe/London:\(day)T\(hour + 1 < 10 ? "0" : "")\(hour + 1)0000",
                              "RRULE:FREQ=DAILY;COUNT=\(1 + random.next() % 30)"]
            case 4: lines += ["DTSTART:\(day)T\(hour < 10 ? "0" : "")\(hour)0000", "DTEND:\(day)T\(hour < 10 ? "0" : "")\(hour)3000",
                              "BEGIN:VALARM", "TRIGGER:-PT15M", "ACTION:DISPLAY", "DESCRIPTION:x", "END:VALARM"]
            default: lines += ["DTSTART;VALUE=DATE:\(day)", "DTEND;VALUE=DATE:\(base.adding(days: Int(random.next() % 200) - 100).description.replacingOccurrences(of: "-", with: ""))"]
            }
            lines.append("END:VEVENT")
        }
        lines.append("END:VCALENDAR")
        let text = lines.joined(separator: "\r\n") + "\r\n"
        for offset in stride(from: -20, through: 20, by: 2) {
            for zone in ["UTC", "Pacific/Auckland", "America/Los_Angeles"] {
                let r = try both(text, day: base.adding(days: offset), zone: TimeZone(identifier: zone)!)
                #expect(r.whole == r.kept, "day \(offset) in \(zone)")
                #expect(try ICalendarReader.eventCount(r.keptText, source: "x") < 200, "most of 400 events are dropped")
            }
        }
    }
}
