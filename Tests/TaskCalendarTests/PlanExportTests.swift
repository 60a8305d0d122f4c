import Foundation
import Testing
import TaskCore
@testable import TaskCalendar
import TaskerTestSupport

/// The exported plan re-imports (with libical) as the same blocks.
@Suite struct PlanExportTests {
    let zone = TimeZone(identifier: "Europe/London")!

    @Test func exportedPlanReimportsAsTheSameBlocks() throws {
        let now = try #require(ISODate.parse("2026-03-10T08:47", in: zone))
        var request = PlanRequest(budgetMinutes: 180, energy: .focused)
        let day = LocalDate(year: 2026, month: 3, day: 10)
        let busy = try ICalendarReader.busy(try FixtureFile.text("calendar/workday.ics"), calendar: "Work",
                                            from: day.startOfDay(in: zone), to: day.adding(days: 1).startOfDay(in: zone), timeZone: zone)
        request.blocking = TimeBlocking(busy: busy)
        let titles = ["Write report, draft; v2", "Überprüfung der Quartalszahlen für das Management-Team — mit Anhängen und Kommentaren", "Email\\inbox", "Call"]
        let tasks = titles.enumerated().map { index, title in
            TaskItem(id: TaskID(Int64(index + 1)), title: title, estimateMinutes: [60, 45, 20, 15][index], energy: .focused, created: now, updated: now)
        }
        let plan = DayPlanner(request: request, now: now, timeZone: zone).plan(tasks)
        #expect(plan.items.count == 4)
        let text = PlanCalendarText.ics(plan, now: now, timeZone: zone)
        #expect(text.split(separator: "\r\n").allSatisfy { $0.utf8.count <= 75 })
        let back = try ICalendarReader.busy(text, calendar: "Plan", from: day.startOfDay(in: zone), to: day.adding(days: 1).startOfDay(in: zone), timeZone: zone)
        #expect(back.map(\.title) == plan.items.map(\.task.title))
        #expect(back.map(\.start) == plan.items.map(\.start))
        #expect(back.map(\.end) == plan.items.map(\.end))
        #expect(try ICalendarReader.eventCount(text, source: "Plan") == 4)
    }
}
