import Testing
import TaskCore

@Suite struct LocalDateArithmeticTests {
    func day(_ y: Int, _ m: Int, _ d: Int) -> LocalDate { LocalDate(year: y, month: m, day: d) }

    @Test func monthArithmeticClampsToTheMonthsLastDay() {
        #expect(day(2027, 1, 31).adding(months: 1) == day(2027, 2, 28))
        #expect(day(2028, 1, 31).adding(months: 1) == day(2028, 2, 29))
        #expect(day(2026, 12, 2).adding(months: 3) == day(2027, 3, 2))
        #expect(day(2026, 1, 15).adding(months: -1) == day(2025, 12, 15))
        #expect(day(2026, 3, 31).adding(months: -1) == day(2026, 2, 28))
        #expect(day(2028, 2, 29).adding(months: 12) == day(2029, 2, 28))
        #expect(day(2028, 2, 29).adding(months: 48) == day(2032, 2, 29))
    }

    @Test func monthArithmeticLandsOnAGivenDayOfMonth() {
        // A series anchored on the 31st: after a clamped February it returns to the 31st.
        #expect(day(2027, 2, 28).adding(months: 1, onDay: 31) == day(2027, 3, 31))
        #expect(day(2027, 3, 31).adding(months: 1, onDay: 31) == day(2027, 4, 30))
        #expect(day(2026, 12, 2).adding(months: 1, onDay: 1) == day(2027, 1, 1))
    }

    @Test func weekdaysAndWeeksStartOnMonday() {
        // Wednesday 2 December 2026.
        let wed = day(2026, 12, 2)
        #expect(wed.weekday == .wed)
        #expect(wed.mondayOfWeek == day(2026, 11, 30))
        #expect(day(2026, 12, 6).mondayOfWeek == day(2026, 11, 30))  // a Sunday belongs to the week before
        #expect(day(2026, 11, 30).mondayOfWeek == day(2026, 11, 30))
        #expect(wed.onOrAfter(.wed) == wed)
        #expect(wed.onOrAfter(.fri) == day(2026, 12, 4))
        #expect(wed.onOrAfter(.tue) == day(2026, 12, 8))
        #expect(day(1969, 12, 31).weekday == .wed)
        #expect(day(1970, 1, 1).adding(days: -1) == day(1969, 12, 31))
    }
}
