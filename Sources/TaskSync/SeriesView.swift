import Foundation
import TaskCore
import TaskStore

/// Local tasks as sync sees them: one entry per calendar object, keyed by its UID.
///
/// A task outside any recurring series is its own entry, UID = its UUID. A recurring series — the
/// rows sharing `coalesce(series, uuid)` when one of them has a rule — is ONE entry keyed by the series
/// UUID: its open occurrence (the earliest due when there are several; when none is open, the latest
/// row if it no longer repeats — a series ended by removing its rule) stands for it, and its done
/// occurrences are the entry's `"completions"`. A series whose every occurrence is done while the last
/// still repeats had its open occurrence deleted: it has no entry (sync deletes its object). Every other
/// row of a series is folded into its entry and never becomes an object of its own.
struct SeriesView {
    /// The row standing for each entry.
    private(set) var rows: [String: TaskRecord] = [:]
    /// The completions of each series entry.
    private(set) var completions: [String: [SeriesCompletion]] = [:]
    /// Row UUID → the series entry it belongs to, for every row of a series.
    private(set) var seriesOf: [String: String] = [:]
    /// The done occurrence rows of each series entry.
    private(set) var doneRows: [String: [TaskRecord]] = [:]
    /// The zone a done row without its own completion zone was completed in.
    private let zone: TimeZone

    init(_ tasks: [TaskRecord], zone: TimeZone) {
        self.zone = zone
        let groups = Dictionary(grouping: tasks) { $0.series ?? $0.uuid }
        for (key, group) in groups {
            guard group.count > 1 || group.contains(where: { $0.recurrence != nil }) else {
                for t in group { rows[t.uuid] = t }
                continue
            }
            let open = group.filter { $0.status == .open }.sorted { ($0.due ?? .distantFuture, $0.uuid) < ($1.due ?? .distantFuture, $1.uuid) }
            let latest = group.max { ($0.completed ?? $0.modified, $0.uuid) < ($1.completed ?? $1.modified, $1.uuid) }
            for t in group { seriesOf[t.uuid] = key }
            doneRows[key] = group.filter { $0.status == .done }
            // Read through the same union as the server's, so two rows that are one completion count once on every side.
            completions[key] = SeriesCompletion.union([], group.compactMap { SeriesCompletion(record: $0, defaultZone: zone) }.sorted())
            // Every occurrence done and the last still repeating: its next occurrence was deleted here, so
            // the series is (sync deletes its object; the done rows stay as history).
            guard let standing = open.first ?? latest, standing.status == .open || standing.recurrence == nil else { continue }
            rows[key] = standing
        }
    }

    /// Whether a UID is a folded row of a series (a done occurrence, or an open one not keyed by it):
    /// never an object of its own; an old per-occurrence VTODO of that UID is left to the migration.
    func isFolded(_ uid: String) -> Bool { seriesOf[uid].map { $0 != uid } ?? false }

    /// The entry's fields: its standing row's, the series' completions, a parent named by its entry.
    func fields(_ uid: String, projects: [String: String]) -> TaskFields? {
        guard let row = rows[uid] else { return nil }
        var f = TaskFields(record: row, projects: projects, zone: zone)
        if let parent = row.parent, let series = seriesOf[parent] { f["parent"] = .string(series) }
        if seriesOf[row.uuid] != nil { f["completions"] = SeriesCompletion.field(completions[uid] ?? []) }
        return f
    }

    /// The row UUID a parent field names: a series' UID stands for its open occurrence here.
    func row(named uid: String) -> String { rows[uid]?.uuid ?? uid }

    /// The rows that make `fields` true here for the entry `uid`: its standing row (`record`, or a new
    /// row with the UID as its UUID) with the fields applied, and a done occurrence row, linked to the
    /// series and copying the standing row's rule, priority, contexts, project and list, for each
    /// completion `known` has no match for (added to `known`). Returns the fields as they then stand, and the rows.
    func rows(
        for uid: String, _ fields: TaskFields, over record: TaskRecord?, known: inout [SeriesCompletion],
        projects: inout [String: String], newProjects: inout [ProjectRecord], now: Date
    ) -> (TaskFields, [TaskRecord]) {
        var start = record ?? TaskRecord(uuid: uid, title: "", created: now, modified: now)
        if record == nil, seriesOf[uid] != nil {
            // A series with rows here but no open one (it was deleted here) comes back: a new open occurrence.
            start.uuid = TaskStore.newUUID(now: now)
            start.series = uid
        }
        var next = fields.apply(to: start, projects: &projects, newProjects: &newProjects, now: now)
        if let parent = next.parent { next.parent = row(named: parent) }
        next.modified = now
        var rows = [next]
        var index = SeriesCompletion.Index(known)
        for c in SeriesCompletion.all(in: fields) {
            // A completion done here and seen elsewhere a second apart is one: the row takes the one both sides keep.
            if let i = index.first(matching: c) {
                if known[i] != c, var row = doneRows[uid]?.first(where: { SeriesCompletion(record: $0, defaultZone: zone) == known[i] }) {
                    (row.completed, row.completedZone, row.modified) = (c.at, c.zone, now)
                    rows.append(row)
                }
                index.remove(i, known[i])
                index.add(i, c)
                known[i] = c
                continue
            }
            var done = TaskRecord(uuid: TaskStore.newUUID(now: now), title: next.title, created: c.at, modified: now)
            done.status = .done
            done.completed = c.at
            done.completedZone = c.zone
            done.dueDay = c.due.flatMap { $0.count == 10 ? LocalDate(iso: $0) : nil }
            done.due = done.dueDay == nil ? c.due.flatMap(TaskFields.instant) : nil
            done.series = uid
            (done.recurrence, done.priority, done.contexts, done.project, done.list, done.parent) =
                (next.recurrence ?? start.recurrence, next.priority, next.contexts, next.project, next.list, next.parent)
            (done.estimateMinutes, done.energy, done.kind) = (next.estimateMinutes, next.energy, next.kind)
            rows.append(done)
            index.add(known.count, c)
            known.append(c)
        }
        var stored = TaskFields(record: next, projects: projects, zone: zone)
        if let parent = next.parent, let series = seriesOf[parent] { stored["parent"] = .string(series) }
        if !known.isEmpty || seriesOf[next.uuid] != nil { stored["completions"] = SeriesCompletion.field(known) }
        return (stored, rows)
    }
}
