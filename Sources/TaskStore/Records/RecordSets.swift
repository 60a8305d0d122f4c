import Foundation
import TaskCore

/// Whole record sets by UUID over the store's connection, for export, import and sync: read
/// everything, write (upsert) a set.
///
/// Writing keeps the record's own `created` and `modified` times, so a copy keeps its history; how
/// a record already here combines with an incoming one (merge, replace, skip) is the caller's
/// choice, made before calling `writeRecords`.
public struct RecordSets {
    public let store: TaskStore

    public init(_ store: TaskStore) { self.store = store }

    /// How `records` gives task and project notes that are sealed.
    public enum SealedNotes: Sendable {
        /// Opened with the data key; without it `records` throws `.sealed` (an export never writes
        /// ciphertext as a note and never drops a note silently).
        case open
        /// Left out, key or not (`notesWithheld` set): what CalDAV sync sends unless told otherwise.
        case withheld
    }

    /// Every task, project, space, page, page link and attachment, each kind sorted by UUID.
    /// Sealed page bodies are opened (without the key: `.sealed`); sealed notes as `sealedNotes` says.
    public func records(sealedNotes: SealedNotes = .open) throws -> RecordSet {
        try store.read {
            let projects = try projectRecords(sealedNotes: sealedNotes)
            let spaces = try store.db.prepare("""
                SELECT s.uuid, s.name, p.uuid, s.created, coalesce(s.updated, s.created), s.extras
                FROM spaces s LEFT JOIN projects p ON p.id = s.project_id ORDER BY s.uuid
                """
            ).rows { s in
                SpaceRecord(uuid: s.string(0), name: s.string(1), project: s.optionalString(2), created: s.date(3),
                            modified: s.date(4), extras: RecordSets.extras(s.optionalString(5)))
            }
            var labels: [Int64: [String]] = [:]
            for (id, label) in try store.db.prepare("SELECT page_id, label FROM page_labels ORDER BY page_id, label").rows({ ($0.int64(0), $0.string(1)) }) {
                labels[id, default: []].append(label)
            }
            let pages = try store.db.prepare("""
                SELECT p.id, p.uuid, p.title, p.body, s.uuid, p.created, p.updated, p.extras
                FROM pages p JOIN spaces s ON s.id = p.space_id ORDER BY p.uuid
                """
            ).rows { s in
                guard let body = try store.openedBody(s, column: 3, uuid: s.string(1), pageID: s.int64(0)) else {
                    throw TaskStoreError.sealed("pages are sealed and the data key is not available, so they cannot be exported: \(store.keyUnavailable)")
                }
                return PageRecord(uuid: s.string(1), title: s.string(2), body: body, labels: labels[s.int64(0)] ?? [],
                           space: s.string(4), created: s.date(5), modified: s.date(6), extras: RecordSets.extras(s.optionalString(7)))
            }
            let links = try store.db.prepare("""
                SELECT p.uuid, t.uuid, j.uuid FROM page_links k JOIN pages p ON p.id = k.page_id
                LEFT JOIN tasks t ON t.id = k.task_id LEFT JOIN projects j ON j.id = k.project_id
                """
            ).rows { LinkRecord(page: $0.string(0), task: $0.optionalString(1), project: $0.optionalString(2)) }
            let tasks = try store.db.prepare(TaskRecord.row.select("ORDER BY t.uuid")).rows { s in
                var r = RecordSets.readTaskRecord(s)
                (r.notes, r.notesWithheld) = try recordNotes(s, column: RecordSets.notesColumn, table: "tasks", uuid: r.uuid, mode: sealedNotes)
                return r
            }
            let places = try store.db.prepare("SELECT uuid, name, latitude, longitude, radius_m, created, updated FROM places ORDER BY uuid").rows {
                PlaceRecord(uuid: $0.string(0), name: $0.string(1), latitude: $0.double(2), longitude: $0.double(3), radius: $0.double(4),
                            created: $0.date(5), modified: $0.date(6))
            }
            return RecordSet(tasks: tasks, projects: projects, spaces: spaces, pages: pages, links: links.sorted(),
                             attachments: try store.attachmentRecords(), places: places)
        }
    }

    /// The notes in `column` of `s` (a row of `table` with `uuid`) for a record, as `mode` asks.
    /// - Throws: `.sealed` for `.open` without the key, or when they do not open.
    func recordNotes(_ s: Statement, column: Int32, table: String, uuid: String, mode: SealedNotes) throws -> (String?, Bool) {
        guard s.isBlob(column) else { return (s.optionalString(column), false) }
        if case .withheld = mode { return (nil, true) }
        let what = "the notes of \(table == "tasks" ? "task" : "project") \(uuid)"
        guard let text = try store.openedValue(s.bytes(column), table: table, uuid: uuid, column: "notes", what: what) else {
            throw TaskStoreError.sealed("task and project notes are sealed and the data key is not available, so they cannot be exported: \(store.keyUnavailable)")
        }
        return (text, false)
    }

    /// A task record from a row of `records()`'s query; sealed notes (a BLOB) are left nil for the caller.
    static func readTaskRecord(_ s: Statement) -> TaskRecord {
        var r = TaskRecord.row.read(s)
        // A date-only due is its day alone: the instant stored beside it depends on the zone that reads it.
        if r.dueDay != nil { r.due = nil }
        return r
    }

    static let notesColumn = TaskRecord.row.index("notes")

    /// The stored extras object, empty when there is none (or it is not an object).
    static func extras(_ text: String?) -> [String: JSONValue] {
        guard let text, let value = try? JSONValue.parse(text) else { return [:] }
        return value.objectValue ?? [:]
    }

    static func extrasValue(_ extras: [String: JSONValue]) -> DatabaseValue {
        extras.isEmpty ? .null : .text(JSONValue.object(extras).encoded())
    }

    /// Writes every record in `set` in one transaction: a record whose UUID is here overwrites that
    /// row; a project or space whose UUID is new but whose name is here takes over that row (and its
    /// UUID); anything else is added. Lists and stages named by tasks are created when missing.
    ///
    /// Times are written as the records carry them. Parents and links are set after all records are
    /// in, so the set's order does not matter. - Throws: `.importMalformed` naming the record and
    /// field (a reference to a UUID that is neither here nor in the set, an empty title, a name
    /// another record holds, a cycle of parents); then nothing is written.
    /// `progress` hears how many of the set's tasks are written, every 1,000 and at the end.
    @discardableResult
    public func writeRecords(_ set: RecordSet, progress: ((_ written: Int, _ of: Int) -> Void)? = nil) throws -> RecordWriteSummary {
        // A large import touches every index page; a bigger page cache keeps them from spilling
        // mid-transaction (per connection; restored after).
        let large = set.tasks.count > 10_000
        if large { try store.mapErrors { try store.db.execute("PRAGMA cache_size = -262144") } }
        defer { if large { try? store.db.execute("PRAGMA cache_size = -16000") } }
        return try store.write {
            _ = try store.requireBootstrap()
            var summary = RecordWriteSummary()
            for p in set.projects { try upsertProject(p, &summary) }
            for s in set.spaces { try upsertSpace(s, &summary) }
            for p in set.places { try upsertPlace(p, &summary) }
            var lists: [String: Int64] = [:]
            var stages: [String: Int64] = [:]
            var projects: [String: Int64] = [:]
            // Rows that need the parent pass (a new row has no parent yet): their ids and records' indexes.
            var needParent: [(id: Int64, index: Int)] = []
            // One look at which UUIDs are here, instead of one probe per record.
            let here = set.tasks.isEmpty ? [] : Set(try store.db.prepare("SELECT uuid FROM tasks").rows { $0.string(0) })
            let rebuilt = try dropIndexesForBulkLoad(adding: set.tasks.count, to: here.count)
            let statements = TaskWriteStatements(insert: try store.db.prepare(RecordSets.insertRecordSQL),
                                                 contexts: try store.db.prepare("INSERT OR IGNORE INTO task_contexts(task_id, context) VALUES (?, ?)"))
            for (index, t) in set.tasks.enumerated() {
                let isNew = !here.contains(t.uuid)
                let id = try upsertTask(t, isNew: isNew, statements, lists: &lists, stages: &stages, projects: &projects, &summary)
                if t.parent != nil || !isNew { needParent.append((id, index)) }
                if index % 1_000 == 999 { progress?(index + 1, set.tasks.count) }
            }
            progress?(set.tasks.count, set.tasks.count)
            for (id, index) in needParent { try setParent(of: id, record: set.tasks[index]) }
            for sql in rebuilt { try store.db.execute(sql) }
            for p in set.pages { try upsertPage(p, &summary) }
            for link in set.links { try insertLink(link) }
            for attachment in set.attachments { try store.upsertAttachment(attachment, &summary) }
            return summary
        }
    }

    /// A bulk load (10,000 tasks or more, more than are here) drops the task indexes the load does
    /// not read — all but the UUID index — and returns their SQL to create them again after it:
    /// building an index from sorted rows once costs far less than keeping it up to date row by row.
    /// Inside the write transaction, so a failed import restores them with everything else.
    private func dropIndexesForBulkLoad(adding count: Int, to existing: Int) throws -> [String] {
        guard count >= 10_000, count > existing else { return [] }
        let indexes = try store.db.prepare("""
            SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name IN ('tasks', 'task_contexts')
                AND sql IS NOT NULL AND name <> 'tasks_uuid' ORDER BY name
            """).rows { ($0.string(0), $0.string(1)) }
        for (name, _) in indexes { try store.db.execute("DROP INDEX \(name)") }
        return indexes.map(\.1)
    }

    private func rowID(_ table: String, uuid: String) throws -> Int64? {
        try store.db.scalar("SELECT id FROM \(table) WHERE uuid = ?", [.text(uuid)])
    }

    private func malformed(_ kind: String, _ uuid: String, _ field: String, _ reason: String) -> TaskStoreError {
        .importMalformed("\(kind) \(uuid): field \(field): \(reason)")
    }

    /// The row with this UUID, else the row with this name (taken over), else nil; refuses a name
    /// that another row holds.
    private func matchNamed(_ table: String, kind: String, uuid: String, name: String) throws -> Int64? {
        let byName = try store.db.scalar("SELECT id FROM \(table) WHERE name = ?", [.text(name)])
        if let id = try rowID(table, uuid: uuid) {
            if let byName, byName != id {
                throw malformed(kind, uuid, "name", "'\(name)' is already the name of another \(kind); rename one of them")
            }
            return id
        }
        if let byName { try store.db.run("UPDATE \(table) SET uuid = ? WHERE id = ?", [.text(uuid), .integer(byName)]) }
        return byName
    }

    private func upsertProject(_ p: ProjectRecord, _ summary: inout RecordWriteSummary) throws {
        let name = try named(p.name, kind: "project", uuid: p.uuid)
        let existing = try matchNamed("projects", kind: "project", uuid: p.uuid, name: name)
        let uuid = try existing.flatMap { id in try store.db.cached("SELECT uuid FROM projects WHERE id = ?").bind([.integer(id)]).first { $0.string(0) } } ?? p.uuid
        let notes = p.notesWithheld
            ? try existing.map { try store.storedNotesAsTheyAre("projects", id: $0) } ?? .null
            : try store.storedNotes(p.notes, table: "projects", uuid: uuid)
        let values: [DatabaseValue] = [.text(name), notes, DatabaseValue(p.created), DatabaseValue(p.modified), RecordSets.extrasValue(p.extras)]
        if let id = existing {
            try store.db.run("UPDATE projects SET name = ?, notes = ?, created = ?, updated = ?, extras = ? WHERE id = ?", values + [.integer(id)])
            summary.updated += 1
        } else {
            try store.db.run("INSERT INTO projects(name, notes, created, updated, extras, uuid) VALUES (?, ?, ?, ?, ?, ?)", values + [.text(p.uuid)])
            summary.inserted += 1
        }
    }

    private func upsertPlace(_ p: PlaceRecord, _ summary: inout RecordWriteSummary) throws {
        let name = try named(p.name, kind: "place", uuid: p.uuid)
        if let problem = Place.problem(latitude: p.latitude, longitude: p.longitude, radius: p.radius) { throw malformed("place", p.uuid, "radius_m", problem) }
        let values: [DatabaseValue] = [.text(name), .real(p.latitude), .real(p.longitude), .real(p.radius), DatabaseValue(p.created), DatabaseValue(p.modified)]
        if let id = try matchNamed("places", kind: "place", uuid: p.uuid, name: name) {
            try store.db.run("UPDATE places SET name = ?, latitude = ?, longitude = ?, radius_m = ?, created = ?, updated = ? WHERE id = ?", values + [.integer(id)])
            summary.updated += 1
        } else {
            try store.db.run("INSERT INTO places(name, latitude, longitude, radius_m, created, updated, uuid) VALUES (?, ?, ?, ?, ?, ?, ?)", values + [.text(p.uuid)])
            summary.inserted += 1
        }
    }

    private func upsertSpace(_ s: SpaceRecord, _ summary: inout RecordWriteSummary) throws {
        let name = try named(s.name, kind: "space", uuid: s.uuid)
        let projectID = try s.project.map { uuid in
            guard let id = try rowID("projects", uuid: uuid) else { throw malformed("space", s.uuid, "project", "no project with UUID \(uuid)") }
            return id
        }
        let values: [DatabaseValue] = [.text(name), DatabaseValue(projectID), DatabaseValue(s.created), DatabaseValue(s.modified), RecordSets.extrasValue(s.extras)]
        if let id = try matchNamed("spaces", kind: "space", uuid: s.uuid, name: name) {
            try store.db.run("UPDATE spaces SET name = ?, project_id = ?, created = ?, updated = ?, extras = ? WHERE id = ?", values + [.integer(id)])
            summary.updated += 1
        } else {
            try store.db.run("INSERT INTO spaces(name, project_id, created, updated, extras, uuid) VALUES (?, ?, ?, ?, ?, ?)", values + [.text(s.uuid)])
            summary.inserted += 1
        }
    }

    private func named(_ name: String, kind: String, uuid: String) throws -> String {
        let n = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !n.isEmpty else { throw malformed(kind, uuid, "name", "must not be empty") }
        return n
    }

    private func listID(_ name: String?, cache: inout [String: Int64]) throws -> Int64 {
        guard let name = name?.trimmingCharacters(in: .whitespacesAndNewlines), !name.isEmpty else { return try store.requireBootstrap() }
        if let id = cache[name.lowercased()] { return id }
        let id: Int64
        if let found = try store.db.scalar("SELECT id FROM lists WHERE name = ?", [.text(name)]) {
            id = found
        } else {
            try store.db.run("INSERT INTO lists(name, created) VALUES (?, ?)", [.text(name), DatabaseValue(TaskStore.wholeSeconds(store.now))])
            id = store.db.lastInsertRowID
        }
        cache[name.lowercased()] = id
        return id
    }

    private func stageID(_ name: String, cache: inout [String: Int64]) throws -> Int64 {
        if let id = cache[name.lowercased()] { return id }
        let id: Int64
        if let found = try store.db.scalar("SELECT id FROM stages WHERE name = ?", [.text(name)]) {
            id = found
        } else {
            try store.db.run("INSERT INTO stages(name, position) VALUES (?, (SELECT coalesce(max(position), -1) + 1 FROM stages))", [.text(name)])
            id = store.db.lastInsertRowID
        }
        cache[name.lowercased()] = id
        return id
    }

    static let updateRecordSQL = TaskRecord.row.updateSQL
    static let insertRecordSQL = TaskRecord.row.insertSQL()

    /// Statements prepared once per `writeRecords` for the per-task hot path.
    struct TaskWriteStatements {
        let insert: Statement
        let contexts: Statement
    }

    private func upsertTask(
        _ t: TaskRecord, isNew: Bool, _ statements: TaskWriteStatements, lists: inout [String: Int64], stages: inout [String: Int64],
        projects: inout [String: Int64], _ summary: inout RecordWriteSummary
    ) throws -> Int64 {
        guard let title = try? TaskStore.validTitle(t.title) else { throw malformed("task", t.uuid, "title", "must not be empty") }
        if let e = t.estimateMinutes, e < 0 { throw malformed("task", t.uuid, "estimate_minutes", "must be 0 or more, got \(e)") }
        let projectID = try t.project.map { uuid in
            if let id = projects[uuid] { return id }
            guard let id = try rowID("projects", uuid: uuid) else { throw malformed("task", t.uuid, "project", "no project with UUID \(uuid)") }
            projects[uuid] = id
            return id
        }
        let placeID = try t.place.map { uuid in
            guard let id = try rowID("places", uuid: uuid) else { throw malformed("task", t.uuid, "place", "no place with UUID \(uuid)") }
            return id
        }
        let contexts = TaskStore.normalizeContexts(t.contexts)
        let existing = isNew ? nil : try rowID("tasks", uuid: t.uuid)
        let notes = t.notesWithheld
            ? try existing.map { try store.storedNotesAsTheyAre("tasks", id: $0) } ?? .null
            : try store.storedNotes(t.notes, table: "tasks", uuid: t.uuid)
        var row = t
        row.title = title
        row.contexts = contexts
        row.due = store.dueTime(t.dueDay) ?? t.due
        let context = TaskRowContext(
            stageID: try t.stage.map { try stageID($0, cache: &stages) }, listID: try listID(t.list, cache: &lists), projectID: projectID,
            placeID: placeID, notes: notes)
        let id: Int64
        if let existing {
            try store.db.run(RecordSets.updateRecordSQL, TaskRecord.row.updateValues(row, context) + [.integer(existing)])
            try store.db.run("DELETE FROM task_contexts WHERE task_id = ?", [.integer(existing)])
            id = existing
            summary.updated += 1
        } else {
            try statements.insert.bind(TaskRecord.row.insertValues(row, context)).run()
            id = store.db.lastInsertRowID
            summary.inserted += 1
        }
        for c in contexts { try statements.contexts.bind([.integer(id), .text(c)]).run() }
        return id
    }

    private func setParent(of id: Int64, record t: TaskRecord) throws {
        guard let parent = t.parent else {
            try store.db.run("UPDATE tasks SET parent_id = NULL WHERE id = ? AND parent_id IS NOT NULL", [.integer(id)])
            return
        }
        guard let parentID = try rowID("tasks", uuid: parent) else { throw malformed("task", t.uuid, "parent", "no task with UUID \(parent)") }
        do {
            try Tasks(store).checkParent(child: TaskID(id), parent: TaskID(parentID))
        } catch is TaskStoreError {
            throw malformed("task", t.uuid, "parent", "task \(parent) is already inside this task, so it cannot be its parent")
        }
        try store.db.run("UPDATE tasks SET parent_id = ? WHERE id = ?", [.integer(parentID), .integer(id)])
    }

    private func upsertPage(_ p: PageRecord, _ summary: inout RecordWriteSummary) throws {
        guard let title = try? TaskStore.validTitle(p.title) else { throw malformed("page", p.uuid, "title", "must not be empty") }
        guard let spaceID = try rowID("spaces", uuid: p.space) else { throw malformed("page", p.uuid, "space", "no space with UUID \(p.space)") }
        let values: [DatabaseValue] = [
            .integer(spaceID), .text(title), .text(TaskStore.titleKey(title)), try store.storedBody(p.body, uuid: p.uuid), DatabaseValue(p.created),
            DatabaseValue(p.modified), RecordSets.extrasValue(p.extras),
        ]
        store.sealedIndex?.isStale = true
        let id: Int64
        if let existing = try rowID("pages", uuid: p.uuid) {
            try store.db.run("UPDATE pages SET space_id = ?, title = ?, title_key = ?, body = ?, created = ?, updated = ?, extras = ? WHERE id = ?",
                       values + [.integer(existing)])
            try store.db.run("DELETE FROM page_labels WHERE page_id = ?", [.integer(existing)])
            id = existing
            summary.updated += 1
        } else {
            try store.db.run("INSERT INTO pages(space_id, title, title_key, body, created, updated, extras, uuid) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                       values + [.text(p.uuid)])
            id = store.db.lastInsertRowID
            summary.inserted += 1
        }
        for label in p.labels {
            try store.db.run("INSERT OR IGNORE INTO page_labels(page_id, label) VALUES (?, ?)", [.integer(id), .text(label)])
        }
    }

    private func insertLink(_ link: LinkRecord) throws {
        let what = "link from page \(link.page)"
        guard let pageID = try rowID("pages", uuid: link.page) else { throw TaskStoreError.importMalformed("\(what): field page: no page with UUID \(link.page)") }
        var taskID: Int64?
        var projectID: Int64?
        if let task = link.task {
            guard let id = try rowID("tasks", uuid: task) else { throw TaskStoreError.importMalformed("\(what): field task: no task with UUID \(task)") }
            taskID = id
        }
        if let project = link.project {
            guard let id = try rowID("projects", uuid: project) else { throw TaskStoreError.importMalformed("\(what): field project: no project with UUID \(project)") }
            projectID = id
        }
        guard (taskID == nil) != (projectID == nil) else {
            throw TaskStoreError.importMalformed("\(what): fields task, project: exactly one of them must be set")
        }
        try store.db.run("INSERT OR IGNORE INTO page_links(page_id, task_id, project_id) VALUES (?, ?, ?)",
                   [.integer(pageID), DatabaseValue(taskID), DatabaseValue(projectID)])
    }

    /// Every project as a record (what the Taskwarrior and todo.txt readers match project names against).
    public func projectRecords(sealedNotes: SealedNotes = .open) throws -> [ProjectRecord] {
        try store.read {
            try store.db.prepare("SELECT uuid, name, notes, created, coalesce(updated, created), extras FROM projects ORDER BY uuid").rows { s in
                var p = ProjectRecord(uuid: s.string(0), name: s.string(1), created: s.date(3),
                                      modified: s.date(4), extras: RecordSets.extras(s.optionalString(5)))
                (p.notes, p.notesWithheld) = try recordNotes(s, column: 2, table: "projects", uuid: p.uuid, mode: sealedNotes)
                return p
            }
        }
    }
}
