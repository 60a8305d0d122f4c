import Foundation
import Testing
@testable import TaskCore
@testable import TaskStore

@Suite struct LocalDateTests {
    @Test func civilArithmeticAgreesWithFoundationsCalendar() throws {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = try #require(TimeZone(identifier: "UTC"))
        // From 1600 on: before 15 Oct 1582 Foundation switches to the Julian calendar; LocalDate stays Gregorian.
        for days in stride(from: -135_000, through: 250_000, by: 1009) {
            let day = LocalDate(daysSinceEpoch: days)
            let c = utc.dateComponents([.year, .month, .day, .weekday], from: Date(timeIntervalSince1970: TimeInterval(days) * 86_400 + 43_200))
            #expect(day == LocalDate(year: c.year ?? 0, month: c.month ?? 0, day: c.day ?? 0), "day \(days)")
            #expect(day.daysSinceEpoch == days)
            #expect(day.weekday == Weekday(calendarWeekday: c.weekday ?? 0), "day \(days)")
        }
        #expect(LocalDate(year: 2026, month: 12, day: 31).adding(days: 1) == LocalDate(year: 2027, month: 1, day: 1))
        #expect(LocalDate(year: 2028, month: 3, day: 1).adding(days: -1) == LocalDate(year: 2028, month: 2, day: 29))
    }

    @Test(arguments: ["Europe/London", "America/New_York", "Asia/Kolkata", "Australia/Sydney", "Pacific/Chatham"])
    func formatAndParseRoundTripAcrossZones(_ zoneName: String) throws {
        let zone = try #require(TimeZone(identifier: zoneName))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        for step in 0..<150 {
            let date = Date(timeIntervalSince1970: 1_767_225_600 + Double(step) * 86_400 * 2.71)  // through 2026–2027
            let text = ISODate.format(date, in: zone)
            let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
            #expect(text.hasPrefix(String(format: "%04d-%02d-%02dT%02d:%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0, c.minute ?? 0)), "\(text)")
            #expect(ISODate.parse(text, in: zone)?.timeIntervalSince1970 == date.timeIntervalSince1970.rounded(.down))
            #expect(LocalDate(date, in: zone) == LocalDate(year: c.year ?? 0, month: c.month ?? 0, day: c.day ?? 0))
        }
    }

    @Test func isoParsingRejectsMissingDaysAndHonoursOffsets() throws {
        let london = try #require(TimeZone(identifier: "Europe/London"))
        // A wall time in the spring-forward gap parses forward by the gap.
        #expect(ISODate.parse("2027-03-28T01:30", in: london).map { ISODate.format($0, in: london) } == "2027-03-28T02:30:00+01:00")
        #expect(LocalDate(year: 2027, month: 3, day: 28).instant(hour: 1, minute: 30, in: london) == ISODate.parse("2027-03-28T01:30", in: london))
        #expect(ISODate.parse("2026-02-30", in: london) == nil)
        #expect(ISODate.parse("2026-12-02T10:30:00Z", in: london) == ISODate.parse("2026-12-02T10:30", in: london))
        #expect(ISODate.parse("2026-12-02T11:30:00+01:00", in: london) == ISODate.parse("2026-12-02T10:30", in: london))
    }
}
