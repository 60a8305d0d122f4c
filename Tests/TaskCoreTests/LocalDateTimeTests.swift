import Foundation
import Testing
import TaskCore

@Suite struct LocalDateTimeTests {
    func zone(_ name: String) throws -> TimeZone { try #require(TimeZone(identifier: name)) }

    func wall(_ y: Int, _ m: Int, _ d: Int, _ h: Int, _ min: Int, in zone: TimeZone) -> String {
        ISODate.format(LocalDateTime(date: LocalDate(year: y, month: m, day: d), hour: h, minute: min).instant(in: zone), in: zone)
    }

    @Test func aWallTimeInASpringForwardGapMovesForwardByTheGap() throws {
        #expect(wall(2027, 3, 28, 1, 30, in: try zone("Europe/London")) == "2027-03-28T02:30:00+01:00")
        #expect(wall(2027, 3, 28, 1, 0, in: try zone("Europe/London")) == "2027-03-28T02:00:00+01:00")
        #expect(wall(2026, 3, 8, 2, 15, in: try zone("America/New_York")) == "2026-03-08T03:15:00-04:00")
        #expect(wall(2026, 10, 4, 2, 30, in: try zone("Australia/Sydney")) == "2026-10-04T03:30:00+11:00")
        // Lord Howe Island moves by half an hour.
        #expect(wall(2026, 10, 4, 2, 10, in: try zone("Australia/Lord_Howe")) == "2026-10-04T02:40:00+11:00")
    }

    @Test func aRepeatedWallTimeTakesTheEarlierInstant() throws {
        #expect(wall(2026, 10, 25, 1, 30, in: try zone("Europe/London")) == "2026-10-25T01:30:00+01:00")
        #expect(wall(2026, 11, 1, 1, 30, in: try zone("America/New_York")) == "2026-11-01T01:30:00-04:00")
        #expect(wall(2027, 4, 4, 2, 30, in: try zone("Australia/Sydney")) == "2027-04-04T02:30:00+11:00")
        // The hour after the repeat is unambiguous.
        #expect(wall(2026, 10, 25, 2, 30, in: try zone("Europe/London")) == "2026-10-25T02:30:00+00:00")
    }

    @Test func zonesMoreThanTwelveHoursAheadFindTheRightSideOfTheChange() throws {
        // Chatham (+12:45, summer +13:45) springs forward at 02:45: 02:30 is before the change.
        let chatham = try zone("Pacific/Chatham")
        #expect(wall(2026, 9, 27, 2, 30, in: chatham) == "2026-09-27T02:30:00+12:45")
        #expect(wall(2026, 9, 27, 3, 0, in: chatham) == "2026-09-27T04:00:00+13:45")
        #expect(wall(2027, 4, 4, 3, 0, in: chatham) == "2027-04-04T03:00:00+13:45")
    }

    @Test(arguments: ["Europe/London", "America/New_York", "Australia/Sydney", "Asia/Kolkata", "Pacific/Chatham"])
    func agreesWithFoundationsCalendarOutsideGaps(zoneName: String) throws {
        let zone = try zone(zoneName)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        var day = LocalDate(year: 2026, month: 1, day: 1)
        for _ in 0..<800 {
            for (h, m) in [(0, 30), (1, 30), (2, 30), (9, 0), (23, 59)] {
                let instant = LocalDateTime(date: day, hour: h, minute: m).instant(in: zone)
                let back = LocalDateTime(instant, in: zone)
                let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: instant)
                #expect(back.date == LocalDate(year: c.year ?? 0, month: c.month ?? 0, day: c.day ?? 0))
                #expect((back.hour, back.minute) == (c.hour ?? -1, c.minute ?? -1))
                if back.date == day && (back.hour, back.minute) == (h, m) {
                    // Not in a gap: the earliest instant showing this wall time.
                    #expect(LocalDateTime(instant.addingTimeInterval(-3_600), in: zone) != back, "\(day) \(h):\(m)")
                } else {
                    #expect(back > LocalDateTime(date: day, hour: h, minute: m), "a gap moves forward: \(day) \(h):\(m)")
                }
            }
            day = day.adding(days: 1)
        }
    }

    @Test func readsAnInstantAsDayAndSecondsSinceMidnight() throws {
        let london = try zone("Europe/London")
        let instant = try #require(ISODate.parse("2026-07-01T23:30:15Z", in: london))
        let local = LocalDateTime(instant, in: london)
        #expect(local.date == LocalDate(year: 2026, month: 7, day: 2))
        #expect((local.hour, local.minute, local.second) == (0, 30, 15))
        #expect(local.secondsIntoDay == 1_815)
        #expect(local.description == "2026-07-02T00:30:15")
        let before = LocalDateTime(Date(timeIntervalSince1970: -1), in: try zone("UTC"))
        #expect(before.description == "1969-12-31T23:59:59")
    }
}
