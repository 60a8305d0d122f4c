import Foundation
import Testing
@testable import TaskCore
import TaskerTestSupport

/// Placing tasks into free windows, and the day planner laying a plan around busy time.
@Suite struct TimeBlockerTests {
    func w(_ a: String, _ b: String) -> TimeWindow { TimeWindow(start: at("2026-03-10T\(a)"), end: at("2026-03-10T\(b)")) }

    @Test func placesEarliestFitWithBreaks() {
        var blocker = TimeBlocker(windows: [w("11:00", "18:00"), w("09:00", "10:00")], breakMinutes: 5)
        #expect(blocker.longestWindowMinutes == 420)
        #expect(blocker.place(minutes: 45) == w("09:00", "09:45"))
        // 15 min remain before 10:00 but the break leaves 10: a 15-minute task goes after the meeting.
        #expect(blocker.place(minutes: 15) == w("11:00", "11:15"))
        #expect(blocker.place(minutes: 10) == w("09:50", "10:00"))
        #expect(blocker.place(minutes: 60) == w("11:20", "12:20"))
        #expect(blocker.place(minutes: 500) == nil)
    }

    @Test func neverAcrossABusyEvent() {
        var blocker = TimeBlocker(windows: [w("09:00", "10:00"), w("11:00", "12:00")], breakMinutes: 0)
        #expect(blocker.place(minutes: 90) == nil)
        #expect(blocker.place(minutes: 60) == w("09:00", "10:00"))
        #expect(blocker.place(minutes: 60) == w("11:00", "12:00"))
        #expect(blocker.place(minutes: 1) == nil)
    }

    func task(_ id: Int64, _ title: String, estimate: Int, priority: Priority = .normal, energy: Energy? = nil) -> TaskItem {
        let now = at("2026-03-10T08:00")
        return TaskItem(id: TaskID(id), title: title, due: nil, priority: priority, estimateMinutes: estimate, energy: energy,
                        kind: nil, status: .open, stage: nil, deferUntil: nil, created: now, updated: now)
    }

    /// The must-show case at the planner level: 3 hours, focused, a 10:00–11:00 meeting, now 08:47.
    @Test func threeHoursFocusedAroundAMeeting() {
        let now = at("2026-03-10T08:47")
        var request = PlanRequest(budgetMinutes: 180, energy: .focused)
        request.blocking = TimeBlocking(busy: [BusyEvent(title: "Standup", calendar: "Work", start: at("2026-03-10T10:00"), end: at("2026-03-10T11:00"))])
        let tasks = [
            task(1, "write report", estimate: 90, priority: .high, energy: .focused),
            task(2, "review PR", estimate: 45, energy: .focused),
            task(3, "email", estimate: 20),
            task(4, "deep dive", estimate: 120, energy: .focused),
            task(5, "call", estimate: 15),
        ]
        let plan = DayPlanner(request: request, now: now, timeZone: utc).plan(tasks)
        #expect(plan.totalMinutes <= 180)
        for item in plan.items {
            #expect(item.start >= now)
            #expect(item.end <= at("2026-03-10T10:00") || item.start >= at("2026-03-10T11:00"), "\(item.task.title) overlaps the meeting")
        }
        for (a, b) in zip(plan.items, plan.items.dropFirst()) { #expect(b.start >= a.end.addingTimeInterval(300)) }
        #expect(plan.items.map(\.task.title) == ["review PR", "write report", "email", "call"])
        #expect(plan.items.first?.start == at("2026-03-10T09:00"))
        #expect(plan.busy.map(\.title) == ["Standup"])
        #expect(plan.freeWindows == [w("09:00", "10:00"), w("11:00", "18:00")])
    }

    @Test func aTaskLongerThanEveryWindowIsNamed() {
        let now = at("2026-03-10T08:00")
        var request = PlanRequest(budgetMinutes: 600)
        request.blocking = TimeBlocking(busy: [
            BusyEvent(title: "a", calendar: "Work", start: at("2026-03-10T10:00"), end: at("2026-03-10T11:00")),
            BusyEvent(title: "b", calendar: "Work", start: at("2026-03-10T12:00"), end: at("2026-03-10T13:00")),
            BusyEvent(title: "c", calendar: "Work", start: at("2026-03-10T14:00"), end: at("2026-03-10T18:00")),
        ], breakMinutes: 0)
        let plan = DayPlanner(request: request, now: now, timeZone: utc).plan([
            task(1, "long", estimate: 90, priority: .high), task(2, "hour", estimate: 60), task(3, "hour 2", estimate: 60),
            task(4, "hour 3", estimate: 60), task(5, "hour 4", estimate: 60),
        ])
        #expect(plan.items.map(\.task.title) == ["hour", "hour 2", "hour 3"])
        #expect(plan.leftovers.map(\.reason) == ["no free window of 90 min today", "no free window of 60 min left today"])
    }

    @Test func withoutBlockingTheDayIsEmptyAsBefore() {
        let now = at("2026-03-10T08:47")
        let plan = DayPlanner(request: PlanRequest(budgetMinutes: 60), now: now, timeZone: utc).plan([task(1, "a", estimate: 30), task(2, "b", estimate: 30)])
        #expect(plan.items.map(\.start) == [at("2026-03-10T08:50"), at("2026-03-10T09:20")])
        #expect(plan.freeWindows == nil)
    }
}

extension TimeBlockerTests {
    @Test func laterDaysStartAtWorkingHoursOrNineOnADayOff() {
        let now = at("2026-03-10T20:00")  // a Tuesday evening
        func firstStart(_ date: LocalDate) -> Date? {
            var request = PlanRequest(budgetMinutes: 60, date: date)
            request.blocking = TimeBlocking(workingHours: WorkingHours(text: "08:00-17:00")!, workingDays: [.mon, .tue, .wed, .thu, .fri])
            return DayPlanner(request: request, now: now, timeZone: utc).plan([task(1, "a", estimate: 30)]).items.first?.start
        }
        #expect(firstStart(LocalDate(year: 2026, month: 3, day: 11)) == at("2026-03-11T08:00"))
        #expect(firstStart(LocalDate(year: 2026, month: 3, day: 14)) == at("2026-03-14T09:00"))
    }
}
