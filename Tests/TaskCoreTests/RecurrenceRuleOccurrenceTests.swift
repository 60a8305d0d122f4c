import Foundation
import Testing
import TaskCore

/// Recurrence stepping on calendar days and across DST, without a store (the store's use of it,
/// anchors included, is in `RecurrenceTests`).
@Suite struct RecurrenceRuleOccurrenceTests {
    func day(_ y: Int, _ m: Int, _ d: Int) -> LocalDate { LocalDate(year: y, month: m, day: d) }

    @Test func firstDayIsTheDayItselfOrTheNearestListedWeekday() {
        let wed = day(2026, 12, 2)
        #expect(RecurrenceRule(frequency: .daily).firstDay(onOrAfter: wed) == wed)
        #expect(RecurrenceRule(frequency: .monthly).firstDay(onOrAfter: wed) == wed)
        #expect(RecurrenceRule(frequency: .weekly, weekdays: [.mon, .thu]).firstDay(onOrAfter: wed) == day(2026, 12, 3))
        #expect(RecurrenceRule(frequency: .weekly, weekdays: [.mon]).firstDay(onOrAfter: wed) == day(2026, 12, 7))
        #expect(RecurrenceRule(frequency: .weekly, weekdays: [.wed, .sat]).firstDay(onOrAfter: wed) == wed)
        let weekend = RecurrenceRule(frequency: .weekly, weekdays: [.sat, .sun])
        #expect(weekend.firstDay(onOrAfter: day(2026, 12, 6)) == day(2026, 12, 6))
    }

    @Test func firstDayIsTheNextMatchingDayWhateverTheInterval() {
        let saturday = day(2026, 12, 5)
        let otherWednesday = RecurrenceRule(frequency: .weekly, interval: 2, weekdays: [.wed])
        #expect(otherWednesday.firstDay(onOrAfter: saturday) == day(2026, 12, 9))
        // the interval counts from that first day
        #expect(otherWednesday.nextDay(after: day(2026, 12, 9)) == day(2026, 12, 23))
        #expect(RecurrenceRule(frequency: .weekly, interval: 2, weekdays: [.thu]).firstDay(onOrAfter: saturday) == day(2026, 12, 10))
        #expect(RecurrenceRule(frequency: .weekly, interval: 2, weekdays: [.sun]).firstDay(onOrAfter: saturday) == day(2026, 12, 6))
        #expect(RecurrenceRule(frequency: .monthly, interval: 2, monthDays: [1]).firstDay(onOrAfter: saturday) == day(2027, 1, 1))
    }

    @Test func nextDayStepsByTheRule() {
        let wed = day(2026, 12, 2)
        #expect(RecurrenceRule(frequency: .daily).nextDay(after: wed) == day(2026, 12, 3))
        #expect(RecurrenceRule(frequency: .daily, interval: 3).nextDay(after: wed) == day(2026, 12, 5))
        #expect(RecurrenceRule(frequency: .weekly).nextDay(after: wed) == day(2026, 12, 9))
        #expect(RecurrenceRule(frequency: .weekly, interval: 2).nextDay(after: wed) == day(2026, 12, 16))
        #expect(RecurrenceRule(frequency: .monthly).nextDay(after: wed) == day(2027, 1, 2))
        #expect(RecurrenceRule(frequency: .yearly).nextDay(after: wed) == day(2027, 12, 2))
    }

    @Test func weekdaySetsStepToTheNextListedDay() {
        let weekdays = RecurrenceRule(frequency: .weekly, weekdays: [.mon, .tue, .wed, .thu, .fri])
        #expect(weekdays.nextDay(after: day(2026, 12, 2)) == day(2026, 12, 3))
        #expect(weekdays.nextDay(after: day(2026, 12, 4)) == day(2026, 12, 7))  // Friday → Monday
        let monThu = RecurrenceRule(frequency: .weekly, weekdays: [.mon, .thu])
        #expect(monThu.nextDay(after: day(2026, 12, 3)) == day(2026, 12, 7))
        let everyOtherMonThu = RecurrenceRule(frequency: .weekly, interval: 2, weekdays: [.mon, .thu])
        #expect(everyOtherMonThu.nextDay(after: day(2026, 12, 3)) == day(2026, 12, 14))
        let dailyOnWeekdays = RecurrenceRule(frequency: .daily, weekdays: [.mon, .tue, .wed, .thu, .fri])
        #expect(dailyOnWeekdays.nextDay(after: day(2026, 12, 4)) == day(2026, 12, 7))
    }

    @Test func monthlyAndYearlySkipMonthsWithoutTheDayAsRFC5545Does() {
        func second(_ rule: RecurrenceRule, _ start: LocalDate) -> LocalDate? { Array(rule.days(from: start).prefix(2)).last }
        let monthly = RecurrenceRule(frequency: .monthly)
        #expect(second(monthly, day(2027, 1, 31)) == day(2027, 3, 31))
        #expect(second(monthly, day(2026, 12, 31)) == day(2027, 1, 31))
        #expect(second(RecurrenceRule(frequency: .monthly, interval: 3), day(2026, 11, 30)) == day(2027, 5, 30))
        #expect(second(RecurrenceRule(frequency: .yearly), day(2028, 2, 29)) == day(2032, 2, 29))
        let lastDay = RecurrenceRule(frequency: .monthly, monthDays: [-1])
        #expect(second(lastDay, day(2027, 1, 31)) == day(2027, 2, 28))
        #expect(second(lastDay, day(2028, 1, 31)) == day(2028, 2, 29))
    }

    /// A series set up on the 29th–31st keeps to the month's end (`keepingMonthEnd`), as the store saves it.
    @Test func nextDayKeepsToTheMonthEnd() {
        let monthly = RecurrenceRule(frequency: .monthly)
        #expect(monthly.nextDay(after: day(2027, 1, 31)) == day(2027, 2, 28))
        #expect(monthly.nextDay(after: day(2028, 1, 31)) == day(2028, 2, 29))
        #expect(monthly.nextDay(after: day(2026, 12, 31)) == day(2027, 1, 31))
        #expect(RecurrenceRule(frequency: .monthly, interval: 3).nextDay(after: day(2026, 11, 30)) == day(2027, 2, 28))
        #expect(RecurrenceRule(frequency: .yearly).nextDay(after: day(2028, 2, 29)) == day(2029, 2, 28))
        #expect(RecurrenceRule(frequency: .yearly, interval: 4).nextDay(after: day(2028, 2, 29)) == day(2032, 2, 29))
        #expect(monthly.keepingMonthEnd(from: day(2027, 1, 31)).rrule == "FREQ=MONTHLY;BYMONTHDAY=31,-1;BYSETPOS=1")
        #expect(monthly.keepingMonthEnd(from: day(2027, 1, 15)) == monthly)
        #expect(monthly.keepingMonthEnd(from: day(2027, 1, 31)).keepingMonthEnd(from: day(2027, 2, 15)) == monthly)
    }

    @Test func nextOccurrenceFollowsTheRuleFromTheDue() throws {
        let utc = try #require(TimeZone(identifier: "UTC"))
        let monthly = RecurrenceRule(frequency: .monthly)
        let jan31 = try #require(ISODate.parse("2027-01-31T09:00", in: utc))
        let mar31 = monthly.nextOccurrence(after: jan31, in: utc, notBefore: jan31)
        #expect(ISODate.format(mar31, in: utc) == "2027-03-31T09:00:00+00:00")
    }

    @Test func nextOccurrenceKeepsWallTimeAndMovesThroughADSTGap() throws {
        let london = try #require(TimeZone(identifier: "Europe/London"))
        let daily = RecurrenceRule(frequency: .daily)
        // 01:30 does not exist on 28 March 2027: that occurrence is 02:30 BST, the next 01:30 again.
        let start = try #require(ISODate.parse("2027-03-27T01:30", in: london))
        let gap = daily.nextOccurrence(after: start, in: london, notBefore: start)
        #expect(ISODate.format(gap, in: london) == "2027-03-28T02:30:00+01:00")
        let after = daily.nextOccurrence(after: start, in: london, notBefore: gap)
        #expect(ISODate.format(after, in: london) == "2027-03-29T01:30:00+01:00")
        // 01:30 happens twice on 25 October 2026: the first (BST) one.
        let autumn = try #require(ISODate.parse("2026-10-24T01:30", in: london))
        let twice = daily.nextOccurrence(after: autumn, in: london, notBefore: autumn)
        #expect(ISODate.format(twice, in: london) == "2026-10-25T01:30:00+01:00")
    }
}
