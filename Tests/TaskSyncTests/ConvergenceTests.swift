import Foundation
import Testing
import TaskCalendar
import TaskCore
import TaskStore
@testable import TaskSync
import TaskerTestSupport

/// Two devices and a third-party client (the Python `caldav` library, `Fixtures/caldav/third_party.py`)
/// edit every synced field, create and delete, interleaved with syncs and refused items; after a final
/// round every view is the same (A, B, and the server as that client reads it), no task twice, no field
/// lost, and every VTODO on the server valid (icalendar parses it, the server takes it again).
@Suite(.serialized) struct ConvergenceTests {
    /// The seed quoted in the report; change it to explore, keep it to reproduce.
    static let seed: UInt64 = 20_261_202

    /// A task A made and sent, deleted by B before A syncs again: A's next listing starts from a token
    /// its own PUT came after, and Xandikos lists nothing for an item that did not exist at that token
    /// and does not now. A must still see the delete (found by the random run below).
    @Test(arguments: CalDAVServer.Kind.allCases) func aTaskMadeHereAndDeletedElsewhereGoesHere(server: CalDAVServer.Kind) throws {
        guard CalDAVServer.isAvailable(server) else {
            Issue.record("SKIPPED: .venv has no \(server)/caldav; run scripts/setup --with-python")
            return
        }
        let lab = try CalDAVLab(server)
        defer { lab.stop() }
        let a = try lab.device("a"), b = try lab.device("b")
        let sync = lab.provider()
        _ = try sync.sync(a)
        let made = try Tasks(a).createTask(TaskDraft(title: "Short-lived"))
        #expect(try sync.sync(a).uploaded == 1)
        #expect(try sync.sync(b).downloaded == 1)
        try Tasks(b).deleteTask(#require(try Tasks(b).taskID(uuid: Tasks(a).uuid(of: made.id))))
        #expect(try sync.sync(b).deletedThere == 1)
        let report = try sync.sync(a)
        #expect(report.deletedHere == 1, "\(report.lines) on \(server)")
        #expect(try Tasks(a).tasks(TaskQuery(filter: .all)).isEmpty, "on \(server)")
    }

    @Test(arguments: CalDAVServer.Kind.allCases) func twoHundredRandomOperationsConverge(server: CalDAVServer.Kind) throws {
        guard CalDAVServer.isAvailable(server) else {
            Issue.record("SKIPPED: .venv has no \(server)/caldav; run scripts/setup --with-python")
            return
        }
        let lab = try CalDAVLab(server)
        defer { lab.stop() }
        let devices = [try lab.device("a"), try lab.device("b")]
        let sync = lab.provider()
        var random = SeededRandom(seed: Self.seed)
        var made = 0, refusals = 0, foreignEdits = 0, seriesCompletions = 0

        func pick<T>(_ items: [T]) -> T? { items.isEmpty ? nil : items[Int(random.next() % UInt64(items.count))] }
        func chance(_ n: UInt64) -> Bool { random.next() % n == 0 }
        func anyTask(_ store: TaskStore, _ filter: (TaskItem) -> Bool = { _ in true }) throws -> TaskItem? {
            try pick(Tasks(store).tasks(TaskQuery(filter: .all)).filter(filter))
        }
        func day(_ d: Int) -> LocalDate { LocalDate(year: 2026, month: 12, day: d) }
        func basic(_ d: LocalDate) -> String { VTodoMapping.basic(d.description) }

        // A device edits one synced field (or creates, deletes, completes or reopens).
        func deviceStep(_ device: TaskStore, _ step: Int) throws {
            let op = random.next() % 10
            defer { lab.trace("step \(step): device \(device === devices[0] ? "A" : "B") op \(op)") }
            switch op {
            case 0:
                made += 1
                let repeats = chance(3)
                _ = try Tasks(device).createTask(TaskDraft(title: "Task \(made)", due: repeats ? Date(timeIntervalSince1970: 1_796_900_000) : nil,
                                                    priority: pick([.low, .normal, .high, .critical]) ?? .normal,
                                                    contexts: chance(2) ? ["home"] : [],
                                                    recurrence: repeats ? RecurrenceRule(frequency: chance(2) ? .daily : .weekly) : nil))
            case 1:
                made += 1
                if let parent = try anyTask(device, { $0.status == .open && $0.parent == nil }) {
                    _ = try Tasks(device).createTask(TaskDraft(title: "Sub \(made)", parent: parent.id))
                } else {
                    _ = try Tasks(device).createTask(TaskDraft(title: "Daily \(made)", due: Date(timeIntervalSince1970: 1_796_900_000),
                                                        recurrence: RecurrenceRule(frequency: .daily)))
                }
            case 2:
                if let t = try anyTask(device) {
                    var u = TaskUpdate()
                    u.title = t.title + " ·\(step)"
                    _ = try Tasks(device).updateTask(t.id, u)
                }
            case 3:
                if let t = try anyTask(device) {
                    var u = TaskUpdate()
                    if chance(2) { u.notes = chance(4) ? .some(nil) : "note \(step)" }
                    u.priority = pick([.low, .normal, .high, .critical])
                    _ = try Tasks(device).updateTask(t.id, u)
                }
            case 4:
                if let t = try anyTask(device) {
                    var u = TaskUpdate()
                    u.contexts = pick([[], ["home"], ["work", "errands"], ["errands"]])
                    _ = try Tasks(device).updateTask(t.id, u)
                }
            case 5:
                // A parent: another top-level task, or none; never a task under itself.
                if let t = try anyTask(device) {
                    let children = Set(try Tasks(device).tasks(TaskQuery(filter: .all)).compactMap(\.parent))
                    var u = TaskUpdate()
                    if !children.contains(t.id), let parent = try anyTask(device, { $0.id != t.id && $0.parent == nil }), !chance(3) {
                        u.parent = parent.id
                    } else {
                        u.parent = .some(nil)
                    }
                    _ = try Tasks(device).updateTask(t.id, u)
                }
            case 6:
                // Status: complete or reopen a task; complete a repeating task's open occurrence (a done
                // occurrence of a series is history, never reopened here).
                let repeating = chance(2) ? try anyTask(device, { $0.recurrence != nil && $0.status == .open }) : nil
                if let t = try repeating ?? anyTask(device, { $0.recurrence == nil || $0.status == .open }) {
                    if t.recurrence != nil { seriesCompletions += 1 }
                    if t.status == .open { _ = try Tasks(device).completeTask(t.id) } else { _ = try Tasks(device).reopenTask(t.id) }
                }
            case 7:
                if let t = try anyTask(device) {
                    lab.trace("step \(step): deletes \(try Tasks(device).uuid(of: t.id)) '\(t.title)'")
                    try Tasks(device).deleteTask(t.id)
                }
            case 8:
                // Reschedule: a day, a time, no due; a defer before or after it; a rule or none (open tasks only).
                if let t = try anyTask(device) {
                    let d = day(1 + Int(random.next() % 28))
                    var u = TaskUpdate()
                    switch random.next() % 4 {
                    case 0: (u.due, u.dueDay) = (d.instant(hour: 9, minute: 0, in: lab.utc), d)
                    case 1: u.due = d.instant(hour: Int(random.next() % 24), minute: 30, in: lab.utc)
                    case 2: u.due = .some(nil)
                    default: break
                    }
                    if chance(2) { u.deferUntil = chance(3) ? .some(nil) : d.adding(days: Int(random.next() % 9) - 4) }
                    if chance(3), t.status == .open { u.recurrence = chance(2) ? .some(nil) : RecurrenceRule(frequency: .weekly) }
                    _ = try Tasks(device).updateTask(t.id, u)
                }
            default:
                // A per-item 4xx: the server refuses this task's PUT (or its DELETE) on this sync only.
                // Not a done occurrence of a series: its edits do not travel (the series' object stands for it).
                if let t = try anyTask(device, { $0.recurrence == nil || $0.status == .open }) {
                    let row = try Tasks(device).uuid(of: t.id)
                    let uuid = try RecordSets(device).records().tasks.first { $0.uuid == row }?.series ?? row
                    var u = TaskUpdate()
                    u.title = t.title + " ⊘\(step)"
                    _ = try Tasks(device).updateTask(t.id, u)
                    try lab.fault(["status": .int(chance(2) ? 400 : 409), "methods": ["PUT", "DELETE"], "paths": [.string(uuid)]])
                    let report = try sync.sync(device)
                    try lab.fault(nil)
                    #expect(report.warnings.contains { $0.hasPrefix("not synced") }, "refused \(uuid): \(report.lines) (seed \(Self.seed))")
                    refusals += 1
                }
            }
        }

        // The third-party client edits one property of any VTODO on the server as a calendar app would,
        // or creates or deletes one.
        func foreignStep(_ step: Int) throws {
            let there = try lab.thirdPartyView()
            let uids = there.keys.sorted()
            var op = random.next() % 12
            if op == 0 || uids.isEmpty {
                made += 1
                try lab.third("create", ["uid": .string("tp-\(made)"), "summary": .string("Other \(made)"),
                                         "due": .string("DUE;VALUE=DATE:\(basic(day(1 + Int(random.next() % 28))))")])
                return
            }
            guard let uid = pick(uids), let todo = there[uid] else { return }
            if op == 1 {
                lab.trace("step \(step): third party deletes \(uid)")
                try lab.third("delete", ["uid": .string(uid)])
                return
            }
            let recurring = todo["rrule"]?.stringValue != nil, done = todo["status"]?.stringValue == "COMPLETED"
            // A recurring VTODO is completed as tasks.org does (STATUS:COMPLETED; Tasker reads it as one
            // completion and writes the series back advanced); a completed one gets no rule (the title instead).
            if op == 6 && recurring && done || op == 7 && done { op = 10 }
            if op == 6 && recurring { seriesCompletions += 1 }
            let d = day(1 + Int(random.next() % 28))
            let change: (field: String, value: JSONValue)
            switch op {
            case 2: change = ("notes", chance(4) ? .null : .string("elsewhere \(step)"))
            case 3: change = ("priority", .int(pick([0, 1, 3, 5, 7, 9]) ?? 0))
            case 4: change = ("categories", pick([.null, ["Home"], ["Work", "errands"], ["ERRANDS"]]) ?? .null)
            case 5:
                let parents = Set(there.values.compactMap { $0["parent"]?.stringValue })
                let candidates = uids.filter { $0 != uid && there[$0]?["parent"]?.stringValue == nil }
                change = ("parent", parents.contains(uid) || chance(3) ? .null : pick(candidates).map(JSONValue.string) ?? .null)
            case 6: change = ("status", .string(done ? "NEEDS-ACTION" : "COMPLETED"))
            case 7:
                change = ("rrule", pick([.null, "FREQ=WEEKLY", "FREQ=DAILY;INTERVAL=2", "FREQ=WEEKLY;BYDAY=MO,TH"]) ?? .null)
            case 8: change = ("due", pick([.null, .string(basic(d)), .string(basic(d) + "T143000Z")]) ?? .null)
            case 9:
                let timed = todo["dueTime"]?.stringValue?.contains("T") == true
                change = ("start", chance(4) ? .null : .string(basic(d.adding(days: -3)) + (timed ? "T080000Z" : "")))
            default: change = ("summary", .string((todo["summary"]?.stringValue ?? "") + " ✎\(step)"))
            }
            lab.trace("step \(step): third party \(change.field) of \(uid) = \(change.value.encoded())")
            let answer = try lab.third("change", ["uid": .string(uid), "field": .string(change.field), "value": change.value])
            #expect(answer.isEmpty, "third party's \(change.field) on \(uid): \(answer) (seed \(Self.seed))")
            foreignEdits += 1
        }

        for step in 0..<240 {
            switch random.next() % 4 {
            case 0:
                let which = Int(random.next() % 2)
                let before = Set(try RecordSets(devices[which]).records().tasks.map(\.uuid))
                let lines = try sync.sync(devices[which]).lines
                let after = Set(try RecordSets(devices[which]).records().tasks.map(\.uuid))
                lab.trace("step \(step): sync \(which == 0 ? "A" : "B"): \(lines) +\(after.subtracting(before).sorted()) -\(before.subtracting(after).sorted())")
            case 1: try foreignStep(step)
            default: try deviceStep(devices[Int(random.next() % 2)], step)
            }
        }
        try lab.fault(nil)
        for device in devices + devices {
            let report = try sync.sync(device)
            #expect(!report.warnings.contains { $0.hasPrefix("not synced") }, "\(report.lines) (seed \(Self.seed), \(server))")
        }

        func view(_ store: TaskStore) throws -> [String: TaskFields] {
            let records = try RecordSets(store).records()
            let projects = Dictionary(records.projects.map { ($0.uuid, $0.name) }, uniquingKeysWith: { a, _ in a })
            // One entry per calendar object: a series is its open occurrence with the series' completions.
            let series = SeriesView(records.tasks, zone: lab.utc)
            return Dictionary(uniqueKeysWithValues: series.rows.keys.map { ($0, series.fields($0, projects: projects) ?? TaskFields()) })
        }
        let a = try view(devices[0]), b = try view(devices[1])
        for uid in Set(a.keys).union(b.keys) where a[uid] != b[uid] {
            Issue.record("\(uid) differs on \(server): A \(a[uid]?.json ?? "-") B \(b[uid]?.json ?? "-") (seed \(Self.seed))")
        }
        let lines = try lab.third("list", [:])
        let there = try lab.thirdPartyView()
        #expect(lines.count == there.count, "no UID twice on the server (seed \(Self.seed))")
        #expect(Set(there.keys) == Set(a.keys), "seed \(Self.seed)")
        let titles = a.values.compactMap { $0["title"]?.stringValue }
        #expect(Set(titles).count == titles.count, "no task twice under two UIDs: \(titles.sorted()) (seed \(Self.seed))")

        let mapping = VTodoMapping(timeZone: lab.utc)
        for (uid, fields) in a {
            guard let todo = there[uid] else { continue }
            let raw = todo["raw"]?.stringValue ?? ""
            let ours = try ICalendarReader.todos(raw, source: uid).first.map(mapping.fields)
            #expect(ours == fields, "\(uid) on \(server): server \(ours?.json ?? "-") device \(fields.json) (seed \(Self.seed))")
            // The same fields as the third-party library reads them.
            let context = "\(uid) on \(server), seed \(Self.seed)"
            #expect(todo["summary"]?.stringValue == fields["title"]?.stringValue, "title, \(context)")
            #expect(todo["notes"]?.stringValue == fields["notes"]?.stringValue, "notes, \(context)")
            let done = fields["status"]?.stringValue?.hasPrefix("done") == true
            #expect((todo["status"]?.stringValue == "COMPLETED") == done, "status, \(context)")
            let due = fields["due"]?.stringValue.map { $0.count == 10 ? VTodoMapping.basic($0) : VTodoMapping.basicUTC($0) }
            #expect(todo["dueTime"]?.stringValue == due, "due, \(context)")
            let categories = Set((todo["categories"]?.arrayValue ?? []).compactMap { $0.stringValue?.lowercased() })
            let contexts = Set((fields["contexts"]?.arrayValue ?? []).compactMap(\.stringValue))
            #expect(categories == contexts.union(fields["priority"] == "critical" ? ["critical"] : []), "contexts, \(context)")
            #expect(todo["parent"]?.stringValue == fields["parent"]?.stringValue, "parent, \(context)")
            let frequency = fields["recurrence"].flatMap(RecurrenceRule.init(json:))?.frequency.rawValue.uppercased()
            #expect(todo["rrule"]?.stringValue?.contains("FREQ=\(frequency ?? "-")") ?? (frequency == nil), "recurrence, \(context)")
            #expect(VTodoCheck.problems(raw).isEmpty, "\(VTodoCheck.problems(raw)), \(context)")
        }
        for line in try lab.third("check", [:]) {
            let verdict = try JSONValue.parse(line)
            #expect(verdict["problems"]?.arrayValue?.isEmpty == true, "\(line) on \(server) (seed \(Self.seed))")
        }
        #expect(a.count > 10 && refusals > 3 && foreignEdits > 20 && seriesCompletions > 3,
                "\(a.count) tasks, \(refusals) refusals, \(foreignEdits) foreign edits, \(seriesCompletions) completions of a series")
    }
}
