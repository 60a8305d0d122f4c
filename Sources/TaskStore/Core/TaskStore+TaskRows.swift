import Foundation
import TaskCore

/// Reading and writing task rows: the column list, the row → `TaskItem` mapping, name resolution.
extension TaskStore {
    /// A stored task's row (`TaskItem`): its columns declared once, the SQL and the reading made from them.
    static let taskRow = TaskRowLayout<TaskItem>(
        // The row id is SQLite's (a restore binds it itself): read, never written.
        [TaskColumn(field: .id, writes: [], reads: [.init("id")], reader: { index in
            let i = index("id")
            return { task, s in task.id = TaskID(s.int64(i)) }
        })]
            + TaskColumn<TaskItem>.sharedColumns + [
                TaskColumn(
                    field: .notes, writes: [.init(column: "notes") { _, context in context.notes }], reads: [.init("notes")],
                    reader: { index in
                        let i = index("notes")
                        // Sealed notes (a BLOB) are never read as text here: `openingNotes` opens them with the key.
                        return { task, s in
                            task.notesLocked = s.isBlob(i)
                            task.notes = task.notesLocked ? nil : s.optionalString(i)
                        }
                    }),
                .named(.list, "list", from: "l.name", { $0.list = $1 }, .text, writes: "list_id") { $0.listID },
                .named(.project, "project", from: "p.name", { $0.project = $1 }, .optionalText, writes: "project_id") { $0.projectID },
                .column(.parent, "parent_id", { $0.parent }, { $0.parent = $1 }, .taskID),
                TaskColumn(
                    field: .place,
                    writes: [.init(column: "place_id", placeholder: placeIDByName) { task, _ in DatabaseValue(task.place?.place) },
                             .init(column: "place_trigger") { task, _ in DatabaseValue(task.place?.trigger.rawValue) }],
                    reads: [.init("place", from: "pl.name"), .init("place_trigger")],
                    reader: { index in
                        let (place, trigger) = (index("place"), index("place_trigger"))
                        return { task, s in
                            task.place = s.optionalString(place).map {
                                PlaceBinding(place: $0, trigger: s.optionalString(trigger).flatMap(PlaceBinding.Trigger.init(rawValue:)) ?? .arrive)
                            }
                        }
                    }),
                TaskColumn(field: .anchorDay, writes: [.init(column: "recur_anchor_day") { _, context in DatabaseValue(context.anchorDay) }],
                           insertOnly: true, reads: [], reader: { _ in { _, _ in } }),
                TaskColumn(field: .uuid, writes: [.init(column: "uuid") { _, context in .text(context.uuid) }],
                           insertOnly: true, reads: [], reader: { _ in { _, _ in } }),
            ],
        from: """
            FROM tasks t JOIN lists l ON l.id = t.list_id
            LEFT JOIN stages s ON s.id = t.stage_id LEFT JOIN projects p ON p.id = t.project_id
            LEFT JOIN places pl ON pl.id = t.place_id
            """,
        blank: { TaskItem(id: TaskID(0), title: "", created: Date(timeIntervalSince1970: 0), updated: Date(timeIntervalSince1970: 0)) })

    static let prioritiesByRank: [Priority] = Priority.allCases.sorted { $0.rank < $1.rank }

    /// `task` with its sealed notes opened (`readTask` leaves them nil and `notesLocked`); without
    /// the key they stay locked. - Throws: `.sealed` when the key is here but they do not open.
    func openingNotes(_ task: TaskItem) throws -> TaskItem {
        guard task.notesLocked, sealer != nil else { return task }
        let row = try db.cached("SELECT uuid, notes FROM tasks WHERE id = ?").bind([.integer(task.id.rawValue)]).first { ($0.string(0), $0.bytes(1)) }
        guard let (uuid, sealed) = row else { return task }
        var opened = task
        opened.notes = try openedValue(sealed, table: "tasks", uuid: uuid, column: "notes", what: "the notes of task \(task.id.rawValue)")
        opened.notesLocked = false
        return opened
    }

    /// `openingNotes` for a row of a list: notes that do not open (damaged, or sealed with a key no
    /// longer held) stay locked in that one row, so the rest of the list still answers.
    func openingNotesOrLocked(_ task: TaskItem) throws -> TaskItem {
        do {
            return try openingNotes(task)
        } catch TaskStoreError.sealed {
            return task
        }
    }

    /// Loads one task. - Throws: `.taskNotFound`.
    func loadTask(_ id: TaskID) throws -> TaskItem {
        guard let task = try db.cached(TaskStore.taskRow.select("WHERE t.id = ?")).bind([.integer(id.rawValue)]).first(TaskStore.taskRow.read) else {
            throw TaskStoreError.taskNotFound(id)
        }
        return try openingNotes(task)
    }

    /// Loads tasks by a WHERE/ORDER tail, binding `values`.
    package func loadTasks(_ tail: String, _ values: [DatabaseValue]) throws -> [TaskItem] {
        try db.cached(TaskStore.taskRow.select(tail)).bind(values).rows(TaskStore.taskRow.read).map(openingNotesOrLocked)
    }

    /// Contexts as stored: without `#`/`@`, trimmed, lower-case, no duplicates, in the order given.
    public static func normalizeContexts(_ contexts: [String]) -> [String] {
        if isNormalized(contexts) { return contexts }
        var seen = Set<String>()
        var result: [String] = []
        for raw in contexts {
            var c = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            while let first = c.first, first == "#" || first == "@" { c.removeFirst() }
            c = c.lowercased().split(whereSeparator: \.isNewline).joined(separator: " ")
                .trimmingCharacters(in: .whitespaces)
            if !c.isEmpty && seen.insert(c).inserted { result.append(c) }
        }
        return result
    }

    /// Whether `contexts` are already as stored: a few, each non-empty printable ASCII with no
    /// upper case, space or leading `#`/`@`, none twice (how imports and scripts mostly send them).
    private static func isNormalized(_ contexts: [String]) -> Bool {
        guard contexts.count <= 8 else { return false }
        for (i, c) in contexts.enumerated() {
            guard let first = c.utf8.first, first != UInt8(ascii: "#"), first != UInt8(ascii: "@"),
                  c.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && !($0 >= 65 && $0 <= 90) }) else { return false }
            for other in contexts[..<i] where other == c { return false }
        }
        return true
    }

    /// A trimmed non-empty title, kept otherwise exactly (a NUL or an escape is stored as sent and
    /// made visible only when printed). - Throws: `.invalidValue`.
    static func validTitle(_ title: String, field: String = "title") throws -> String {
        // Most titles have nothing to trim; checking the ends is much cheaper than trimming (and
        // cheaper still when both ends are ASCII other than white space: `trimmed()`'s fast path).
        if let first = title.utf8.first, first < 0x80, let last = title.utf8.last, last < 0x80 {
            let t = title.trimmed()
            guard !t.isEmpty else { throw TaskStoreError.invalidValue(field: field, reason: "must not be empty") }
            return t
        }
        if let first = title.unicodeScalars.first, let last = title.unicodeScalars.last,
           !CharacterSet.whitespacesAndNewlines.contains(first), !CharacterSet.whitespacesAndNewlines.contains(last) {
            return title
        }
        let t = title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !t.isEmpty else { throw TaskStoreError.invalidValue(field: field, reason: "must not be empty") }
        return t
    }

    static func validEstimate(_ minutes: Int?) throws {
        if let minutes, minutes < 0 {
            throw TaskStoreError.invalidValue(field: "estimate_minutes", reason: "must be 0 or more minutes, got \(minutes)")
        }
    }

    /// The id and stored spelling of a list. - Throws: `.listNotFound`.
    func resolveList(_ name: String) throws -> (id: Int64, name: String) {
        let n = name.trimmed()
        guard let row = try db.cached("SELECT id, name FROM lists WHERE name = ?").bind([.text(n)]).first({ ($0.int64(0), $0.string(1)) })
        else { throw TaskStoreError.listNotFound(n) }
        return row
    }

    /// The id and stored spelling of a project. - Throws: `.projectNotFound`.
    func resolveProject(_ name: String) throws -> (id: Int64, name: String) {
        let n = name.trimmed()
        guard let row = try db.cached("SELECT id, name FROM projects WHERE name = ?").bind([.text(n)]).first({ ($0.int64(0), $0.string(1)) })
        else { throw TaskStoreError.projectNotFound(n) }
        return row
    }

    /// The id and stored spelling of a stage. - Throws: `.stageNotFound`.
    func resolveStage(_ name: String) throws -> (id: Int64, name: String) {
        let n = name.trimmed()
        guard let row = try db.cached("SELECT id, name FROM stages WHERE name = ?").bind([.text(n)]).first({ ($0.int64(0), $0.string(1)) })
        else { throw TaskStoreError.stageNotFound(n) }
        return row
    }

    /// The rule of a row: `recur_rule`, its canonical RRULE text (schema v17), and `recur_kind`, null
    /// for the default kind (skip missed). `recur_frequency` and `recur_interval` are kept beside them for queries.
    static func storedRule(_ rrule: String?, kind: String?) -> RecurrenceRule? {
        rrule.flatMap { RecurrenceRule(rrule: $0, kind: kind.flatMap(RecurrenceRule.Kind.init(rawValue:)) ?? .skipMissed) }
    }

    static func storedKind(_ rule: RecurrenceRule?) -> String? {
        guard let rule, rule.kind != .skipMissed else { return nil }
        return rule.kind.rawValue
    }

    static let insertTaskSQL = taskRow.insertSQL()

    /// A task row names its place by id; rows are written with the place's name (checked by the caller).
    static let placeIDByName = "(SELECT id FROM places WHERE name = ?)"

    /// `date` rounded down to whole seconds, as every stored time is, so a returned item says what a
    /// re-read would (also for records made outside the store, by importers).
    public static func wholeSeconds(_ date: Date) -> Date { Date(timeIntervalSince1970: floor(date.timeIntervalSince1970)) }

    /// A reminder setting as it will be stored (an instant in whole seconds).
    static func wholeSeconds(_ remind: ReminderSetting) -> ReminderSetting {
        if case .at(let instant) = remind { return .at(wholeSeconds(instant)) }
        return remind
    }

    /// Inserts a task row and its contexts; returns it with its new id. `anchorDay` is the day of
    /// month a monthly or yearly series is anchored on (see `TaskStore+RecurrenceAnchor`).
    /// A recurring task joins `series` (the series' first UUID), or starts its own when nil.
    func insertTaskRow(_ task: TaskItem, anchorDay: Int?, stageID: Int64?, listID: Int64, projectID: Int64?, series: String? = nil) throws -> TaskItem {
        let uuid = TaskStore.newUUID()
        let context = TaskRowContext(
            stageID: stageID, listID: listID, projectID: projectID, notes: try storedNotes(task.notes, table: "tasks", uuid: uuid), anchorDay: anchorDay,
            uuid: uuid)
        try db.cached(TaskStore.insertTaskSQL).bind(TaskStore.taskRow.insertValues(task, context)).run()
        var stored = task
        stored.id = TaskID(db.lastInsertRowID)
        if task.recurrence != nil {
            try db.cached("UPDATE tasks SET series = ? WHERE id = ?").bind([.text(series ?? uuid), .integer(stored.id.rawValue)]).run()
        }
        try insertContexts(stored.id, stored.contexts)
        return stored
    }

    func insertContexts(_ id: TaskID, _ contexts: [String]) throws {
        guard !contexts.isEmpty else { return }
        let insert = try db.cached("INSERT OR IGNORE INTO task_contexts(task_id, context) VALUES (?, ?)")
        for c in contexts {
            insert.reset()
            try insert.bind([.integer(id.rawValue), .text(c)]).run()
        }
    }

    /// Makes the stored task from a draft, resolving names (the default list when none is given).
    func makeTask(from draft: TaskDraft, cache: inout [String: (id: Int64, name: String)]) throws -> (TaskItem, listID: Int64, projectID: Int64?) {
        let defaultList = try requireBootstrap()
        let title = try TaskStore.validTitle(draft.title)
        try TaskStore.validEstimate(draft.estimateMinutes)
        var list: (id: Int64, name: String)
        if let name = draft.list {
            let key = "l:" + name.lowercased()
            if let hit = cache[key] { list = hit } else { list = try resolveList(name); cache[key] = list }
        } else {
            let key = "l:"
            if let hit = cache[key] {
                list = hit
            } else {
                let name = try db.cached("SELECT name FROM lists WHERE id = ?").bind([.integer(defaultList)]).first { $0.string(0) } ?? "Inbox"
                list = (defaultList, name)
                cache[key] = list
            }
        }
        var project: (id: Int64, name: String)?
        if let name = draft.project {
            let key = "p:" + name.lowercased()
            if let hit = cache[key] { project = hit } else { project = try resolveProject(name); cache[key] = project }
        }
        if let parent = draft.parent {
            guard try db.scalar("SELECT id FROM tasks WHERE id = ?", [.integer(parent.rawValue)]) != nil else {
                throw TaskStoreError.taskNotFound(parent)
            }
        }
        let stamp = TaskStore.wholeSeconds(now)
        var task = TaskItem(
            id: TaskID(0), title: title, status: .open, stage: nil, list: list.name, project: project?.name, parent: draft.parent,
            created: stamp, updated: stamp, completed: nil, place: try draft.place.map(resolvePlace))
        // What the draft says comes over whole (a field added to `TaskAttributeValues` too), then as stored.
        task.takeAttributes(from: draft)
        task.title = title
        task.due = dueTime(draft.dueDay) ?? draft.due.map(TaskStore.wholeSeconds)
        task.contexts = TaskStore.normalizeContexts(draft.contexts)
        task.remind = draft.remind.map(TaskStore.wholeSeconds)
        return (task, list.id, project?.id)
    }

    /// The instant a date-only due stands for: its day at `WallTime.dateOnlyDue` in the store's zone.
    func dueTime(_ day: LocalDate?) -> Date? {
        day.map { $0.dateOnlyDue(in: timeZone) }
    }

    /// A binding with the place's stored spelling. - Throws: `.placeNotFound`.
    func resolvePlace(_ binding: PlaceBinding) throws -> PlaceBinding {
        let n = binding.place.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let name = try db.cached("SELECT name FROM places WHERE name = ?").bind([.text(n)]).first({ $0.string(0) }) else {
            throw TaskStoreError.placeNotFound(n)
        }
        return PlaceBinding(place: name, trigger: binding.trigger)
    }
}
