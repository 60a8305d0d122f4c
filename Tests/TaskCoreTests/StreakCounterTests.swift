import Foundation
import Testing
@testable import TaskCore

/// `StreakCounter` on hand-made completion records: days by the zone at completion and the day start.
@Suite struct StreakCounterTests {
    static let london = TimeZone(identifier: "Europe/London")!
    static let newYork = TimeZone(identifier: "America/New_York")!
    static let tokyo = TimeZone(identifier: "Asia/Tokyo")!

    /// A completion at a wall-clock time in `zone`.
    static func done(_ wall: String, _ zone: TimeZone = london, due: String? = nil, series: String? = nil, project: String? = nil, contexts: [String] = []) -> CompletionRecord {
        CompletionRecord(
            title: series ?? "task", completed: ISODate.parse(wall, in: zone)!, timeZone: zone, due: due.map { ISODate.parse($0, in: zone)! },
            series: series, project: project, contexts: contexts)
    }

    static func counter(_ now: String, _ zone: TimeZone = london, dayStart: String = "04:00") -> StreakCounter {
        StreakCounter(now: ISODate.parse(now, in: zone)!, timeZone: zone, dayStart: WallTime(text: dayStart)!)
    }

    struct Case: Sendable, CustomStringConvertible {
        var description: String
        var records: [CompletionRecord]
        var now: String
        var dayStart = "04:00"
        var current: Int
        var longest: Int
        var lastDay: String
    }

    static let contextCases: [Case] = [
        Case(
            description: "spring forward (28 Mar 2027): 04:30 every morning is one day each",
            records: ["2027-03-27T04:30", "2027-03-28T04:30", "2027-03-29T04:30"].map { done($0, contexts: ["gym"]) },
            now: "2027-03-29T12:00", current: 3, longest: 3, lastDay: "2027-03-29"),
        Case(
            description: "fall back (31 Oct 2027): the repeated hour does not double a day",
            records: ["2027-10-30T22:00", "2027-10-31T01:30", "2027-10-31T22:00", "2027-11-01T22:00"].map { done($0, contexts: ["gym"]) },
            now: "2027-11-01T23:00", current: 3, longest: 3, lastDay: "2027-11-01"),
        Case(
            description: "flying London → New York mid-streak: each day is the day it was lived",
            records: [
                done("2027-05-03T09:00", contexts: ["gym"]),
                done("2027-05-04T23:30", newYork, contexts: ["gym"]),  // 04:30 on the 5th in London
                done("2027-05-05T20:00", newYork, contexts: ["gym"]),
            ],
            now: "2027-05-05T21:00", current: 3, longest: 3, lastDay: "2027-05-05"),
        Case(
            description: "01:30 with the day starting at 04:00 counts for the day before",
            records: [done("2027-05-03T21:00", contexts: ["gym"]), done("2027-05-05T01:30", contexts: ["gym"])],
            now: "2027-05-05T02:00", current: 2, longest: 2, lastDay: "2027-05-04"),
        Case(
            description: "01:30 with the day starting at midnight is its own day: a gap",
            records: [done("2027-05-03T21:00", contexts: ["gym"]), done("2027-05-05T01:30", contexts: ["gym"])],
            now: "2027-05-05T02:00", dayStart: "00:00", current: 1, longest: 1, lastDay: "2027-05-05"),
        Case(
            description: "a skipped day breaks the run; the longest stays",
            records: ["2027-05-03T09:00", "2027-05-04T09:00", "2027-05-05T09:00", "2027-05-07T09:00"].map { done($0, contexts: ["gym"]) },
            now: "2027-05-07T10:00", current: 1, longest: 3, lastDay: "2027-05-07"),
        Case(
            description: "yesterday's run is still current today; two days later it is not",
            records: ["2027-05-03T09:00", "2027-05-04T09:00"].map { done($0, contexts: ["gym"]) },
            now: "2027-05-05T10:00", current: 2, longest: 2, lastDay: "2027-05-04"),
        Case(
            description: "two days without a completion: current is 0",
            records: ["2027-05-03T09:00", "2027-05-04T09:00"].map { done($0, contexts: ["gym"]) },
            now: "2027-05-06T10:00", current: 0, longest: 2, lastDay: "2027-05-04"),
        Case(
            description: "several completions on one day count once",
            records: ["2027-05-03T09:00", "2027-05-03T10:00", "2027-05-03T23:59", "2027-05-04T03:59"].map { done($0, contexts: ["gym"]) },
            now: "2027-05-04T10:00", current: 1, longest: 1, lastDay: "2027-05-03"),
    ]

    @Test(arguments: contextCases) func contextStreak(_ c: Case) throws {
        let streak = try #require(Self.counter(c.now, dayStart: c.dayStart).contexts(c.records).first)
        #expect(streak.name == "gym")
        #expect(streak.current == c.current)
        #expect(streak.longest == c.longest)
        #expect(streak.lastDay?.description == c.lastDay)
    }

    /// Reading every completion in today's zone would merge the travel day with the next one.
    @Test func theZoneAtCompletionMatters() {
        let records = Self.contextCases[2].records
        let counted = Self.counter("2027-05-05T21:00").contexts(records)
        var flattened = records
        for i in flattened.indices { flattened[i].timeZone = Self.london }
        let naive = Self.counter("2027-05-05T21:00").contexts(flattened)
        #expect(counted.first?.longest == 3)
        #expect(naive.first?.longest != 3)
    }

    /// A daily habit due at 08:00: Monday done on time, Tuesday's done on Wednesday, Wednesday's and
    /// Thursday's on time. The series streak is 2 (the late one broke it); the context, with an
    /// errand on Tuesday, ran every day: 4.
    @Test func recurringSeriesVersusContext() {
        let records = [
            Self.done("2027-05-03T09:00", due: "2027-05-03T08:00", series: "stretch", contexts: ["home"]),
            Self.done("2027-05-04T18:00", contexts: ["home"]),
            Self.done("2027-05-05T10:00", due: "2027-05-04T08:00", series: "stretch", contexts: ["home"]),
            Self.done("2027-05-05T11:00", due: "2027-05-05T08:00", series: "stretch", contexts: ["home"]),
            Self.done("2027-05-06T09:00", due: "2027-05-06T08:00", series: "stretch", contexts: ["home"]),
        ]
        let counter = Self.counter("2027-05-06T20:00")
        let series = counter.series(records, openDue: ["stretch": ISODate.parse("2027-05-07T08:00", in: Self.london)!])
        #expect(series == [Streak(kind: .series, name: "stretch", current: 2, longest: 2, lastDay: LocalDate(iso: "2027-05-06"))])
        let context = counter.contexts(records)
        #expect(context == [Streak(kind: .context, name: "home", current: 4, longest: 4, lastDay: LocalDate(iso: "2027-05-06"))])
    }

    /// An open occurrence whose day has passed breaks the current series run; one due today does not.
    @Test(arguments: [("2027-05-07T08:00", 2), ("2027-05-06T08:00", 0)])
    func overdueOccurrenceBreaksTheSeries(openDue: String, current: Int) {
        let records = [
            Self.done("2027-05-05T09:00", due: "2027-05-05T08:00", series: "s"),
            Self.done("2027-05-06T09:00", due: "2027-05-06T08:00", series: "s"),
        ]
        let now = current == 0 ? "2027-05-07T10:00" : "2027-05-06T20:00"
        let streak = Self.counter(now).series(records, openDue: ["s": ISODate.parse(openDue, in: Self.london)!]).first
        #expect(streak?.current == current)
        #expect(streak?.longest == 2)
    }

    /// An occurrence due late at night and done after midnight (before the day start) is on its day.
    @Test func lateNightOccurrenceCountsOnItsDay() {
        let records = [
            Self.done("2027-05-04T00:30", due: "2027-05-03T23:00", series: "journal"),
            Self.done("2027-05-04T23:10", due: "2027-05-04T23:00", series: "journal"),
        ]
        #expect(Self.counter("2027-05-05T12:00").series(records).first?.current == 2)
        #expect(Self.counter("2027-05-05T12:00", dayStart: "00:00").series(records).first?.current == 1)
    }

    /// Completions in Tokyo read in Tokyo's calendar, whatever the zone now.
    @Test func dayOfACompletionUsesItsZone() {
        let counter = Self.counter("2027-05-05T12:00")
        let instant = ISODate.parse("2027-05-05T02:00", in: Self.london)!  // 10:00 in Tokyo
        #expect(counter.day(of: instant, in: Self.tokyo) == LocalDate(iso: "2027-05-05"))
        #expect(counter.day(of: instant, in: Self.london) == LocalDate(iso: "2027-05-04"))
    }

    @Test func projectsCountDaysWithAnyCompletion() {
        let records = [
            Self.done("2027-05-03T09:00", project: "Kitchen"), Self.done("2027-05-04T09:00", project: "Kitchen"),
            Self.done("2027-05-04T10:00", project: "Garden"),
        ]
        let streaks = Self.counter("2027-05-04T12:00").projects(records)
        #expect(streaks.map(\.name) == ["Kitchen", "Garden"])
        #expect(streaks.map(\.current) == [2, 1])
    }

    @Test func wallTimeParsing() {
        #expect(WallTime(text: "04:00")?.minutes == 240)
        #expect(WallTime(text: "23:59")?.description == "23:59")
        for bad in ["4:00", "24:00", "12:60", "ab:cd", "12:00:00", "", "+1:00"] { #expect(WallTime(text: bad) == nil, "\(bad)") }
    }
}
