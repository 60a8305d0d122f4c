import Foundation
import Testing
@testable import TaskCore
@testable import TaskStore
import TaskerTestSupport

/// The whole rule and its kind in a real SQLite file (`recur_rule`, `recur_kind`, schema v17), the
/// migration of older rows, and what completing does for each kind and at a series' end.
@Suite struct RecurrenceRuleStorageTests {
    @Test(arguments: ["FREQ=MONTHLY;BYDAY=2FR,4FR", "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "FREQ=YEARLY;COUNT=5;BYMONTH=3;BYMONTHDAY=-1",
                      "FREQ=WEEKLY;INTERVAL=2;UNTIL=20270301T090000Z;BYDAY=SU;WKST=SU", "FREQ=HOURLY;BYMINUTE=0,30"])
    func theWholeRuleAndItsKindAreStoredAndReadBack(_ text: String) throws {
        let f = try Fixture()
        let rule = try #require(RecurrenceRule(rrule: text, kind: .afterCompletion))
        let t = try f.add("Rule") { $0.due = at("2026-03-13T09:00"); $0.recurrence = rule }
        #expect(t.recurrence == rule)
        let reread = try Tasks(f.reopen()).task(t.id)
        #expect(reread.recurrence == rule)
        #expect(reread.recurrence?.rrule == text)
        let records = try RecordSets(f.store).records().tasks
        #expect(records.first { $0.title == "Rule" }?.recurrence == rule)
        let stored = try f.store.db.prepare("SELECT recur_rule || '|' || coalesce(recur_kind, '') FROM tasks WHERE id = ?")
            .bind([.integer(t.id.rawValue)]).first { $0.string(0) }
        #expect(stored == text + "|after_completion")
    }

    @Test func v16RowsMigrateToTheRuleText() throws {
        let dir = TemporaryDirectory("store")
        let path = dir.path("v16.sqlite")
        do {
            let db = try Database(path: path)
            for migration in SchemaMigration.all.prefix(16) { try db.execute(migration.sql) }
            try db.execute(
                """
                INSERT INTO lists(id, name, is_default, created) VALUES (1, 'Inbox', 1, 1767225600);
                INSERT INTO tasks(id, title, title_key, due, priority, list_id, recur_frequency, recur_interval, recur_weekdays, recur_anchor_day, created, updated, uuid)
                VALUES (1, 'Standup', 'standup', 1773133200, 1, 1, 'weekly', 2, 'mon,thu', NULL, 1767225600, 1767225600, 'a'),
                       (2, 'Rent', 'rent', 1772269200, 1, 1, 'monthly', 1, '', 31, 1767225600, 1767225600, 'b'),
                       (3, 'Plain', 'plain', NULL, 1, 1, NULL, NULL, NULL, NULL, 1767225600, 1767225600, 'c');
                PRAGMA user_version = 16;
                """)
        }
        let store = try TaskStore(path: path, clock: { at("2026-02-27T08:00") }, timeZone: utc)
        #expect(try store.storedSchemaVersion() == TaskStore.schemaVersion)
        #expect(try Tasks(store).task(TaskID(1)).recurrence == RecurrenceRule(frequency: .weekly, interval: 2, weekdays: [.mon, .thu]))
        #expect(try store.db.prepare("SELECT recur_rule FROM tasks WHERE id = 1").first { $0.string(0) } == "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH")
        #expect(try store.db.scalar("SELECT count(*) FROM tasks WHERE recur_weekdays IS NOT NULL") == 0)
        // Rent is due 28 Feb, anchored on the 31st: it keeps to the month's end, now said in the rule.
        let rent = try Tasks(store).task(TaskID(2))
        #expect(rent.recurrence?.rrule == "FREQ=MONTHLY;BYMONTHDAY=31,-1;BYSETPOS=1")
        #expect(rent.recurrence?.text == "Monthly on the 31st or the last day")
        #expect(try Tasks(store).completeTask(rent.id).next?.due == at("2026-03-31T09:00"))
        #expect(try Tasks(store).task(TaskID(3)).recurrence == nil)
    }

    /// Due Tue 3 Mar 9:00, every 3 days; done on Tue 10 Mar at 10:00.
    @Test(arguments: [(RecurrenceRule.Kind.onSchedule, "2026-03-06T09:00"), (.skipMissed, "2026-03-12T09:00"), (.afterCompletion, "2026-03-13T09:00")])
    func eachKindPicksItsNextDue(_ kind: RecurrenceRule.Kind, _ expected: String) throws {
        let f = try Fixture()
        let rule = RecurrenceRule(frequency: .daily, interval: 3, kind: kind)
        let t = try f.add("Water plants") { $0.due = at("2026-03-03T09:00"); $0.recurrence = rule }
        let next = try #require(try Tasks(f.store).completeTask(t.id).next)
        #expect(next.due == at(expected))
        #expect(next.recurrence?.kind == kind)
    }

    @Test func countEndsTheSeriesAndUntilToo() throws {
        let f = try Fixture(now: at("2026-03-01T08:00"))
        let three = try #require(RecurrenceRule(rrule: "FREQ=WEEKLY;COUNT=3", kind: .onSchedule))
        var task = try f.add("Course") { $0.due = at("2026-03-02T18:00"); $0.recurrence = three }
        var dues: [Date?] = [task.due]
        while let next = try Tasks(f.store).completeTask(task.id).next {
            dues.append(next.due)
            task = next
        }
        #expect(dues == [at("2026-03-02T18:00"), at("2026-03-09T18:00"), at("2026-03-16T18:00")])
        #expect(task.recurrence?.count == 1)
        let until = try #require(RecurrenceRule(rrule: "FREQ=DAILY;UNTIL=20260303T180000Z", kind: .onSchedule))
        let short = try f.add("Trial") { $0.due = at("2026-03-02T18:00"); $0.recurrence = until }
        let last = try #require(try Tasks(f.store).completeTask(short.id).next)
        #expect(last.due == at("2026-03-03T18:00"))
        #expect(try Tasks(f.store).completeTask(last.id).next == nil)
    }

    @Test func aSeriesOnThe31stKeepsToTheMonthEnd() throws {
        let f = try Fixture(now: at("2026-01-30T08:00"))
        let t = try f.add("Rent") { $0.due = at("2026-01-31T09:00"); $0.recurrence = RecurrenceRule(frequency: .monthly) }
        #expect(t.recurrence?.rrule == "FREQ=MONTHLY;BYMONTHDAY=31,-1;BYSETPOS=1")
        let feb = try #require(try Tasks(f.store).completeTask(t.id).next)
        #expect(feb.due == at("2026-02-28T09:00"))
        // Moved to the 15th, it follows the 15th.
        let moved = try Tasks(f.store).rescheduleTask(feb.id, due: at("2026-02-15T09:00"))
        #expect(moved.recurrence == RecurrenceRule(frequency: .monthly))
    }

    /// RFC 5545 wants UNTIL in its due's form: a day beside a date-only due, an instant beside a timed one.
    @Test func untilTakesTheFormItsDueNeeds() throws {
        let f = try Fixture(zone: berlin)
        let day = RecurrenceRule(frequency: .daily, until: .day(LocalDate(year: 2026, month: 3, day: 20)))
        let timed = try f.add("Timed") { $0.due = at("2026-03-11T09:00", berlin); $0.recurrence = day }
        #expect(timed.recurrence?.rrule == "FREQ=DAILY;UNTIL=20260320T225959Z")
        let whole = try f.add("Whole day") { $0.dueDay = LocalDate(year: 2026, month: 3, day: 11); $0.recurrence = day }
        #expect(whole.recurrence?.rrule == "FREQ=DAILY;UNTIL=20260320")
    }
}
