import Foundation
import Testing
@testable import TaskCore
@testable import TaskStore

@Suite struct RecurrenceTests {
    /// Completes a task due `due` with `rule` at `now`; returns the next occurrence's due.
    func next(_ rule: RecurrenceRule, due: String, now: String, zone: TimeZone = utc) throws -> Date? {
        let f = try Fixture(now: at(now, zone), zone: zone)
        let t = try f.add("Repeat") { $0.due = at(due, zone); $0.recurrence = rule }
        return try Tasks(f.store).completeTask(t.id).next?.due
    }

    @Test func dailyWithInterval() throws {
        #expect(try next(.init(frequency: .daily), due: "2026-03-10T09:00", now: "2026-03-10T08:00") == at("2026-03-11T09:00"))
        #expect(try next(.init(frequency: .daily, interval: 3), due: "2026-03-10T09:00", now: "2026-03-10T08:00") == at("2026-03-13T09:00"))
    }

    @Test func pastOccurrencesAreSkippedUntilAfterNow() throws {
        // Due a week ago, daily: comes back once, tomorrow 9:00 (today 9:00 has passed at 10:00).
        #expect(try next(.init(frequency: .daily), due: "2026-03-03T09:00", now: "2026-03-10T10:00") == at("2026-03-11T09:00"))
        // Today 11:00 is still ahead at 10:00.
        #expect(try next(.init(frequency: .daily), due: "2026-03-03T11:00", now: "2026-03-10T10:00") == at("2026-03-10T11:00"))
    }

    @Test func weeklyAndWeekdays() throws {
        // 2026-03-10 is a Tuesday.
        #expect(try next(.init(frequency: .weekly), due: "2026-03-10T09:00", now: "2026-03-10T08:00") == at("2026-03-17T09:00"))
        #expect(try next(.init(frequency: .weekly, interval: 2), due: "2026-03-10T09:00", now: "2026-03-10T08:00") == at("2026-03-24T09:00"))
        let monWedFri = RecurrenceRule(frequency: .weekly, weekdays: [.mon, .wed, .fri])
        #expect(try next(monWedFri, due: "2026-03-10T09:00", now: "2026-03-10T08:00") == at("2026-03-11T09:00"))
        #expect(try next(monWedFri, due: "2026-03-13T09:00", now: "2026-03-10T08:00") == at("2026-03-16T09:00"))
        let everyOtherMonThu = RecurrenceRule(frequency: .weekly, interval: 2, weekdays: [.mon, .thu])
        #expect(try next(everyOtherMonThu, due: "2026-03-09T09:00", now: "2026-03-09T08:00") == at("2026-03-12T09:00"))
        #expect(try next(everyOtherMonThu, due: "2026-03-12T09:00", now: "2026-03-09T08:00") == at("2026-03-23T09:00"))
        let weekdays = RecurrenceRule(frequency: .daily, weekdays: [.mon, .tue, .wed, .thu, .fri])
        #expect(try next(weekdays, due: "2026-03-13T09:00", now: "2026-03-13T08:00") == at("2026-03-16T09:00"))
    }

    @Test func monthlyClampsToMonthEnd() throws {
        #expect(try next(.init(frequency: .monthly), due: "2026-01-31T09:00", now: "2026-01-30T08:00") == at("2026-02-28T09:00"))
        #expect(try next(.init(frequency: .monthly), due: "2028-01-31T09:00", now: "2028-01-30T08:00") == at("2028-02-29T09:00"))
        #expect(try next(.init(frequency: .monthly, interval: 3), due: "2026-11-30T09:00", now: "2026-11-01T08:00") == at("2027-02-28T09:00"))
        #expect(try next(.init(frequency: .monthly), due: "2026-03-15T09:00", now: "2026-03-01T08:00") == at("2026-04-15T09:00"))
        // Catching up keeps the original day as the anchor: Jan 31 → (Feb 28 past) → Mar 31.
        #expect(try next(.init(frequency: .monthly), due: "2026-01-31T09:00", now: "2026-03-10T08:00") == at("2026-03-31T09:00"))
    }

    @Test func yearlyAndLeapDay() throws {
        #expect(try next(.init(frequency: .yearly), due: "2026-03-10T09:00", now: "2026-03-10T08:00") == at("2027-03-10T09:00"))
        #expect(try next(.init(frequency: .yearly), due: "2028-02-29T09:00", now: "2028-02-28T08:00") == at("2029-02-28T09:00"))
        #expect(try next(.init(frequency: .yearly, interval: 2), due: "2026-06-01T09:00", now: "2026-03-10T08:00") == at("2028-06-01T09:00"))
    }

    @Test func keepsWallClockTimeAcrossDST() throws {
        // Berlin springs forward on 2026-03-29: 9:00 stays 9:00 local, 23 hours later.
        let n = try next(.init(frequency: .daily), due: "2026-03-28T09:00", now: "2026-03-28T08:00", zone: berlin)
        #expect(n == at("2026-03-29T09:00", berlin))
        #expect(n == at("2026-03-29T07:00Z"))
        let fall = try next(.init(frequency: .weekly), due: "2026-10-20T18:30", now: "2026-10-20T08:00", zone: berlin)
        #expect(fall == at("2026-10-27T18:30", berlin))
        #expect(fall == at("2026-10-27T17:30Z"))
    }

    @Test func nextOccurrenceCopiesFieldsAndKeepsCompletedRow() throws {
        let f = try Fixture()
        _ = try Projects(f.store).createProject(name: "Fitness")
        _ = try Projects(f.store).createList(name: "Health")
        let parent = try f.add("Routine")
        let t = try f.add("Run") {
            $0.notes = "5k"; $0.due = at("2026-03-10T07:00"); $0.priority = .high; $0.estimateMinutes = 30
            $0.energy = .deep; $0.contexts = ["outside"]; $0.kind = .errand; $0.list = "Health"; $0.project = "Fitness"
            $0.recurrence = RecurrenceRule(frequency: .daily); $0.deferUntil = LocalDate(year: 2026, month: 3, day: 9)
            $0.parent = parent.id
        }
        let (done, next) = try Tasks(f.store).completeTask(t.id)
        let n = try #require(next)
        #expect(done.status == .done && done.id == t.id)
        #expect(n.id != t.id && n.status == .open && n.completed == nil)
        #expect(n.title == "Run" && n.notes == "5k" && n.priority == .high && n.estimateMinutes == 30)
        #expect(n.energy == .deep && n.contexts == ["outside"] && n.kind == .errand && n.list == "Health")
        #expect(n.project == "Fitness" && n.recurrence == t.recurrence && n.parent == parent.id && n.deferUntil == nil)
        #expect(n.due == at("2026-03-11T07:00"))
        #expect(try Tasks(f.store).task(n.id) == n)
        #expect(try Tasks(f.store).task(t.id).status == .done)
        #expect(try Projects(f.store).projects().first?.openCount == 1)
        #expect(try Projects(f.store).projects().first?.doneCount == 1)
        // Completing the done one again creates nothing more.
        #expect(try Tasks(f.store).completeTask(t.id).next == nil)
        #expect(try Tasks(f.store).tasks(TaskQuery(filter: .all, project: "Fitness")).count == 2)
    }

    @Test func recurringWithoutDueStartsFromToday9() throws {
        let f = try Fixture(now: at("2026-03-10T10:00"))
        let t = try f.add("Water plants") { $0.recurrence = RecurrenceRule(frequency: .daily, interval: 2) }
        #expect(try Tasks(f.store).completeTask(t.id).next?.due == at("2026-03-12T09:00"))
    }
}
