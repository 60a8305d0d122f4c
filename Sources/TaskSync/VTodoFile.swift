import Foundation
import TaskCalendar
import TaskCore
import TaskIO
import TaskStore

/// Tasks as an iCalendar file of VTODOs (`tasker export --ics`, `tasker import --ics`), in the model
/// sync uses: the properties `VTodoMapping` declares, and a recurring series as ONE VTODO (UID = the
/// series UUID) holding its open occurrence and its completions (`X-TASKER-COMPLETIONS`).
///
/// Importing makes the open occurrence and one done row per completion not known here; importing the
/// same file again adds nothing. A recurring VTODO another app marked COMPLETED completes its current
/// occurrence (`SeriesReading`).
public struct VTodoFile {
    public var timeZone: TimeZone
    public var now: Date

    /// What an import did (or, with a dry run, would do).
    public struct Summary: Sendable, Equatable {
        public var added = 0
        public var updated = 0
        public var unchanged = 0
        /// Tasks here left as they are by `--mode skip`.
        public var skipped = 0
        /// Done occurrence rows made from completions.
        public var completions = 0
        public var dryRun = false
        /// For a dry run, one line per task it would add or change: `add 'Call mom'`, `update 'Dentist': due, title`.
        public var changes: [String] = []

        public var line: String {
            "\(added) added, \(updated) updated, \(unchanged) unchanged, \(completions) completions added"
                + (skipped > 0 ? ", \(skipped) skipped" : "") + (dryRun ? " (dry run: nothing was written)" : "")
        }
    }

    public init(timeZone: TimeZone, now: Date) {
        self.timeZone = timeZone
        self.now = now
    }

    /// The file: one VTODO per task, one per recurring series.
    public func write(_ records: RecordSet) -> String {
        let view = SeriesView(records.tasks, zone: timeZone)
        let projects = Dictionary(records.projects.map { ($0.uuid, $0.name) }, uniquingKeysWith: { a, _ in a })
        let stamp = VTodoMapping.basicUTC(TaskFields.time(now))
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Tasker//Tasker//EN", "CALSCALE:GREGORIAN"]
        for uid in view.rows.keys.sorted() {
            guard let row = view.rows[uid], let fields = view.fields(uid, projects: projects) else { continue }
            lines += ["BEGIN:VTODO", "UID:" + uid, "DTSTAMP:" + stamp, "CREATED:" + VTodoMapping.basicUTC(TaskFields.time(row.created)),
                      "LAST-MODIFIED:" + VTodoMapping.basicUTC(TaskFields.time(row.modified))]
            lines += VTodoMapping.rewrite(Set(TaskFields.keys), from: fields).add
            lines.append("END:VTODO")
        }
        lines.append("END:VCALENDAR")
        return ICalendarWriter.text(ICSText.withZones(lines))
    }

    /// Reads `text` into `store` in one transaction, matching tasks by UID under `mode`.
    ///
    /// `merge` (the default) is the bundles' rule (`RecordMerge`): the side with the newer modification
    /// time (LAST-MODIFIED, else DTSTAMP, against the task's `modified`) wins field by field, and a
    /// field the winner does not carry is kept from the other, so an older file (yesterday's export)
    /// changes nothing the task here has, and a newer VTODO from another app changes only the fields
    /// it carries (a property it leaves out clears nothing). A series' completions are joined either
    /// way. `replace` takes the VTODO's fields whole; `skip` adds only new UIDs. A dry run works out
    /// the same and writes nothing.
    /// - Throws: `CalendarError` when it is not iCalendar or is over `ICalendarLimits`; `IOError.malformed`
    ///   when two VTODOs share a UID (nothing is written); a store error.
    public func read(_ text: String, source: String, into store: TaskStore, mode: ImportMode = .merge, dryRun: Bool = false) throws -> Summary {
        let mapping = VTodoMapping(timeZone: timeZone)
        let reading = SeriesReading(timeZone: timeZone, now: now)
        let todos = try ICalendarReader.todos(text, source: source).filter { !$0.isOverride }
        try Self.refuseRepeatedUIDs(todos, source: source)
        let records = try RecordSets(store).records()
        let view = SeriesView(records.tasks, zone: timeZone)
        var projects = Dictionary(records.projects.map { ($0.uuid, $0.name) }, uniquingKeysWith: { a, _ in a })
        var newProjects: [ProjectRecord] = []
        var writes: [TaskRecord] = []
        var summary = Summary()
        summary.dryRun = dryRun
        for todo in todos {
            guard let uid = todo.uid, !uid.isEmpty, todo.errors.isEmpty, !view.isFolded(uid) else { continue }
            let here = view.fields(uid, projects: projects)
            let modified = mapping.modified(todo) ?? now
            let incoming = reading.taken(Self.carried(todo, mapping.fields(todo)), base: here, modified: modified)
            var fields = incoming
            if let here, let row = view.rows[uid] {
                switch mode {
                case .skip:
                    summary.skipped += 1
                    continue
                case .replace: fields = Self.implicit(incoming)
                case .merge: fields = Self.merged(incoming, here, incomingWins: modified >= row.modified)
                }
            } else {
                fields = Self.implicit(incoming)
            }
            var known = view.completions[uid] ?? []
            let before = known.count
            let (stored, rows) = view.rows(for: uid, fields, over: view.rows[uid], known: &known, projects: &projects, newProjects: &newProjects, now: now)
            if stored == here {
                summary.unchanged += 1
                continue
            }
            let title = TerminalText.sanitized(stored["title"]?.stringValue ?? uid)
            if let here {
                summary.updated += 1
                let changed = Set(here.values.keys).union(stored.values.keys).filter { here[$0] != stored[$0] }.sorted()
                if dryRun { summary.changes.append("update '\(title)': " + changed.joined(separator: ", ")) }
            } else {
                summary.added += 1
                if dryRun { summary.changes.append("add '\(title)'") }
            }
            summary.completions += known.count - before
            writes += rows
        }
        if !writes.isEmpty && !dryRun { _ = try RecordSets(store).writeRecords(RecordSet(tasks: writes, projects: newProjects)) }
        // A completion read from the file reopens the series' subtasks done for it.
        if summary.completions > 0 && !dryRun { try Tasks(store).reopenChecklists() }
        return summary
    }

    /// Refuses a file where two VTODOs (overrides aside) share a UID: one file holds each task once, and
    /// which of the two is meant cannot be told. - Throws: `IOError.malformed` naming the UID.
    static func refuseRepeatedUIDs(_ todos: [ICalendarTodo], source: String) throws {
        var seen: Set<String> = []
        for todo in todos {
            guard let uid = todo.uid, !uid.isEmpty, !seen.insert(uid).inserted else { continue }
            throw IOError.malformed(source: source, location: "UID \(TerminalText.sanitized(uid))", field: nil,
                                    reason: "two VTODOs have this UID (a task appears once in a file); remove one")
        }
    }

    /// The fields a VTODO carries, with the two whose default is the absence of a value made explicit
    /// when the VTODO has the property: `STATUS` (open when it is not COMPLETED) and `PRIORITY` (normal
    /// for 0 or 5). So a VTODO without them leaves ours alone, and one that says them is heard.
    static func carried(_ todo: ICalendarTodo, _ fields: TaskFields) -> TaskFields {
        var f = fields
        if f["status"] == nil, todo.first("STATUS") != nil || todo.first("COMPLETED") != nil { f["status"] = "open" }
        if f["priority"] == nil, todo.first("PRIORITY") != nil { f["priority"] = "normal" }
        return f
    }

    /// `fields` with the defaults `carried` made explicit taken out again (as `TaskFields` keeps them).
    static func implicit(_ fields: TaskFields) -> TaskFields {
        var f = fields
        if f["status"] == "open" { f["status"] = nil }
        if f["priority"] == "normal" { f["priority"] = nil }
        return f
    }

    /// The bundles' merge (`RecordMerge`) on a task's fields: the newer side's fields over the older's,
    /// a field the newer does not carry kept from the older; the task here carries every field (its
    /// open status and normal priority included), and a series' completions are joined.
    static func merged(_ incoming: TaskFields, _ here: TaskFields, incomingWins: Bool) -> TaskFields {
        var mine = here
        if mine["status"] == nil { mine["status"] = "open" }
        if mine["priority"] == nil { mine["priority"] = "normal" }
        let (winner, loser) = incomingWins ? (incoming, mine) : (mine, incoming)
        var out = TaskFields(RecordMerge.merge(winner: winner.values, loser: loser.values))
        out["completions"] = SeriesCompletion.field(SeriesCompletion.union(SeriesCompletion.all(in: here), SeriesCompletion.all(in: incoming)))
        return implicit(out)
    }
}
