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

    /// What an import did.
    public struct Summary: Sendable, Equatable {
        public var added = 0
        public var updated = 0
        public var unchanged = 0
        /// Done occurrence rows made from completions.
        public var completions = 0

        public var line: String { "\(added) added, \(updated) updated, \(unchanged) unchanged, \(completions) completions added" }
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

    /// Reads `text` into `store` in one transaction. - Throws: `CalendarError` when it is not iCalendar; a store error.
    public func read(_ text: String, source: String, into store: TaskStore) throws -> Summary {
        let mapping = VTodoMapping(timeZone: timeZone)
        let reading = SeriesReading(timeZone: timeZone, now: now)
        let records = try RecordSets(store).records()
        let view = SeriesView(records.tasks, zone: timeZone)
        var projects = Dictionary(records.projects.map { ($0.uuid, $0.name) }, uniquingKeysWith: { a, _ in a })
        var newProjects: [ProjectRecord] = []
        var writes: [TaskRecord] = []
        var summary = Summary()
        for todo in try ICalendarReader.todos(text, source: source) where !todo.isOverride {
            guard let uid = todo.uid, !uid.isEmpty, todo.errors.isEmpty, !view.isFolded(uid) else { continue }
            let here = view.fields(uid, projects: projects)
            let fields = reading.taken(mapping.fields(todo), base: here, modified: mapping.modified(todo) ?? now)
            var known = view.completions[uid] ?? []
            let before = known.count
            let (stored, rows) = view.rows(for: uid, fields, over: view.rows[uid], known: &known, projects: &projects, newProjects: &newProjects, now: now)
            if stored == here {
                summary.unchanged += 1
                continue
            }
            if here == nil { summary.added += 1 } else { summary.updated += 1 }
            summary.completions += known.count - before
            writes += rows
        }
        if !writes.isEmpty { _ = try RecordSets(store).writeRecords(RecordSet(tasks: writes, projects: newProjects)) }
        // A completion read from the file reopens the series' subtasks done for it.
        if summary.completions > 0 { try Tasks(store).reopenChecklists() }
        return summary
    }
}
