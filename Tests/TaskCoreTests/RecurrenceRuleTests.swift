import Foundation
import Testing
import TaskCore

/// The rule model: its RRULE text both ways, its wire form, its English, and RFC 5545 expansion of the
/// parts issue 40 added (ordinals, BYMONTHDAY, BYSETPOS, BYMONTH, COUNT, UNTIL, WKST) and the three kinds.
@Suite struct RecurrenceRuleTests {
    func day(_ y: Int, _ m: Int, _ d: Int) -> LocalDate { LocalDate(year: y, month: m, day: d) }

    static let texts = [
        "FREQ=DAILY", "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH", "FREQ=MONTHLY;BYDAY=2FR,4FR", "FREQ=MONTHLY;BYDAY=-1FR",
        "FREQ=MONTHLY;BYDAY=1TU", "FREQ=MONTHLY;BYMONTHDAY=-1", "FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=15",
        "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "FREQ=YEARLY;BYMONTH=2;BYDAY=2FR",
        "FREQ=WEEKLY;COUNT=10;BYDAY=SU", "FREQ=DAILY;UNTIL=20270301", "FREQ=DAILY;UNTIL=20270301T090000Z",
        "FREQ=WEEKLY;INTERVAL=2;BYDAY=SU;WKST=SU", "FREQ=YEARLY;BYMONTH=3,9;BYMONTHDAY=1,-1",
    ]

    @Test(arguments: texts) func rruleTextRoundTrips(_ text: String) throws {
        let rule = try #require(RecurrenceRule(rrule: text))
        #expect(rule.rrule == text)
        #expect(rule.verbatim == nil)
        #expect(RecurrenceRule(rrule: rule.rrule) == rule)
        #expect(RecurrenceRule(json: rule.json) == rule)
    }

    @Test func rruleReadsAnyOrderAndCaseAndTheName() throws {
        let rule = try #require(RecurrenceRule(rrule: "RRULE:byday=+2fr,4FR;freq=monthly"))
        #expect(rule == RecurrenceRule(frequency: .monthly, days: [.init(.fri, 4), .init(.fri, 2)]))
        #expect(rule.rrule == "FREQ=MONTHLY;BYDAY=2FR,4FR")
    }

    @Test(arguments: ["FREQ=HOURLY;INTERVAL=4", "FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO", "FREQ=DAILY;BYHOUR=9,17",
                      "FREQ=WEEKLY;BYDAY=1MO", "FREQ=MONTHLY;BYMONTHDAY=1;X-NAME=1", "FREQ=DAILY;COUNT=2;COUNT=3"])
    func unrepresentableRRULEIsKeptVerbatim(_ text: String) throws {
        let rule = try #require(RecurrenceRule(rrule: text))
        #expect(rule.verbatim == text)
        #expect(rule.rrule == text)
        #expect(RecurrenceRule(json: rule.json) == rule)
    }

    @Test(arguments: ["", "INTERVAL=2", "FREQ=FORTNIGHTLY", "FREQ=DAILY;INTERVAL=0", "FREQ=MONTHLY;BYMONTHDAY=32",
                      "FREQ=MONTHLY;BYDAY=0MO", "FREQ=DAILY;UNTIL=20270231", "FREQ=DAILY;COUNT", "FREQ=WEEKLY;BYDAY=XX"])
    func malformedRRULEIsNil(_ text: String) {
        #expect(RecurrenceRule(rrule: text) == nil)
    }

    @Test func wireFormIsCompactAndTheOldFormStillReads() throws {
        let old: JSONValue = ["frequency": "weekly", "interval": 1, "weekdays": ["mon", "thu"]]
        let plain = try #require(RecurrenceRule(json: old))
        #expect(plain == RecurrenceRule(frequency: .weekly, weekdays: [.mon, .thu]))
        #expect(plain.json == old)
        let payday = RecurrenceRule(frequency: .monthly, days: [.init(.fri, 2), .init(.fri, 4)], count: 12, kind: .onSchedule)
        #expect(payday.json == ["frequency": "monthly", "interval": 1, "weekdays": ["2fri", "4fri"], "count": 12, "kind": "on_schedule"])
        let lastWeekday = RecurrenceRule(frequency: .monthly, days: [.mon, .tue, .wed, .thu, .fri].map { .init($0) }, positions: [-1],
                                         until: .day(day(2027, 6, 30)), kind: .afterCompletion)
        #expect(lastWeekday.json == ["frequency": "monthly", "interval": 1, "weekdays": ["mon", "tue", "wed", "thu", "fri"],
                                     "positions": [-1], "until": "2027-06-30", "kind": "after_completion"])
        #expect(RecurrenceRule(json: lastWeekday.json) == lastWeekday)
        let instant: JSONValue = ["frequency": "daily", "until": "2027-03-01T09:00:00Z", "week_start": "sun", "month_days": [-1], "months": [2]]
        let read = try #require(RecurrenceRule(json: instant))
        #expect(read.rrule == "FREQ=DAILY;UNTIL=20270301T090000Z;BYMONTH=2;BYMONTHDAY=-1;WKST=SU")
        #expect(RecurrenceRule(json: ["rrule": "FREQ=HOURLY", "kind": "on_schedule"])?.rrule == "FREQ=HOURLY")
        for bad: JSONValue in [["frequency": "weekly", "weekdays": ["0fri"]], ["frequency": "monthly", "month_days": [0]],
                               ["frequency": "monthly", "kind": "sometimes"], ["frequency": "daily", "count": 0],
                               ["frequency": "daily", "until": "March"], ["rrule": "FREQ=NEVER"], ["interval": 2]] {
            #expect(RecurrenceRule(json: bad) == nil, "\(bad)")
        }
    }

    @Test func englishText() {
        func r(_ text: String, _ kind: RecurrenceRule.Kind = .skipMissed) -> String { RecurrenceRule(rrule: text, kind: kind)?.text ?? "nil" }
        #expect(r("FREQ=DAILY") == "Every day")
        #expect(r("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR") == "Every weekday")
        #expect(r("FREQ=WEEKLY;INTERVAL=2;BYDAY=SU") == "Every 2 weeks on Sunday")
        #expect(r("FREQ=MONTHLY;BYDAY=2FR,4FR") == "Every 2nd and 4th Fri")
        #expect(r("FREQ=MONTHLY;BYDAY=-1FR") == "Monthly on the last Fri")
        #expect(r("FREQ=MONTHLY;BYDAY=1TU") == "Monthly on the 1st Tue")
        #expect(r("FREQ=MONTHLY;BYMONTHDAY=-1") == "Monthly on the last day")
        #expect(r("FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=15") == "Every 3 months on the 15th")
        #expect(r("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1") == "Monthly on the last weekday")
        #expect(r("FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=15") == "Every year on 15 Mar")
        #expect(r("FREQ=YEARLY;BYMONTH=2;BYDAY=2FR") == "Every year on the 2nd Fri of Feb")
        #expect(r("FREQ=DAILY;INTERVAL=3", .afterCompletion) == "Every 3 days after done")
        #expect(r("FREQ=WEEKLY;COUNT=10", .onSchedule) == "Every week, 10 times, on schedule")
        #expect(r("FREQ=DAILY;UNTIL=20270301") == "Every day, until 1 Mar 2027")
    }

    /// Occurrence days of `text` from `start`, the first `n`.
    func days(_ text: String, from start: LocalDate, _ n: Int = 6) -> [String] {
        guard let rule = RecurrenceRule(rrule: text) else { return ["nil"] }
        return rule.days(from: start).prefix(n).map(\.description)
    }

    @Test func ordinalWeekdaysAndSetPositionsExpandAsRFC5545() {
        let sat5Dec = day(2026, 12, 5)
        #expect(days("FREQ=MONTHLY;BYDAY=2FR,4FR", from: sat5Dec, 4) == ["2026-12-11", "2026-12-25", "2027-01-08", "2027-01-22"])
        #expect(days("FREQ=MONTHLY;BYDAY=-1FR", from: sat5Dec, 3) == ["2026-12-25", "2027-01-29", "2027-02-26"])
        #expect(days("FREQ=MONTHLY;BYMONTHDAY=-1", from: sat5Dec, 3) == ["2026-12-31", "2027-01-31", "2027-02-28"])
        #expect(days("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", from: sat5Dec, 3) == ["2026-12-31", "2027-01-29", "2027-02-26"])
        #expect(days("FREQ=MONTHLY;BYMONTHDAY=1", from: sat5Dec, 2) == ["2027-01-01", "2027-02-01"])
        #expect(days("FREQ=YEARLY;BYMONTH=2;BYDAY=2FR", from: sat5Dec, 2) == ["2027-02-12", "2028-02-11"])
        #expect(days("FREQ=YEARLY;BYDAY=-1MO", from: sat5Dec, 2) == ["2026-12-28", "2027-12-27"])
        #expect(days("FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=15", from: sat5Dec, 3) == ["2026-12-15", "2027-03-15", "2027-06-15"])
        // WKST changes which weeks an every-other-week rule falls in.
        #expect(days("FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,SU", from: day(2026, 12, 1), 4) == ["2026-12-01", "2026-12-06", "2026-12-15", "2026-12-20"])
        #expect(days("FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,SU;WKST=SU", from: day(2026, 12, 1), 4) == ["2026-12-01", "2026-12-13", "2026-12-15", "2026-12-27"])
    }

    @Test func countAndUntilEndTheSeries() throws {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        let start = try #require(ISODate.parse("2027-03-26T09:30", in: berlin))
        let counted = try #require(RecurrenceRule(rrule: "FREQ=DAILY;COUNT=3"))
        #expect(counted.occurrences(from: start, in: berlin, limit: 50).map { ISODate.format($0, in: berlin) }
            == ["2027-03-26T09:30:00+01:00", "2027-03-27T09:30:00+01:00", "2027-03-28T09:30:00+02:00"])
        let until = try #require(RecurrenceRule(rrule: "FREQ=DAILY;UNTIL=20270327T083000Z"))
        #expect(until.occurrences(from: start, in: berlin, limit: 50).count == 2)
        let untilDay = try #require(RecurrenceRule(rrule: "FREQ=DAILY;UNTIL=20270328"))
        #expect(untilDay.occurrences(from: start, in: berlin, dateOnly: true, limit: 50).count == 3)
    }

    @Test func theThreeKindsPickTheNextDue() throws {
        let utc = try #require(TimeZone(identifier: "UTC"))
        let due = try #require(ISODate.parse("2026-12-01T09:00", in: utc))  // Tuesday
        let now = try #require(ISODate.parse("2026-12-05T10:00", in: utc))  // Saturday
        func next(_ kind: RecurrenceRule.Kind, _ text: String = "FREQ=DAILY;INTERVAL=3", dateOnly: Bool = false) -> String? {
            RecurrenceRule(rrule: text, kind: kind)?.next(after: due, dateOnly: dateOnly, in: utc, completed: now).map { ISODate.format($0.due, in: utc) }
        }
        #expect(next(.onSchedule) == "2026-12-04T09:00:00+00:00")
        #expect(next(.skipMissed) == "2026-12-07T09:00:00+00:00")
        #expect(next(.afterCompletion) == "2026-12-08T09:00:00+00:00")
        #expect(next(.skipMissed, "FREQ=DAILY", dateOnly: true) == "2026-12-05T09:00:00+00:00")
        #expect(next(.skipMissed, "FREQ=DAILY") == "2026-12-06T09:00:00+00:00")
        // COUNT counts the occurrences passed; the last one has no next.
        let counted = try #require(RecurrenceRule(rrule: "FREQ=DAILY;COUNT=3", kind: .skipMissed))
        #expect(counted.next(after: due, dateOnly: false, in: utc, completed: now) == nil)
        let onSchedule = counted.with(kind: .onSchedule)
        let second = try #require(onSchedule.next(after: due, dateOnly: false, in: utc, completed: now))
        #expect(second.rule.count == 2)
        let third = try #require(second.rule.next(after: second.due, dateOnly: false, in: utc, completed: now))
        #expect(third.rule.count == 1)
        #expect(third.rule.next(after: third.due, dateOnly: false, in: utc, completed: now) == nil)
        let until = try #require(RecurrenceRule(rrule: "FREQ=WEEKLY;UNTIL=20261208T090000Z", kind: .onSchedule))
        #expect(until.next(after: due, dateOnly: false, in: utc, completed: now).map { ISODate.format($0.due, in: utc) } == "2026-12-08T09:00:00+00:00")
        let ended = try #require(RecurrenceRule(rrule: "FREQ=WEEKLY;UNTIL=20261207T090000Z", kind: .onSchedule))
        #expect(ended.next(after: due, dateOnly: false, in: utc, completed: now) == nil)
    }
}
