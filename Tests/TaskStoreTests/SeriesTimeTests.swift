import Foundation
import Testing
import TaskCore
@testable import TaskStore

/// A series whose occurrence a DST gap moved (2:30 is 3:30 the day clocks go forward) steps on at its own
/// time again, as every RFC 5545 client expands it; before, it stayed an hour late for good (found by
/// RepeatPhrasePropertyTests: `team sync monthly at 2am` in Berlin was at 3:00 from April on).
@Suite struct SeriesTimeTests {
    /// Completes the series `count` times, each at its due; the dues in order, as wall times in `zone`.
    func dues(_ rule: RecurrenceRule, from first: String, _ zone: TimeZone, count: Int) throws -> [String] {
        let f = try Fixture(now: at(first, zone), zone: zone)
        var t = try f.add("Night shift") { $0.due = at(first, zone); $0.recurrence = rule.with(kind: .onSchedule) }
        var out = [ISODate.format(try #require(t.due), in: zone)]
        for _ in 1..<count {
            f.clock.now = try #require(t.due)
            t = try #require(try Tasks(f.store).completeTask(t.id).next)
            out.append(ISODate.format(try #require(t.due), in: zone))
        }
        return out
    }

    @Test func aDailySeriesAtTwoThirtyIsBackAtTwoThirtyAfterTheSpringForward() throws {
        #expect(try dues(.init(frequency: .daily), from: "2027-03-27T02:30", berlin, count: 4) == [
            "2027-03-27T02:30:00+01:00", "2027-03-28T03:30:00+02:00", "2027-03-29T02:30:00+02:00", "2027-03-30T02:30:00+02:00",
        ])
    }

    @Test func aSeriesAtThreeThirtyStaysThere() throws {
        #expect(try dues(.init(frequency: .daily), from: "2027-03-27T03:30", berlin, count: 3) == [
            "2027-03-27T03:30:00+01:00", "2027-03-28T03:30:00+02:00", "2027-03-29T03:30:00+02:00",
        ])
    }

    @Test func aWeeklySeriesInTheSouthernSpring() throws {
        let sydney = try #require(TimeZone(identifier: "Australia/Sydney"))
        #expect(try dues(.init(frequency: .weekly), from: "2027-09-26T02:15", sydney, count: 3) == [
            "2027-09-26T02:15:00+10:00", "2027-10-03T03:15:00+11:00", "2027-10-10T02:15:00+11:00",
        ])
    }
}
