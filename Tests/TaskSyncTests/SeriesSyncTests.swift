import Foundation
import Testing
import TaskCore
import TaskStore
@testable import TaskSync
import TaskerTestSupport

/// A recurring task is one VTODO for its whole life: completions on two devices and on a third-party
/// client (the Python `caldav` library's `complete()`, STATUS:COMPLETED as Thunderbird writes it) leave
/// one object on the server, one open occurrence on every device and the same streak everywhere.
@Suite(.serialized) struct SeriesSyncTests {
    let utc = TimeZone(identifier: "UTC")!

    func skipped(_ kind: CalDAVServer.Kind) -> Bool {
        if CalDAVServer.isAvailable(kind) { return false }
        Issue.record("SKIPPED: .venv has no \(kind)/caldav; run scripts/setup --with-python")
        return true
    }

    /// A device whose clock the test moves.
    func device(_ lab: CalDAVLab, _ name: String, _ clock: TestClock) throws -> TaskStore {
        let store = try TaskStore(path: lab.directory.path(name + ".sqlite"), clock: { clock.now }, timeZone: utc)
        try store.bootstrap()
        return store
    }

    /// Two devices on one collection of a fresh `kind` server, their clock at Tue 1 Dec 2026 12:00 UTC,
    /// and the provider both sync with; nil (recorded as skipped) when the server is not installed.
    /// The caller stops the lab.
    func twoDevices(_ kind: CalDAVServer.Kind) throws -> (CalDAVLab, TestClock, TaskStore, TaskStore, CalDAVSyncProvider)? {
        if skipped(kind) { return nil }
        let lab = try CalDAVLab(kind)
        let clock = TestClock(LocalDate(year: 2026, month: 12, day: 1).instant(hour: 12, minute: 0, in: utc))
        do {
            return (lab, clock, try device(lab, "a", clock), try device(lab, "b", clock), lab.provider())
        } catch {
            lab.stop()
            throw error
        }
    }

    /// What `icalendar` (PyPI) says of a text: "ok N" with the number of VTODOs, or its error.
    func icalendarCheck(_ text: String) throws -> String {
        let script = """
            import sys, icalendar
            cal = icalendar.Calendar.from_ical(sys.argv[1])
            todos = [c for c in cal.walk('VTODO')]
            for t in todos:
                for name in ('DUE', 'DTSTART', 'SUMMARY', 'STATUS', 'RRULE', 'UID'):
                    assert len(t.get(name) if isinstance(t.get(name), list) else ([t.get(name)] if t.get(name) is not None else [])) <= 1, name
                t.decoded('DUE')
            print('ok', len(todos))
            """
        let result = try VenvPython.run(["-c", script, text])
        return result.status == 0 ? result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) : "failed: \(result.stdout)"
    }

    func open(_ store: TaskStore) throws -> [TaskItem] { try Tasks(store).tasks(TaskQuery(filter: .open)) }

    func seriesStreaks(_ store: TaskStore, now: Date) throws -> [Streak] {
        StreakCounter(now: now, timeZone: utc).series(try StreakHistory(store).completionRecords(), openDue: try StreakHistory(store).openSeriesDue())
    }

    @Test(arguments: CalDAVServer.Kind.allCases)
    func completionsOnTwoDevicesAndAThirdPartyClientKeepOneVTodoAndOneStreak(server: CalDAVServer.Kind) throws {
        if skipped(server) { return }
        let lab = try CalDAVLab(server)
        defer { lab.stop() }
        // The third-party client completes at the real time: the series is laid out so that its
        // occurrence is due on the streak day it is now.
        let counter = StreakCounter(now: Date(), timeZone: utc)
        let today = counter.today
        let clock = TestClock(today.adding(days: -3).instant(hour: 8, minute: 0, in: utc))
        let a = try device(lab, "a", clock), b = try device(lab, "b", clock)
        let sync = lab.provider()

        let water = try Tasks(a).createTask(TaskDraft(title: "Water plants", due: today.adding(days: -3).instant(hour: 9, minute: 0, in: utc),
                                               recurrence: RecurrenceRule(frequency: .daily)))
        let series = try Tasks(a).uuid(of: water.id)
        #expect(try sync.sync(a).uploaded == 1)
        // Three completions on A, each on its day, each synced.
        for day in 0..<3 {
            clock.now = today.adding(days: day - 3).instant(hour: 10, minute: 0, in: utc)
            let current = try #require(try open(a).first)
            _ = try Tasks(a).completeTask(current.id)
            let report = try sync.sync(a)
            #expect(report.uploaded == 1 && report.warnings.isEmpty, "\(report.lines)")
        }
        #expect(try lab.thirdPartyView().count == 1)
        let pulled = try sync.sync(b)
        #expect(pulled.warnings.isEmpty, "\(pulled.lines)")
        #expect(try open(b).count == 1)
        #expect(try open(b).first?.due == today.instant(hour: 9, minute: 0, in: utc))

        // The third-party client completes the VTODO (STATUS:COMPLETED, COMPLETED now), as Thunderbird does.
        try lab.third("complete", ["uid": .string(series)])
        clock.now = today.instant(hour: 23, minute: 0, in: utc)
        let readA = try sync.sync(a)
        #expect(readA.warnings.isEmpty && readA.uploaded == 1, "the advanced series goes back: \(readA.lines)")
        #expect(try open(a).map(\.due) == [today.adding(days: 1).instant(hour: 9, minute: 0, in: utc)])
        var there = try lab.thirdPartyView()
        #expect(there[series]?["status"]?.stringValue == "NEEDS-ACTION")

        // B completes the next occurrence on its day.
        _ = try sync.sync(b)
        clock.now = today.adding(days: 1).instant(hour: 10, minute: 0, in: utc)
        let onB = try #require(try open(b).first)
        #expect(onB.due == today.adding(days: 1).instant(hour: 9, minute: 0, in: utc))
        _ = try Tasks(b).completeTask(onB.id)
        for device in [b, a, b, a] {
            let report = try sync.sync(device)
            #expect(!report.warnings.contains { $0.hasPrefix("not synced") }, "\(report.lines)")
        }
        // A last round changes nothing: the same completions seen again add nothing.
        let quiet = try sync.sync(a)
        #expect(quiet.uploaded == 0 && quiet.downloaded == 0, "\(quiet.lines)")

        there = try lab.thirdPartyView()
        #expect(there.count == 1 && there[series] != nil, "one VTODO for the series: \(there.keys.sorted())")
        let raw = there[series]?["raw"]?.stringValue ?? ""
        #expect(try icalendarCheck(raw) == "ok 1", "\(raw)")
        #expect(VTodoCheck.problems(raw).isEmpty, "\(VTodoCheck.problems(raw))")
        #expect(raw.contains("X-TASKER-COMPLETIONS"))
        let next = today.adding(days: 2).instant(hour: 9, minute: 0, in: utc)
        for store in [a, b] {
            let tasks = try Tasks(store).tasks(TaskQuery(filter: .all))
            #expect(try open(store).map(\.due) == [next], "one open occurrence, due the day after B's completion")
            #expect(tasks.filter { $0.status == .done }.count == 5, "3 on A, 1 elsewhere, 1 on B: \(tasks.map { ($0.title, $0.status, $0.due) })")
        }
        let now = clock.now.addingTimeInterval(3600)
        let streakA = try seriesStreaks(a, now: now), streakB = try seriesStreaks(b, now: now)
        #expect(streakA == streakB)
        #expect(streakA.map(\.current) == [5], "\(streakA)")
    }

    @Test(arguments: CalDAVServer.Kind.allCases)
    func aDueMovedOnByAnotherClientIsOneCompletion(server: CalDAVServer.Kind) throws {
        if skipped(server) { return }
        let lab = try CalDAVLab(server)
        defer { lab.stop() }
        let clock = TestClock(Date(timeIntervalSince1970: 1_796_000_000))
        let a = try device(lab, "a", clock)
        let sync = lab.provider()
        let first = LocalDate(year: 2026, month: 12, day: 1)
        let task = try Tasks(a).createTask(TaskDraft(title: "Stretch", due: first.instant(hour: 9, minute: 0, in: utc),
                                              recurrence: RecurrenceRule(frequency: .daily), dueDay: first))
        let series = try Tasks(a).uuid(of: task.id)
        _ = try sync.sync(a)
        // tasks.org's way: the DUE moves to the next occurrence, the status stays open.
        try lab.third("edit", ["uid": .string(series), "due": "DUE;VALUE=DATE:20261202"])
        for _ in 0..<2 { _ = try sync.sync(a) }
        let tasks = try Tasks(a).tasks(TaskQuery(filter: .all))
        #expect(try open(a).map(\.dueDay) == [first.adding(days: 1)])
        #expect(tasks.filter { $0.status == .done }.map(\.dueDay) == [first], "\(tasks.map { ($0.status, $0.dueDay) })")
        #expect(try lab.thirdPartyView().count == 1)
    }

    /// A series synced the old way — one VTODO per occurrence, done ones included — is one object
    /// after one sync, and another device pulls one open occurrence and the completions.
    @Test(arguments: CalDAVServer.Kind.allCases)
    func oneObjectPerOccurrenceBecomesOneObjectForTheSeries(server: CalDAVServer.Kind) throws {
        if skipped(server) { return }
        let lab = try CalDAVLab(server)
        defer { lab.stop() }
        let clock = TestClock(Date(timeIntervalSince1970: 1_796_000_000))
        let a = try device(lab, "a", clock)
        let sync = lab.provider()
        _ = try sync.sync(a)  // the collection found, nothing on it
        let day = LocalDate(year: 2026, month: 12, day: 1)
        let task = try Tasks(a).createTask(TaskDraft(title: "Journal", due: day.instant(hour: 20, minute: 0, in: utc), recurrence: RecurrenceRule(frequency: .daily)))
        let series = try Tasks(a).uuid(of: task.id)
        for _ in 0..<2 {
            _ = try Tasks(a).completeTask(try #require(try open(a).first).id)
            clock.advance(days: 1)
        }
        // The old layout, as sync wrote it before: each occurrence its own VTODO with the RRULE, done ones
        // included, and a sync item per occurrence.
        for row in try RecordSets(a).records().tasks {
            let fields = TaskFields(record: row, projects: [:])
            let text = ICSText.patch(ICSText.skeleton(uid: row.uuid), remove: [],
                                     add: VTodoMapping.rewrite(Set(TaskFields.keys), from: fields).add + ["DTSTAMP:20261201T000000Z"])
            let href = "/user/tasks/\(row.uuid).ics"
            let put = try lab.raw("PUT", href, body: text, headers: ["Content-Type: text/calendar; charset=utf-8"])
            try #require(put.isSuccess, "PUT \(href): \(put.status)")
            let etag = try lab.raw("GET", href).header("ETag")
            try SyncState(a).saveItem(lab.url, SyncItem(uuid: row.uuid, href: href, etag: etag, ics: text, base: fields.json))
        }
        #expect(try lab.thirdPartyView().count == 3, "three VTODOs with the same RRULE: the old duplicates")

        let moved = try sync.sync(a)
        #expect(!moved.warnings.contains { $0.hasPrefix("not synced") }, "\(moved.lines)")
        #expect(moved.warnings.contains("moved 'Journal' onto one VTODO for its whole series (2 occurrence objects deleted)"), "\(moved.lines)")
        let there = try lab.thirdPartyView()
        #expect(Array(there.keys) == [series], "exactly one VTODO for the series")
        #expect(there[series]?["status"]?.stringValue == "NEEDS-ACTION")
        #expect(try icalendarCheck(there[series]?["raw"]?.stringValue ?? "") == "ok 1")
        #expect(try SyncState(a).items(lab.url).keys.sorted() == [series])
        let again = try sync.sync(a)
        #expect(again.uploaded == 0 && again.warnings.isEmpty, "\(again.lines)")

        let b = try device(lab, "b", clock)
        _ = try sync.sync(b)
        #expect(try open(b).map(\.due) == (try open(a).map(\.due)))
        #expect(try Tasks(b).tasks(TaskQuery(filter: .all)).filter { $0.status == .done }.count == 2)
    }

    /// Deleting the open occurrence deletes the series' object; the done occurrences stay as history.
    @Test func deletingTheOpenOccurrenceDeletesTheSeriesEverywhere() throws {
        guard let (lab, clock, a, b, sync) = try twoDevices(.radicale) else { return }
        defer { lab.stop() }
        let task = try Tasks(a).createTask(TaskDraft(title: "Stretch", due: clock.now, recurrence: RecurrenceRule(frequency: .daily)))
        _ = try Tasks(a).completeTask(task.id)
        _ = try sync.sync(a)
        _ = try sync.sync(b)
        #expect(try open(b).count == 1)
        try Tasks(a).deleteTask(try #require(try open(a).first).id)
        let deleted = try sync.sync(a)
        #expect(deleted.deletedThere == 1 && deleted.uploaded == 0, "\(deleted.lines)")
        #expect(try lab.thirdPartyView().isEmpty)
        _ = try sync.sync(b)
        #expect(try open(b).isEmpty)
        #expect(try Tasks(b).tasks(TaskQuery(filter: .all)).filter { $0.status == .done }.count == 1, "the completion stays")
        let again = try sync.sync(a)
        #expect(again.uploaded == 0 && again.deletedThere == 0, "\(again.lines)")
    }

    /// Deleted here while completed on another device: the series comes back here (the edit wins, as
    /// for any task), with one open occurrence and each completion once.
    @Test func aSeriesDeletedHereAndCompletedElsewhereComesBackWhole() throws {
        guard let (lab, clock, a, b, sync) = try twoDevices(.radicale) else { return }
        defer { lab.stop() }
        let task = try Tasks(a).createTask(TaskDraft(title: "Stretch", due: clock.now, recurrence: RecurrenceRule(frequency: .daily)))
        _ = try Tasks(a).completeTask(task.id)
        _ = try sync.sync(a)
        _ = try sync.sync(b)
        try Tasks(a).deleteTask(try #require(try open(a).first).id)
        clock.advance(days: 1)
        _ = try Tasks(b).completeTask(try #require(try open(b).first).id)
        _ = try sync.sync(b)
        let back = try sync.sync(a)
        #expect(back.warnings.contains { $0.hasPrefix("kept 'Stretch'") }, "\(back.lines)")
        for store in [a, b] {
            let all = try Tasks(store).tasks(TaskQuery(filter: .all))
            #expect(all.filter { $0.status == .open }.count == 1)
            #expect(all.filter { $0.status == .done }.count == 2, "\(all.map { ($0.status, $0.due) })")
        }
        #expect(try open(a).map(\.due) == (try open(b).map(\.due)))
        #expect(try lab.thirdPartyView().count == 1)
        let quiet = try sync.sync(a)
        #expect(quiet.uploaded == 0 && quiet.downloaded == 0, "\(quiet.lines)")
    }

    /// A subtask of a later occurrence points at the series on the wire (RELATED-TO = the series UUID)
    /// and at the open occurrence on the other device.
    @Test func aSubtaskOfALaterOccurrenceFollowsTheSeries() throws {
        guard let (lab, clock, a, b, sync) = try twoDevices(.xandikos) else { return }
        defer { lab.stop() }
        let review = try Tasks(a).createTask(TaskDraft(title: "Weekly review", due: clock.now, recurrence: RecurrenceRule(frequency: .weekly)))
        let series = try Tasks(a).uuid(of: review.id)
        let next = try #require(try Tasks(a).completeTask(review.id).next)
        let inbox = try Tasks(a).createTask(TaskDraft(title: "Inbox zero", parent: next.id))
        _ = try sync.sync(a)
        let there = try lab.thirdPartyView()
        #expect(there.count == 2)
        let raw = there[try Tasks(a).uuid(of: inbox.id)]?["raw"]?.stringValue ?? ""
        #expect(ICSText.unfold(raw).contains("RELATED-TO;RELTYPE=PARENT:\(series)"), "\(raw)")
        let pulled = try sync.sync(b)
        #expect(pulled.warnings.isEmpty, "\(pulled.lines)")
        let openB = try open(b)
        let parentB = try #require(openB.first { $0.title == "Weekly review" })
        #expect(openB.first { $0.title == "Inbox zero" }?.parent == parentB.id)
        for device in [a, b] {
            let quiet = try sync.sync(device)
            #expect(quiet.uploaded == 0 && quiet.downloaded == 0, "\(quiet.lines)")
        }
    }
}
