import Foundation
import Testing
import TaskCore
import TaskStore
@testable import TaskSync
import TaskerTestSupport

/// A repeating timed task travels in its zone (`DUE;TZID=` and a VTIMEZONE), on Radicale and
/// Xandikos, with the Python `caldav` library (dateutil, icalendar) as the third client: a series
/// made here reads there at its local time, a foreign completion or a DUE moved on there across the
/// change to summer time (28 March 2027 in Berlin) is read in the series' zone on a device in
/// another one — one completion, the same local time — and a series synced before in UTC gets its
/// TZID on the next sync.
@Suite(.serialized) struct SeriesZoneSyncTests {
    let utc = TimeZone(identifier: "UTC")!
    let berlin = TimeZone(identifier: "Europe/Berlin")!
    let newYork = TimeZone(identifier: "America/New_York")!

    func skipped(_ kind: CalDAVServer.Kind) -> Bool {
        if CalDAVServer.isAvailable(kind) { return false }
        Issue.record("SKIPPED: .venv has no \(kind)/caldav; run scripts/setup --with-python")
        return true
    }

    func device(_ lab: CalDAVLab, _ name: String, _ clock: TestClock, _ zone: TimeZone) throws -> TaskStore {
        let store = try TaskStore(path: lab.directory.path(name + ".sqlite"), clock: { clock.now }, timeZone: zone)
        try store.bootstrap()
        return store
    }

    func open(_ store: TaskStore) throws -> [TaskItem] { try Tasks(store).tasks(TaskQuery(filter: .open)) }
    func done(_ store: TaskStore) throws -> [TaskItem] { try Tasks(store).tasks(TaskQuery(filter: .all)).filter { $0.status == .done } }

    /// `20270328T160000Z` → that instant.
    func instant(_ stamp: String) -> Date? {
        guard stamp.count == 16, let day = LocalDate(basic: String(stamp.prefix(8))) else { return nil }
        let t = Array(stamp)
        guard let h = Int(String(t[9..<11])), let m = Int(String(t[11..<13])) else { return nil }
        return day.instant(hour: h, minute: m, in: utc)
    }

    func clean(_ report: SyncReport) -> Bool { !report.warnings.contains { $0.hasPrefix("not synced") } && report.conflicts.isEmpty }

    @Test(arguments: CalDAVServer.Kind.allCases)
    func aSeriesKeepsItsLocalTimeAcrossDSTOnEveryClient(server: CalDAVServer.Kind) throws {
        if skipped(server) { return }
        let lab = try CalDAVLab(server)
        defer { lab.stop() }
        let clock = TestClock(LocalDate(year: 2027, month: 3, day: 15).instant(hour: 12, minute: 0, in: utc))
        let a = try device(lab, "a", clock, berlin), b = try device(lab, "b", clock, newYork)
        let syncA = lab.provider(timeZone: berlin), syncB = lab.provider(timeZone: newYork)

        // Sunday 21 March 18:00 in Berlin (CET, 17:00 UTC), weekly on Sundays.
        let first = LocalDate(year: 2027, month: 3, day: 21).instant(hour: 18, minute: 0, in: berlin)
        let task = try Tasks(a).createTask(TaskDraft(title: "Call grandma", due: first, recurrence: RecurrenceRule(frequency: .weekly, weekdays: [.sun])))
        let series = try Tasks(a).uuid(of: task.id)
        #expect(try syncA.sync(a).uploaded == 1)

        // Out: the third client reads it in Berlin and expands it at 18:00 local past the change.
        var there = try #require(try lab.thirdPartyView()[series])
        #expect(there["due"]?.stringValue == "DUE;TZID=Europe/Berlin:20270321T180000")
        #expect(there["dueTime"]?.stringValue == "20270321T170000Z")
        let raw = there["raw"]?.stringValue ?? ""
        #expect(raw.contains("BEGIN:VTIMEZONE") && raw.contains("TZID:Europe/Berlin"), "\(raw)")
        #expect(try lab.third("occurrences", ["uid": .string(series), "count": 3]) == ["20270321T170000Z", "20270328T160000Z", "20270404T160000Z"])
        let checked = try lab.third("check", [:]).map { try JSONValue.parse($0) }
        #expect(checked.allSatisfy { $0["problems"] == .array([]) }, "icalendar reads it and the server takes it again: \(checked)")

        // B, in New York, takes the series with its zone.
        #expect(clean(try syncB.sync(b)))
        #expect(try open(b).map(\.due) == [first])
        #expect(try RecordSets(b).records().tasks.first { $0.status == .open }?.dueZone == "Europe/Berlin")

        // The third client completes it (STATUS:COMPLETED). B reads that in Berlin: Sunday 28 March
        // 18:00 CEST, 16:00 UTC — stepped in New York (already on summer time) it would be 17:00 UTC.
        try lab.third("complete", ["uid": .string(series)])
        clock.now = LocalDate(year: 2027, month: 3, day: 22).instant(hour: 12, minute: 0, in: utc)
        let readB = try syncB.sync(b)
        #expect(clean(readB) && readB.uploaded >= 1, "the advanced series goes back: \(readB.lines)")
        let sunday28 = LocalDate(year: 2027, month: 3, day: 28).instant(hour: 18, minute: 0, in: berlin)
        #expect(try open(b).map(\.due) == [sunday28])
        #expect(try done(b).count == 1)
        there = try #require(try lab.thirdPartyView()[series])
        #expect(there["due"]?.stringValue == "DUE;TZID=Europe/Berlin:20270328T180000")
        #expect(there["status"]?.stringValue == "NEEDS-ACTION")

        // B completes the next one itself (in New York): it steps on in Berlin too.
        clock.now = LocalDate(year: 2027, month: 3, day: 29).instant(hour: 12, minute: 0, in: utc)
        _ = try Tasks(b).completeTask(try #require(try open(b).first).id)
        let april4 = LocalDate(year: 2027, month: 4, day: 4).instant(hour: 18, minute: 0, in: berlin)
        #expect(try open(b).map(\.due) == [april4])
        #expect(clean(try syncB.sync(b)))

        #expect(clean(try syncA.sync(a)))
        #expect(try open(a).map(\.due) == [april4], "A takes both completions, in Berlin")
        // The third client moves the DUE on itself (tasks.org's way), in Berlin: one completion more on A, not a reschedule.
        #expect(try lab.third("advance", ["uid": .string(series)]) == ["20270411T160000Z"])
        clock.now = LocalDate(year: 2027, month: 4, day: 5).instant(hour: 12, minute: 0, in: utc)
        let readA = try syncA.sync(a)
        #expect(clean(readA), "\(readA.lines)")
        #expect(try open(a).map(\.due) == [LocalDate(year: 2027, month: 4, day: 11).instant(hour: 18, minute: 0, in: berlin)])
        let doneOnA = try done(a)
        #expect(doneOnA.count == 3, "the library's completion, B's and the moved DUE: \(doneOnA.map(\.due))")
        #expect(clean(try syncB.sync(b)))
        #expect(try done(b).count == 3)
        #expect(try open(b).map(\.due) == (try open(a).map(\.due)))
        let quiet = try syncA.sync(a)
        #expect(quiet.uploaded == 0 && quiet.downloaded == 0, "\(quiet.lines)")
        there = try #require(try lab.thirdPartyView()[series])
        #expect(there["due"]?.stringValue == "DUE;TZID=Europe/Berlin:20270411T180000")
        let problems = VTodoCheck.problems(there["raw"]?.stringValue ?? "")
        #expect(problems.isEmpty, "\(problems)")
    }

    /// A series synced before zones (DUE in UTC, a base without "zone") is written with its TZID and a
    /// VTIMEZONE on the next sync, at the same instant; the sync after it sends nothing.
    @Test(arguments: CalDAVServer.Kind.allCases)
    func aSeriesSyncedInUTCBeforeGetsItsZoneOnTheNextSync(server: CalDAVServer.Kind) throws {
        if skipped(server) { return }
        let lab = try CalDAVLab(server)
        defer { lab.stop() }
        let clock = TestClock(LocalDate(year: 2026, month: 12, day: 5).instant(hour: 12, minute: 0, in: utc))
        let a = try device(lab, "a", clock, berlin)
        let sync = lab.provider(timeZone: berlin)
        _ = try sync.sync(a)  // the collection found, nothing on it
        let due = LocalDate(year: 2026, month: 12, day: 6).instant(hour: 18, minute: 0, in: berlin)
        let task = try Tasks(a).createTask(TaskDraft(title: "Call grandma", due: due, recurrence: RecurrenceRule(frequency: .weekly, weekdays: [.sun])))
        let series = try Tasks(a).uuid(of: task.id)
        // As a build before zones wrote it: the fields without "zone", so the DUE in UTC.
        let row = try #require(try RecordSets(a).records().tasks.first)
        let old = TaskFields(record: row, projects: [:])
        #expect(old["zone"] == nil)
        let text = ICSText.patch(ICSText.skeleton(uid: series), remove: [], add: VTodoMapping.rewrite(Set(TaskFields.keys), from: old).add + ["DTSTAMP:20261205T000000Z"])
        #expect(text.contains("DUE:20261206T170000Z\r\n") && !text.contains("VTIMEZONE"))
        let href = "/user/tasks/\(series).ics"
        let put = try lab.raw("PUT", href, body: text, headers: ["Content-Type: text/calendar; charset=utf-8"])
        try #require(put.isSuccess, "PUT \(href): \(put.status)")
        try SyncState(a).saveItem(lab.url, SyncItem(uuid: series, href: href, etag: try lab.raw("GET", href).header("ETag"), ics: text, base: old.json))

        let next = try sync.sync(a)
        #expect(clean(next) && next.uploaded == 1, "\(next.lines)")
        let there = try #require(try lab.thirdPartyView()[series])
        #expect(there["due"]?.stringValue == "DUE;TZID=Europe/Berlin:20261206T180000")
        #expect(there["dueTime"]?.stringValue == "20261206T170000Z", "the same instant")
        #expect(there["raw"]?.stringValue?.contains("TZID:Europe/Berlin") == true)
        #expect(try lab.third("occurrences", ["uid": .string(series), "count": 20]).last == "20270418T160000Z", "18:00 in Berlin after 28 March")
        let again = try sync.sync(a)
        #expect(again.uploaded == 0 && again.downloaded == 0, "\(again.lines)")
    }

    /// Rules today's `RecurrenceRule` represents, in another client's series (Europe/Berlin, made by the
    /// `caldav` library with icalendar's VTIMEZONE) on a device in UTC: the library completes it, and
    /// the due Tasker steps on to is dateutil's next occurrence, across the change to summer time.
    static let rules: [(rule: String, due: String)] = [
        ("FREQ=WEEKLY;BYDAY=SU", "20270321T090000"),
        ("FREQ=DAILY;INTERVAL=3", "20270326T090000"),
        ("FREQ=DAILY", "20270327T090000"),
        ("FREQ=WEEKLY;INTERVAL=2;BYDAY=SU", "20270321T090000"),
        ("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "20270326T093000"),
        ("FREQ=MONTHLY", "20270315T090000"),
    ]

    /// Rules of the widened `RecurrenceRule` (ordinals, BYSETPOS, BYMONTHDAY, COUNT), stepped by another
    /// client's completion as dateutil expands them (`foreignWidenedRulesStepLikeDateutil`).
    static let widenedRules: [(rule: String, due: String)] = [
        ("FREQ=MONTHLY;BYDAY=-1FR", "20270326T090000"),
        ("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "20270331T090000"),
        ("FREQ=MONTHLY;BYDAY=2FR,4FR", "20270326T090000"),
        ("FREQ=MONTHLY;BYMONTHDAY=-1", "20270331T090000"),
        ("FREQ=DAILY;COUNT=10", "20270327T090000"),
    ]

    func foreignCompletionStepsLikeDateutil(_ server: CalDAVServer.Kind, rule: String, due: String) throws {
        if skipped(server) { return }
        let lab = try CalDAVLab(server)
        defer { lab.stop() }
        let clock = TestClock(LocalDate(year: 2027, month: 3, day: 10).instant(hour: 12, minute: 0, in: utc))
        let a = try device(lab, "a", clock, utc)
        let sync = lab.provider(timeZone: utc)
        let uid = "0190a3b4-0000-7000-8000-0000000000aa"
        try lab.third("series", ["uid": .string(uid), "summary": "Stretch", "due": .string(due), "tzid": "Europe/Berlin", "rrule": .string(rule)])
        let expected = try lab.third("occurrences", ["uid": .string(uid), "count": 3])
        #expect(expected.count == 3, "\(expected)")
        #expect(clean(try sync.sync(a)))
        #expect(try open(a).map(\.due) == [instant(expected[0])], "\(rule): read at its instant")
        #expect(try RecordSets(a).records().tasks.first?.dueZone == "Europe/Berlin")

        try lab.third("complete", ["uid": .string(uid)])
        let read = try sync.sync(a)
        #expect(clean(read), "\(read.lines)")
        #expect(try open(a).map(\.due) == [instant(expected[1])], "\(rule): stepped on as dateutil does (\(expected))")
        let there = try #require(try lab.thirdPartyView()[uid])
        #expect(there["dueTime"]?.stringValue == expected[1])
        #expect(there["due"]?.stringValue?.hasPrefix("DUE;TZID=Europe/Berlin:") == true, "\(there["due"] ?? .null)")
        // The series now starts at the new DUE, so a COUNT goes back one less (the end stays where it was).
        #expect(there["rrule"]?.stringValue == Self.afterOneCompletion(rule), "the rule goes back as it came, COUNT one less")
        #expect(there["status"]?.stringValue == "NEEDS-ACTION")

        // And tasks.org's way: the library moves the DUE on; one completion more, not a reschedule.
        #expect(try lab.third("advance", ["uid": .string(uid)]) == [expected[2]])
        let moved = try sync.sync(a)
        #expect(clean(moved), "\(moved.lines)")
        #expect(try open(a).map(\.due) == [instant(expected[2])])
        #expect(try done(a).count == 2)
    }

    @Test(arguments: CalDAVServer.Kind.allCases, rules.map(\.rule))
    func aForeignCompletionStepsOnAsDateutilDoes(server: CalDAVServer.Kind, rule: String) throws {
        try foreignCompletionStepsLikeDateutil(server, rule: rule, due: Self.rules.first { $0.rule == rule }?.due ?? "")
    }

    /// `rule` once an occurrence is done and DUE moved on: COUNT counts the occurrences from DUE on.
    static func afterOneCompletion(_ rule: String) -> String {
        rule.split(separator: ";").map { part in
            guard part.hasPrefix("COUNT="), let n = Int(part.dropFirst(6)) else { return String(part) }
            return "COUNT=\(n - 1)"
        }.joined(separator: ";")
    }

    @Test(arguments: CalDAVServer.Kind.allCases, widenedRules.map(\.rule))
    func foreignWidenedRulesStepLikeDateutil(server: CalDAVServer.Kind, rule: String) throws {
        try foreignCompletionStepsLikeDateutil(server, rule: rule, due: Self.widenedRules.first { $0.rule == rule }?.due ?? "")
    }
}
