import Foundation
import Testing
@testable import TaskCore
@testable import TaskStore

/// Monthly and yearly series keep their anchor day across clamped months (schema v2).
@Suite struct RecurrenceAnchorTests {
    /// Completes `task` and each next occurrence in turn, `times` times; returns the dues created.
    func completeChain(_ f: Fixture, _ task: TaskItem, times: Int) throws -> [Date?] {
        var current = task
        var dues: [Date?] = []
        for _ in 0..<times {
            let next = try #require(try Tasks(f.store).completeTask(current.id).next)
            dues.append(next.due)
            current = next
        }
        return dues
    }

    @Test func monthlyFromJan31ReturnsToTheAnchorDay() throws {
        let f = try Fixture(now: at("2026-01-30T08:00"))
        let t = try f.add("Rent") { $0.due = at("2026-01-31T09:00"); $0.recurrence = RecurrenceRule(frequency: .monthly) }
        #expect(try Tasks(f.store).storedAnchorDay(t.id) == 31)
        let dues = try completeChain(f, t, times: 4)
        #expect(dues == ["2026-02-28T09:00", "2026-03-31T09:00", "2026-04-30T09:00", "2026-05-31T09:00"].map { at($0) })
    }

    @Test func everyTwoMonthsFromAug31() throws {
        let f = try Fixture(now: at("2026-08-01T08:00"))
        let t = try f.add("Report") { $0.due = at("2026-08-31T17:30"); $0.recurrence = RecurrenceRule(frequency: .monthly, interval: 2) }
        let dues = try completeChain(f, t, times: 6)
        let expected = ["2026-10-31", "2026-12-31", "2027-02-28", "2027-04-30", "2027-06-30", "2027-08-31"]
        #expect(dues == expected.map { at($0 + "T17:30") })
    }

    @Test func yearlyLeapDayComesBackInLeapYears() throws {
        let f = try Fixture(now: at("2028-02-01T08:00"))
        let t = try f.add("Birthday") { $0.due = at("2028-02-29T09:00"); $0.recurrence = RecurrenceRule(frequency: .yearly) }
        let dues = try completeChain(f, t, times: 4)
        #expect(dues == ["2029-02-28", "2030-02-28", "2031-02-28", "2032-02-29"].map { at($0 + "T09:00") })
    }

    @Test func catchingUpFromAClampedDueUsesTheAnchor() throws {
        let f = try Fixture(now: at("2026-01-30T08:00"))
        let t = try f.add("Rent") { $0.due = at("2026-01-31T09:00"); $0.recurrence = RecurrenceRule(frequency: .monthly) }
        let feb = try #require(try Tasks(f.store).completeTask(t.id).next)
        #expect(feb.due == at("2026-02-28T09:00"))
        // Finished on Apr 10: Mar 31 has passed, so Apr 30 (not Apr 28).
        f.clock.now = at("2026-04-10T10:00")
        #expect(try Tasks(f.store).completeTask(feb.id).next?.due == at("2026-04-30T09:00"))
    }

    @Test func keepsWallClockTimeAcrossDST() throws {
        // Berlin springs forward on 2026-03-29: Mar 31 9:00 local is 7:00 UTC, Feb 28 9:00 was 8:00 UTC.
        let f = try Fixture(now: at("2026-01-30T08:00", berlin), zone: berlin)
        let t = try f.add("Rent") { $0.due = at("2026-01-31T09:00", berlin); $0.recurrence = RecurrenceRule(frequency: .monthly) }
        let dues = try completeChain(f, t, times: 2)
        #expect(dues == [at("2026-02-28T08:00Z"), at("2026-03-31T07:00Z")])
    }

    @Test func reschedulingToAnotherDayReanchors() throws {
        let f = try Fixture(now: at("2026-01-30T08:00"))
        let t = try f.add("Rent") { $0.due = at("2026-01-31T09:00"); $0.recurrence = RecurrenceRule(frequency: .monthly) }
        let feb = try #require(try Tasks(f.store).completeTask(t.id).next)
        #expect(feb.due == at("2026-02-28T09:00"))
        _ = try Tasks(f.store).rescheduleTask(feb.id, due: at("2026-02-15T09:00"))
        #expect(try Tasks(f.store).storedAnchorDay(feb.id) == 15)
        #expect(try Tasks(f.store).completeTask(feb.id).next?.due == at("2026-03-15T09:00"))
    }

    @Test func reschedulingOntoTheMonthEndReanchorsThere() throws {
        let f = try Fixture(now: at("2026-01-10T08:00"))
        let t = try f.add("Invoice") { $0.due = at("2026-01-15T09:00"); $0.recurrence = RecurrenceRule(frequency: .monthly) }
        _ = try Tasks(f.store).rescheduleTask(t.id, due: at("2026-01-31T09:00"))
        #expect(try completeChain(f, t, times: 2) == [at("2026-02-28T09:00"), at("2026-03-31T09:00")])
    }

    @Test func aNewTimeOnTheSameDayKeepsTheAnchor() throws {
        let f = try Fixture(now: at("2026-01-30T08:00"))
        let t = try f.add("Rent") { $0.due = at("2026-01-31T09:00"); $0.recurrence = RecurrenceRule(frequency: .monthly) }
        let feb = try #require(try Tasks(f.store).completeTask(t.id).next)
        _ = try Tasks(f.store).rescheduleTask(feb.id, due: at("2026-02-28T18:00"))
        #expect(try Tasks(f.store).storedAnchorDay(feb.id) == 31)
        #expect(try Tasks(f.store).completeTask(feb.id).next?.due == at("2026-03-31T18:00"))
    }

    @Test func updatesSetOrClearTheAnchor() throws {
        let f = try Fixture(now: at("2026-01-30T08:00"))
        let t = try f.add("Review") { $0.due = at("2026-01-31T09:00"); $0.recurrence = RecurrenceRule(frequency: .daily) }
        #expect(try Tasks(f.store).storedAnchorDay(t.id) == nil)
        var toMonthly = TaskUpdate()
        toMonthly.recurrence = .some(RecurrenceRule(frequency: .monthly))
        _ = try Tasks(f.store).updateTask(t.id, toMonthly)
        #expect(try Tasks(f.store).storedAnchorDay(t.id) == 31)
        // Monthly → every 3 months on the same due keeps the anchor; a title change leaves it alone.
        var interval = TaskUpdate()
        interval.recurrence = .some(RecurrenceRule(frequency: .monthly, interval: 3))
        interval.title = "Quarterly review"
        _ = try Tasks(f.store).updateTask(t.id, interval)
        #expect(try Tasks(f.store).storedAnchorDay(t.id) == 31)
        var noRule = TaskUpdate()
        noRule.recurrence = .some(nil)
        _ = try Tasks(f.store).updateTask(t.id, noRule)
        #expect(try Tasks(f.store).storedAnchorDay(t.id) == nil)
        var noDue = TaskUpdate()
        noDue.recurrence = .some(RecurrenceRule(frequency: .yearly))
        noDue.due = .some(nil)
        _ = try Tasks(f.store).updateTask(t.id, noDue)
        #expect(try Tasks(f.store).storedAnchorDay(t.id) == nil)
    }

    @Test func bulkCreationStoresAnchors() throws {
        let f = try Fixture(now: at("2026-01-30T08:00"))
        var monthly = TaskDraft(title: "Rent")
        monthly.due = at("2026-01-31T09:00")
        monthly.recurrence = RecurrenceRule(frequency: .monthly)
        var weekly = TaskDraft(title: "Bins")
        weekly.due = at("2026-01-31T09:00")
        weekly.recurrence = RecurrenceRule(frequency: .weekly)
        let plain = TaskDraft(title: "Once")
        let created = try Tasks(f.store).createTasks([monthly, weekly, plain])
        #expect(try created.map { try Tasks(f.store).storedAnchorDay($0.id) } == [31, nil, nil])
        #expect(try completeChain(f, created[0], times: 2) == [at("2026-02-28T09:00"), at("2026-03-31T09:00")])
    }

    @Test func anchorDayIsTakenInTheStoreTimeZone() throws {
        // 2026-01-31 23:30 in Berlin is 22:30 UTC on the 31st; 00:30 on Feb 1 in Berlin is still Jan 31 UTC.
        let f = try Fixture(now: at("2026-01-01T08:00", berlin), zone: berlin)
        let t = try f.add("Late") { $0.due = at("2026-02-01T00:30", berlin); $0.recurrence = RecurrenceRule(frequency: .monthly) }
        #expect(try Tasks(f.store).storedAnchorDay(t.id) == 1)
        #expect(try Tasks(f.store).completeTask(t.id).next?.due == at("2026-03-01T00:30", berlin))
    }

    @Test func nextOccurrenceWithAndWithoutAnchorDay() {
        let rule = RecurrenceRule(frequency: .monthly)
        let feb28 = at("2026-02-28T09:00")
        #expect(rule.nextOccurrence(after: feb28, in: utc, notBefore: feb28) == at("2026-03-28T09:00"))
        #expect(rule.nextOccurrence(after: feb28, in: utc, notBefore: feb28, anchorDay: 31) == at("2026-03-31T09:00"))
        #expect(rule.nextOccurrence(after: feb28, in: utc, notBefore: feb28, anchorDay: 30) == at("2026-03-30T09:00"))
        // Weekly rules ignore the anchor.
        let weekly = RecurrenceRule(frequency: .weekly)
        #expect(weekly.nextOccurrence(after: feb28, in: utc, notBefore: feb28, anchorDay: 31) == at("2026-03-07T09:00"))
    }
}
