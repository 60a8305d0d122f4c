import Foundation
import TaskCore
import Testing
@testable import TaskNL

@Suite struct ParserUnitTests {
    static let london = TimeZone(identifier: "Europe/London")!
    static let now = ISODate.parse("2026-12-02T10:30", in: london, defaultHour: 0)!

    @Test func civilDayAgreesWithCalendar() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        for number in stride(from: -130_000, to: 160_000, by: 37) {  // 1614–2408: Foundation switches to Julian before 1582
            let date = Date(timeIntervalSince1970: Double(number) * 86_400)
            let c = calendar.dateComponents([.year, .month, .day, .weekday], from: date)
            let day = CivilDay(number: number)
            #expect(day.components == (c.year!, c.month!, c.day!))
            #expect(CivilDay(year: c.year!, month: c.month!, day: c.day!) == day)
            #expect(day.weekday == Weekday(calendarWeekday: c.weekday!))
        }
    }

    @Test func monthArithmeticClampsToTheMonthsLastDay() {
        #expect(CivilDay(year: 2027, month: 1, day: 31).adding(months: 1).localDate == LocalDate(year: 2027, month: 2, day: 28))
        #expect(CivilDay(year: 2028, month: 1, day: 31).adding(months: 1).localDate == LocalDate(year: 2028, month: 2, day: 29))
        #expect(CivilDay(year: 2026, month: 12, day: 2).adding(months: 3).localDate == LocalDate(year: 2027, month: 3, day: 2))
        #expect(CivilDay(year: 2026, month: 1, day: 15).adding(months: -1).localDate == LocalDate(year: 2025, month: 12, day: 15))
    }

    @Test(arguments: ["Europe/London", "America/New_York", "Australia/Sydney", "Asia/Kolkata"])
    func zoneClockAgreesWithISODateWallClock(zoneName: String) {
        let zone = TimeZone(identifier: zoneName)!
        let clock = ZoneClock(timeZone: zone)
        var day = CivilDay(year: 2026, month: 1, day: 1)
        for _ in 0..<800 {
            for (h, m) in [(0, 30), (1, 30), (2, 30), (9, 0), (23, 59)] {
                let mine = clock.instant(day, hour: h, minute: m)
                #expect(mine == ISODate.wallClock(day.localDate, hour: h, minute: m, in: zone), "\(day.localDate) \(h):\(m)")
            }
            let back = clock.local(clock.instant(day, hour: 12, minute: 0))
            #expect(back.day == day && back.seconds == 43_200)
            day = day.adding(days: 1)
        }
    }

    @Test func tokensCarryUTF16SpansAndStripTrailingPunctuation() {
        let tokens = Tokenizer.tokens(of: " 🙂 Friday,  !!! café\tx")
        #expect(tokens.map(\.raw) == ["🙂", "Friday,", "!!!", "café", "x"])
        #expect(tokens.map(\.word) == ["🙂", "friday", "!!!", "café", "x"])
        #expect(tokens.map(\.range) == [1..<3, 4..<11, 13..<16, 17..<21, 22..<23])
    }

    @Test func chipSpansPointAtTheWordsRead() {
        let text = "call mom tomorrow 5pm #family !high ~15m"
        let result = TaskNLParser().parse(text, now: Self.now, timeZone: Self.london)
        let utf16 = Array(text.utf16)
        func spanText(_ r: Range<Int>) -> String { String(decoding: utf16[r], as: UTF16.self) }
        let spans = Dictionary(uniqueKeysWithValues: result.understood.map { ($0.text, $0.spans.map(spanText)) })
        #expect(spans["High"] == ["!high"])
        #expect(spans["≈15 min"] == ["~15m"])
        #expect(spans["#family"] == ["#family"])
        #expect(spans["Tomorrow, 5:00 PM"] == ["tomorrow 5pm"])
        #expect(spans["Call"] == [])
    }

    @Test func jsonHasDesignsShape() throws {
        let result = TaskNLParser().parse("standup every weekday 9:15am ~15m #work starting monday", now: Self.now, timeZone: Self.london)
        let json = result.json(timeZone: Self.london)
        #expect(json["title"] == "Standup")
        #expect(json["due"] == "2026-12-07T09:15:00+00:00")
        #expect(json["priority"] == "normal")
        #expect(json["estimateMinutes"] == 15)
        #expect(json["energy"] == .null)
        #expect(json["contexts"] == ["work"])
        #expect(json["kind"] == .null)
        #expect(json["recurrence"] == ["frequency": "weekly", "interval": 1, "weekdays": ["mon", "tue", "wed", "thu", "fri"]])
        #expect(json["deferUntil"] == "2026-12-07")
        #expect(json["understood"] == ["≈15 min", "#work", "Mon 7 Dec, 9:15 AM", "Every weekday", "Starts Mon 7 Dec"])
        #expect(json.objectValue?.count == 10)
    }

    @Test func chipTexts() {
        #expect(ChipText.estimate(15) == "≈15 min")
        #expect(ChipText.estimate(120) == "≈2 h")
        #expect(ChipText.estimate(90) == "≈1 h 30 min")
        #expect(ChipText.time(0) == "12:00 AM")
        #expect(ChipText.time(12 * 3600 + 5 * 60) == "12:05 PM")
        #expect(ChipText.recurrence(RecurrenceRule(frequency: .weekly, weekdays: [.thu, .mon])) == "Every Mon, Thu")
        #expect(ChipText.recurrence(RecurrenceRule(frequency: .daily, interval: 3)) == "Every 3 days")
    }
}
