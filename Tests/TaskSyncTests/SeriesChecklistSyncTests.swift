import Foundation
import Testing
import TaskCore
import TaskStore
@testable import TaskSync
import TaskerTestSupport

/// A repeating task's subtasks travel as their own VTODOs (`RELATED-TO;RELTYPE=PARENT:` the series'
/// UID) and reopen when the series advances: completed three times — on device A, on device B, and by
/// the `caldav` library — the same three subtask objects are open again after each completion on both
/// devices and for the library, and each device's done occurrence keeps the titles it saw done.
@Suite(.serialized) struct SeriesChecklistSyncTests {
    let berlin = TimeZone(identifier: "Europe/Berlin")!
    let titles = ["Empty the inbox", "Plan the week", "Water the plants"]

    func device(_ lab: CalDAVLab, _ name: String, _ clock: TestClock) throws -> TaskStore {
        let store = try TaskStore(path: lab.directory.path(name + ".sqlite"), clock: { clock.now }, timeZone: berlin)
        try store.bootstrap()
        return store
    }

    /// The subtasks of a device's open occurrence: title → (UUID, status).
    func checklist(_ store: TaskStore) throws -> [String: (uuid: String, status: TaskStatus)] {
        let records = try RecordSets(store).records().tasks
        let open = records.filter { $0.status == .open && $0.recurrence != nil }
        #expect(open.count == 1, "one open occurrence: \(open.map(\.title))")
        guard let parent = open.first else { return [:] }
        return Dictionary(uniqueKeysWithValues: records.filter { $0.parent == parent.uuid }.map { ($0.title, ($0.uuid, $0.status)) })
    }

    /// The subtasks on the server as the library reads them: title → (UID, STATUS); each must name `series` as its parent.
    func checklistThere(_ lab: CalDAVLab, _ series: String) throws -> [String: (uuid: String, status: String)] {
        let view = try lab.thirdPartyView()
        #expect(view.count == 4, "the series and its three subtasks: \(view.values.map { $0["summary"] ?? .null })")
        var out: [String: (uuid: String, status: String)] = [:]
        for (uid, item) in view where uid != series {
            #expect(item["parent"]?.stringValue == series)
            out[item["summary"]?.stringValue ?? ""] = (uid, item["status"]?.stringValue ?? "")
        }
        return out
    }

    /// The same three subtasks, open, on both devices and on the server.
    func expectOpenEverywhere(_ lab: CalDAVLab, _ series: String, _ a: TaskStore, _ b: TaskStore, round: Int, uuids: inout [String: String]) throws {
        let there = try checklistThere(lab, series), onA = try checklist(a), onB = try checklist(b)
        #expect(Set(there.keys) == Set(titles) && Set(onA.keys) == Set(titles) && Set(onB.keys) == Set(titles), "round \(round)")
        for title in titles {
            #expect(there[title]?.status == "NEEDS-ACTION", "round \(round): \(title) on the server")
            #expect(onA[title]?.status == .open && onB[title]?.status == .open, "round \(round): \(title) on the devices")
            let uuid = there[title]?.uuid ?? ""
            #expect(onA[title]?.uuid == uuid && onB[title]?.uuid == uuid, "round \(round): one object for \(title)")
            if let before = uuids[title] { #expect(before == uuid, "round \(round): the same subtask as before") }
            uuids[title] = uuid
        }
    }

    func doneOccurrences(_ store: TaskStore) throws -> [TaskRecord] {
        try RecordSets(store).records().tasks.filter { $0.status == .done && $0.recurrence != nil }.sorted { ($0.completed ?? .distantPast) < ($1.completed ?? .distantPast) }
    }

    func clean(_ report: SyncReport) -> Bool { !report.warnings.contains { $0.hasPrefix("not synced") } && report.conflicts.isEmpty }

    @Test(arguments: CalDAVServer.Kind.allCases)
    func aRecurringChecklistCompletesThreeTimesOnTwoDevicesWithTheSameSubtasks(server: CalDAVServer.Kind) throws {
        guard CalDAVServer.isAvailable(server) else {
            Issue.record("SKIPPED: .venv has no \(server)/caldav; run scripts/setup --with-python")
            return
        }
        let lab = try CalDAVLab(server)
        defer { lab.stop() }
        // The library completes at the real time: the devices' rounds come before it.
        let start = LocalDate(Date(), in: berlin).adding(days: -20)
        let clock = TestClock(start.instant(hour: 9, minute: 0, in: berlin))
        let a = try device(lab, "a", clock), b = try device(lab, "b", clock)
        let sync = lab.provider(timeZone: berlin)

        let review = try Tasks(a).createTask(TaskDraft(title: "Weekly review", due: start.instant(hour: 18, minute: 0, in: berlin),
                                                      recurrence: RecurrenceRule(frequency: .weekly)))
        let series = try Tasks(a).uuid(of: review.id)
        for title in titles { _ = try Tasks(a).createTask(TaskDraft(title: title, parent: review.id)) }
        #expect(clean(try sync.sync(a)))
        #expect(clean(try sync.sync(b)))
        var uuids: [String: String] = [:]
        try expectOpenEverywhere(lab, series, a, b, round: 0, uuids: &uuids)

        // 1. On A: two subtasks done (and synced), then the review.
        clock.now = start.instant(hour: 17, minute: 0, in: berlin)
        for task in try Tasks(a).tasks(TaskQuery(filter: .open)) where ["Empty the inbox", "Plan the week"].contains(task.title) {
            _ = try Tasks(a).completeTask(task.id)
        }
        #expect(clean(try sync.sync(a)))
        #expect(try checklistThere(lab, series).values.filter { $0.status == "COMPLETED" }.count == 2)
        clock.now = start.instant(hour: 18, minute: 30, in: berlin)
        _ = try Tasks(a).completeTask(try #require(try Tasks(a).tasks(TaskQuery(filter: .open)).first { $0.title == "Weekly review" }).id)
        #expect(clean(try sync.sync(a)))
        #expect(clean(try sync.sync(b)))
        try expectOpenEverywhere(lab, series, a, b, round: 1, uuids: &uuids)

        // 2. On B: all three, synced, then the review.
        clock.now = start.adding(days: 7).instant(hour: 17, minute: 0, in: berlin)
        for task in try Tasks(b).tasks(TaskQuery(filter: .open)) where titles.contains(task.title) { _ = try Tasks(b).completeTask(task.id) }
        #expect(clean(try sync.sync(b)))
        clock.now = start.adding(days: 7).instant(hour: 18, minute: 30, in: berlin)
        _ = try Tasks(b).completeTask(try #require(try Tasks(b).tasks(TaskQuery(filter: .open)).first { $0.title == "Weekly review" }).id)
        #expect(clean(try sync.sync(b)))
        #expect(clean(try sync.sync(a)))
        try expectOpenEverywhere(lab, series, a, b, round: 2, uuids: &uuids)

        // 3. The library: two subtasks COMPLETED, then the series (STATUS:COMPLETED, as Thunderbird does).
        for title in ["Empty the inbox", "Water the plants"] {
            try lab.third("change", ["uid": .string(uuids[title] ?? ""), "field": "status", "value": "COMPLETED"])
        }
        try lab.third("complete", ["uid": .string(series)])
        clock.now = Date()
        let readA = try sync.sync(a)
        #expect(clean(readA) && readA.uploaded >= 3, "the advanced series and the two reopened subtasks go back: \(readA.lines)")
        #expect(clean(try sync.sync(b)))
        try expectOpenEverywhere(lab, series, a, b, round: 3, uuids: &uuids)

        // Three done occurrences on each device, the same open one, and each keeps what its device saw done.
        let next = try #require(try Tasks(a).tasks(TaskQuery(filter: .open)).first { $0.title == "Weekly review" }?.due)
        #expect(try Tasks(b).tasks(TaskQuery(filter: .open)).first { $0.title == "Weekly review" }?.due == next)
        #expect(next > Date() && LocalDateTime(next, in: berlin).hour == 18)
        let doneA = try doneOccurrences(a), doneB = try doneOccurrences(b)
        #expect(doneA.count == 3 && doneB.count == 3)
        #expect(doneA.first?.checklist == ["Empty the inbox", "Plan the week"], "A's own completion")
        #expect(doneA.last?.checklist.map { Set($0) } == ["Empty the inbox", "Water the plants"], "the library's, as A read it")
        #expect(doneB.dropFirst().first?.checklist.map { Set($0) } == Set(titles), "B's own completion")
        for store in [a, b] {
            let quiet = try sync.sync(store)
            #expect(quiet.uploaded == 0 && quiet.downloaded == 0, "\(quiet.lines)")
        }
    }
}
