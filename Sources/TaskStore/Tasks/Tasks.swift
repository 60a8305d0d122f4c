import Foundation
import TaskCore

/// Tasks over the store's connection: create, read, update, complete (with recurrence), reschedule,
/// defer, delete, query, find, and the UUID a task is known by elsewhere.
///
/// The row layer every aggregate reads tasks through (columns, `loadTasks`, name resolution,
/// `insertTaskRow`) stays with the store in `TaskStore+TaskRows`: templates, plans, reminders,
/// pages and the record sets read and write task rows too.
public struct Tasks {
    public let store: TaskStore

    public init(_ store: TaskStore) { self.store = store }

    /// Creates a task in its list (the default list when the draft names none).
    /// - Throws: `.notBootstrapped`, `.listNotFound`, `.projectNotFound`, `.taskNotFound` (parent),
    ///   `.invalidValue` (empty title, negative estimate).
    public func createTask(_ draft: TaskDraft) throws -> TaskItem {
        try store.write {
            var cache: [String: (id: Int64, name: String)] = [:]
            var (task, listID, projectID) = try store.makeTask(from: draft, cache: &cache)
            task.recurrence = seriesRule(task)
            let anchor = anchorDay(for: task.recurrence, due: task.due)
            return try store.insertTaskRow(task, anchorDay: anchor, stageID: nil, listID: listID, projectID: projectID)
        }
    }

    /// Creates many tasks in one transaction (how scripts and benchmarks bulk-load); all or nothing.
    /// - Throws: as `createTask`, for the first draft that fails; then nothing is stored.
    public func createTasks(_ drafts: [TaskDraft]) throws -> [TaskItem] {
        try store.write {
            var cache: [String: (id: Int64, name: String)] = [:]
            var created: [TaskItem] = []
            created.reserveCapacity(drafts.count)
            for draft in drafts {
                var (task, listID, projectID) = try store.makeTask(from: draft, cache: &cache)
                task.recurrence = seriesRule(task)
                let anchor = anchorDay(for: task.recurrence, due: task.due)
                created.append(try store.insertTaskRow(task, anchorDay: anchor, stageID: nil, listID: listID, projectID: projectID))
            }
            return created
        }
    }

    public func task(_ id: TaskID) throws -> TaskItem {
        try store.mapErrors { try store.loadTask(id) }
    }

    /// Applies the changes in `update`.
    ///
    /// Moving a monthly or yearly task to another day re-anchors its series on that day; a new time
    /// on the same day keeps the anchor. - Throws: `.taskNotFound`, `.listNotFound`,
    /// `.projectNotFound`, `.stageNotFound`, `.cyclicParent`, `.invalidValue`.
    public func updateTask(_ id: TaskID, _ update: TaskUpdate) throws -> TaskItem {
        try store.write {
            var t = try store.loadTask(id)
            let before = t
            if let title = update.title { t.title = try TaskStore.validTitle(title) }
            if let notes = update.notes {
                // Locked notes are neither replaced nor cleared: an undo could not bring them back.
                if t.notesLocked {
                    throw TaskStoreError.sealed("task notes are sealed and the data key is not available, so nothing was written: \(store.keyUnavailable)")
                }
                t.notes = notes
            }
            if let due = update.due {
                t.dueDay = due == nil ? nil : update.dueDay
                t.due = store.dueTime(t.dueDay) ?? due.map(TaskStore.wholeSeconds)
            }
            if let priority = update.priority { t.priority = priority }
            if let estimate = update.estimateMinutes {
                try TaskStore.validEstimate(estimate)
                t.estimateMinutes = estimate
            }
            if let energy = update.energy { t.energy = energy }
            if let contexts = update.contexts { t.contexts = TaskStore.normalizeContexts(contexts) }
            if let kind = update.kind { t.kind = kind }
            if let stage = update.stage { t.stage = try stage.map { try store.resolveStage($0).name } }
            if let list = update.list { t.list = try store.resolveList(list).name }
            if let project = update.project { t.project = try project.map { try store.resolveProject($0).name } }
            if let parent = update.parent {
                if let parent { try checkParent(child: id, parent: parent) }
                t.parent = parent
            }
            if let recurrence = update.recurrence { t.recurrence = recurrence }
            if let deferUntil = update.deferUntil { t.deferUntil = deferUntil }
            if let remind = update.remind { t.remind = remind.map(TaskStore.wholeSeconds) }
            if let place = update.place { t.place = try place.map(store.resolvePlace) }
            if update.due != nil || update.recurrence != nil {
                // A new rule, or the series moved to another day: it keeps to the new day's month end.
                let sameDay = before.due.map { LocalDate($0, in: store.timeZone) } == t.due.map { LocalDate($0, in: store.timeZone) }
                t.recurrence = seriesRule(t, monthEnd: update.recurrence != nil || !sameDay)
                try setAnchorDay(try anchorDay(updating: id, from: before, to: t), for: id)
            }
            return try saveTask(t, replacingContexts: update.contexts != nil)
        }
    }

    /// Marks the task done. A recurring task keeps the completed row and gets its next occurrence,
    /// returned as `next`, unless the series has ended.
    ///
    /// The next due is the rule's (RFC 5545, `RecurrenceRule.next(after:dateOnly:in:completed:)`) from
    /// the completed task's due (from today 9:00 when it had none), keeping its wall-clock time in
    /// `timeZone`, by the rule's kind: on schedule, the next occurrence even if it is past; skip missed
    /// (the default), the first not already missed — a daily task finished after a week away comes back
    /// once, not seven times overdue; after completion, one interval on from the day it was done. A rule
    /// with COUNT gives the next task the rule with COUNT less the occurrences passed; when COUNT is used
    /// up or UNTIL passed, the completed task is the last and there is no `next`. The new task copies
    /// title, notes, priority, estimate, energy, contexts, kind, list, project, parent and the rule;
    /// it has no stage and no defer date, and joins the completed task's series (for streaks). The
    /// completed row keeps the zone it was completed in. Completing a done task changes nothing and
    /// returns no `next`. A task with its own zone (`due_zone`) steps on in it, and the next keeps it.
    /// An occurrence a DST gap moved (2:00 → 3:00) steps on at the series' time again (`timeBeforeGap`).
    /// Its subtasks move to the next occurrence, open again (`carryChecklist`).
    /// A staged task moves to the "Done" stage.
    /// - Throws: `.taskNotFound`.
    public func completeTask(_ id: TaskID) throws -> (completed: TaskItem, next: TaskItem?) {
        try store.write {
            var t = try store.loadTask(id)
            guard t.status == .open else { return (t, nil) }
            if t.recurrence != nil, t.notesLocked {
                // The next occurrence is a new row: its notes must be sealed again, which needs the key.
                throw TaskStoreError.sealed(
                    "task \(id.rawValue) repeats and its notes are sealed; its next occurrence cannot carry them while the data key is not available, so nothing was changed: \(store.keyUnavailable)")
            }
            let stamp = TaskStore.wholeSeconds(store.now)
            t.status = .done
            t.completed = stamp
            t.updated = stamp
            if t.stage != nil, let done = try? store.resolveStage("Done") { t.stage = done.name }
            let completed = try saveTask(t, replacingContexts: false)
            try store.db.cached("UPDATE tasks SET completed_zone = ? WHERE id = ?").bind([.text(store.timeZone.identifier), .integer(id.rawValue)]).run()
            guard let stored = t.recurrence else { return (completed, nil) }
            let base = t.due ?? LocalDate(stamp, in: store.timeZone).dateOnlyDue(in: store.timeZone)
            // A plain monthly rule from before schema v17 on the 29th–31st keeps to the month's end, as it did.
            let rule = stored.isPlain ? keepingMonthEnd(stored, due: base) ?? stored : stored
            let zone = try seriesZone(id)
            let kept = t.dueDay == nil ? try timeBeforeGap(of: id, due: base, in: zone) : nil
            guard let (nextDue, nextRule) = rule.next(after: base, dateOnly: t.dueDay != nil, in: zone, completed: stamp, keeping: kept) else {
                return (completed, nil)
            }
            let anchor = anchorDay(for: nextRule, due: nextDue)
            // The next occurrence is the task again (a field added later carries over too), less what
            // belongs to this occurrence: its id, due, state, stage, defer date and times.
            var next = t
            next.id = TaskID(0)
            next.due = nextDue
            next.dueDay = t.dueDay == nil ? nil : LocalDate(nextDue, in: store.timeZone)
            next.status = .open
            next.stage = nil
            next.recurrence = nextRule
            next.deferUntil = nil
            next.created = stamp
            next.updated = stamp
            next.completed = nil
            next.remind = Tasks.nextRemind(t.remind, due: t.due, nextDue: nextDue)
            let listID = try store.resolveList(t.list).id
            let projectID = try t.project.map { try store.resolveProject($0).id }
            let series = try store.db.cached("SELECT coalesce(series, uuid) FROM tasks WHERE id = ?").bind([.integer(id.rawValue)]).first { $0.string(0) }
            let inserted = try store.insertTaskRow(next, anchorDay: anchor, stageID: nil, listID: listID, projectID: projectID, series: series)
            try keepZone(from: id, to: inserted.id)
            try carryChecklist(from: id, to: inserted.id)
            return (completed, inserted)
        }
    }

    /// The next occurrence's reminder: minutes before stay; an instant moves with the due.
    static func nextRemind(_ remind: ReminderSetting?, due: Date?, nextDue: Date) -> ReminderSetting? {
        guard case .at(let instant) = remind else { return remind }
        guard let due else { return nil }
        return .at(instant.addingTimeInterval(nextDue.timeIntervalSince(due)))
    }

    /// Opens a done task again (a task in the "Done" stage leaves it). - Throws: `.taskNotFound`.
    public func reopenTask(_ id: TaskID) throws -> TaskItem {
        try store.write {
            var t = try store.loadTask(id)
            guard t.status == .done else { return t }
            t.status = .open
            t.completed = nil
            t.updated = TaskStore.wholeSeconds(store.now)
            if t.stage?.lowercased() == "done" { t.stage = nil }
            try store.db.cached("UPDATE tasks SET completed_zone = NULL WHERE id = ?").bind([.integer(id.rawValue)]).run()
            return try saveTask(t, replacingContexts: false)
        }
    }

    /// Sets or clears the due date; with `day`, a date-only due on that day. - Throws: `.taskNotFound`.
    public func rescheduleTask(_ id: TaskID, due: Date?, day: LocalDate? = nil) throws -> TaskItem {
        var update = TaskUpdate()
        update.due = .some(due)
        update.dueDay = day
        return try updateTask(id, update)
    }

    /// Hides the task from `available` until the given day (nil shows it again). - Throws: `.taskNotFound`.
    public func deferTask(_ id: TaskID, until: LocalDate?) throws -> TaskItem {
        var update = TaskUpdate()
        update.deferUntil = .some(until)
        return try updateTask(id, update)
    }

    /// Deletes a task (used by the undo of a creation). Its subtasks lose their parent; its
    /// contexts and page links go with it; a tombstone keeps its UUID so the delete can travel.
    /// - Throws: `.taskNotFound`.
    public func deleteTask(_ id: TaskID) throws {
        try store.write {
            let uuid = try uuid(of: id)
            try store.recordTaskTombstone(uuid: uuid, id: id.rawValue)
            try store.db.run("DELETE FROM tasks WHERE id = ?", [.integer(id.rawValue)])
        }
    }

    /// Tasks matching the query, ordered by due (nulls last), then priority (high first), then id.
    ///
    /// `.today` is open and due before the end of today in `timeZone`, overdue included; `.tomorrow`
    /// open and due during tomorrow there; `.week` open and due before this week's Sunday ends, overdue
    /// included; `.available`
    /// is open, not deferred past today, not waiting, not in Someday. `dueFrom` and `dueBefore` keep
    /// a window of dues (`dueBefore` is the week's end with `.week`). `parent` keeps a task's children (its whole
    /// subtree with `subtree`), `stage` one workflow stage. - Throws: `.listNotFound`,
    /// `.projectNotFound`, `.stageNotFound`.
    public func tasks(_ query: TaskQuery) throws -> [TaskItem] {
        try store.read {
            var conditions: [String] = []
            var values: [DatabaseValue] = []
            switch query.filter {
            case .open:
                conditions.append("t.status = 'open'")
            case .today:
                conditions.append("t.status = 'open' AND t.due < ?")
                values.append(DatabaseValue(store.endOfToday()))
            case .overdue:
                conditions.append("t.status = 'open' AND t.due < ?")
                values.append(DatabaseValue(store.now))
            case .week:
                conditions.append("t.status = 'open' AND t.due < ?")
                values.append(DatabaseValue(query.dueBefore ?? store.endOfDay(LocalDate(store.now, in: store.timeZone).onOrAfter(.sun))))
            case .tomorrow:
                conditions.append("t.status = 'open' AND t.due >= ? AND t.due < ?")
                let tomorrow = LocalDate(store.now, in: store.timeZone).adding(days: 1)
                values += [DatabaseValue(store.endOfToday()), DatabaseValue(store.endOfDay(tomorrow))]
            case .available:
                conditions.append(
                    "t.status = 'open' AND (t.defer_until IS NULL OR t.defer_until <= ?) AND (t.kind IS NULL OR t.kind <> 'waiting') AND (t.stage_id IS NULL OR t.stage_id NOT IN (?, ?))")
                values.append(.text(LocalDate(store.now, in: store.timeZone).description))
                values += try store.parkedStageIDs()
            case .waiting:
                conditions.append("t.status = 'open' AND (t.kind = 'waiting' OR t.stage_id = ?)")
                values.append(.integer(try store.waitingStageID()))
            case .all:
                break
            }
            if let from = query.dueFrom {
                conditions.append("t.due >= ?")
                values.append(DatabaseValue(from))
            }
            if let before = query.dueBefore, query.filter != .week {
                conditions.append("t.due < ?")
                values.append(DatabaseValue(before))
            }
            if let list = query.list {
                conditions.append("t.list_id = ?")
                values.append(.integer(try store.resolveList(list).id))
            }
            if let project = query.project {
                conditions.append("t.project_id = ?")
                values.append(.integer(try store.resolveProject(project).id))
            }
            if let context = query.context {
                // A primary-key probe per candidate row, so a LIMIT stops early (an IN list would first
                // collect every task that ever had the context).
                conditions.append("EXISTS (SELECT 1 FROM task_contexts c WHERE c.task_id = t.id AND c.context = ?)")
                values.append(.text(TaskStore.normalizeContexts([context]).first ?? ""))
            }
            if let parent = query.parent {
                if query.subtree {
                    conditions.append("t.id IN (\(Tasks.subtreeSQL))")
                } else {
                    conditions.append("t.parent_id = ?")
                }
                values.append(.integer(parent.rawValue))
            }
            if let stage = query.stage {
                conditions.append("t.stage_id = ?")
                values.append(.integer(try store.resolveStage(stage).id))
            }
            let limit = query.limit.map { max(0, $0) } ?? -1
            if limit == 0 { return [] }
            if let from = query.completedFrom {
                conditions.append("t.status = 'done' AND t.completed >= ?")
                values.append(DatabaseValue(from))
                if let before = query.completedBefore {
                    conditions.append("t.completed < ?")
                    values.append(DatabaseValue(before))
                }
                return try store.loadTasks(
                    "WHERE \(conditions.joined(separator: " AND ")) ORDER BY t.completed DESC, t.id DESC LIMIT ?", values + [.integer(Int64(limit))])
            }
            let base = conditions.isEmpty ? "" : conditions.joined(separator: " AND ") + " AND "
            if let change = query.changedAfter {
                let changed = TaskStore.taskChangedSQL
                return try store.loadTasks(
                    "WHERE \(base)(\(changed) > ? OR (\(changed) = ? AND t.id > ?)) ORDER BY \(changed), t.id LIMIT ?",
                    values + [.integer(change.updated), .integer(change.updated), .integer(change.id), .integer(Int64(limit))])
            }
            // Two passes so the (status, due, priority) index gives the order without a sort:
            // tasks with a due date first, then those without. A page after a position continues
            // from it (keyset), in whichever pass it lies.
            var result: [TaskItem] = []
            let after = query.after
            if after == nil || after?.due != nil {
                var keyset = ""
                var keysetValues: [DatabaseValue] = []
                if let after, let due = after.due {
                    keyset = "(t.due > ? OR (t.due = ? AND (t.priority < ? OR (t.priority = ? AND t.id > ?)))) AND "
                    keysetValues = [.integer(due), .integer(due), .integer(Int64(after.priorityRank)), .integer(Int64(after.priorityRank)), .integer(after.id)]
                }
                result = try store.loadTasks(
                    "WHERE \(base)\(keyset)t.due IS NOT NULL ORDER BY t.due, t.priority DESC, t.id LIMIT ?", values + keysetValues + [.integer(Int64(limit))])
            }
            if query.filter == .today || query.filter == .overdue { return result }
            if limit < 0 || result.count < limit {
                let remaining = limit < 0 ? -1 : limit - result.count
                var keyset = ""
                var keysetValues: [DatabaseValue] = []
                if let after, after.due == nil {
                    keyset = "(t.priority < ? OR (t.priority = ? AND t.id > ?)) AND "
                    keysetValues = [.integer(Int64(after.priorityRank)), .integer(Int64(after.priorityRank)), .integer(after.id)]
                }
                result += try store.loadTasks(
                    "WHERE \(base)\(keyset)t.due IS NULL ORDER BY t.priority DESC, t.id LIMIT ?", values + keysetValues + [.integer(Int64(remaining))])
            }
            return result
        }
    }

    /// Children of a task, in id order. - Throws: `.taskNotFound` when the task does not exist.
    public func subtasks(of id: TaskID) throws -> [TaskItem] {
        try store.read {
            guard try store.db.scalar("SELECT id FROM tasks WHERE id = ?", [.integer(id.rawValue)]) != nil else {
                throw TaskStoreError.taskNotFound(id)
            }
            return try store.loadTasks("WHERE t.parent_id = ? ORDER BY t.id", [.integer(id.rawValue)])
        }
    }

    /// Finds tasks by title: exact (case-insensitive) matches first (one is `.unique`, several
    /// `.ambiguous`), then substrings the same way, else `.none`. `openOnly` skips done tasks.
    public func findTasks(titled title: String, openOnly: Bool = true) throws -> TitleMatch<TaskItem> {
        try store.read {
            let key = TaskStore.titleKey(title.trimmingCharacters(in: .whitespacesAndNewlines))
            guard !key.isEmpty else { return .none }
            let status = openOnly ? " AND t.status = 'open'" : ""
            let exact = try store.loadTasks("WHERE t.title_key = ?\(status) ORDER BY t.id LIMIT 50", [.text(key)])
            if !exact.isEmpty { return exact.count == 1 ? .unique(exact[0]) : .ambiguous(exact) }
            let partial = try store.loadTasks("WHERE instr(t.title_key, ?) > 0\(status) ORDER BY t.id LIMIT 50", [.text(key)])
            if partial.isEmpty { return .none }
            return partial.count == 1 ? .unique(partial[0]) : .ambiguous(partial)
        }
    }

    /// Distinct contexts of open tasks, most used first (for completion in the REPL).
    public func contexts() throws -> [String] {
        try store.read {
            try store.db.cached(
                """
                SELECT c.context FROM task_contexts c JOIN tasks t ON t.id = c.task_id
                WHERE t.status = 'open' GROUP BY c.context ORDER BY count(*) DESC, c.context
                """
            ).rows { $0.string(0) }
        }
    }

    /// The UUID of a task. - Throws: `.taskNotFound`.
    public func uuid(of id: TaskID) throws -> String {
        try store.read {
            guard let uuid = try store.db.cached("SELECT uuid FROM tasks WHERE id = ?").bind([.integer(id.rawValue)]).first({ $0.string(0) })
            else { throw TaskStoreError.taskNotFound(id) }
            return uuid
        }
    }

    /// The task with this UUID, if it is still here.
    public func taskID(uuid: String) throws -> TaskID? {
        try store.read {
            try store.db.cached("SELECT id FROM tasks WHERE uuid = ?").bind([.text(uuid)]).first { TaskID($0.int64(0)) }
        }
    }

    // MARK: Helpers

    /// Writes every column of `t` back. Names are resolved again (they were validated by the caller).
    func saveTask(_ t: TaskItem, replacingContexts: Bool) throws -> TaskItem {
        let stageID = try t.stage.map { try store.resolveStage($0).id }
        let listID = try store.resolveList(t.list).id
        let projectID = try t.project.map { try store.resolveProject($0).id }
        var stored = t
        stored.updated = TaskStore.wholeSeconds(max(store.now, t.updated))
        // Locked notes were not read, so they are written back as stored; others are sealed when sealing is on.
        let notes = t.notesLocked
            ? try store.storedNotesAsTheyAre("tasks", id: t.id.rawValue)
            : try store.storedNotes(t.notes, table: "tasks", uuid: try uuid(of: t.id))
        let context = TaskRowContext(stageID: stageID, listID: listID, projectID: projectID, notes: notes)
        try store.db.cached(Tasks.updateTaskSQL).bind(TaskStore.taskRow.updateValues(stored, context) + [.integer(t.id.rawValue)]).run()
        if replacingContexts {
            try store.db.run("DELETE FROM task_contexts WHERE task_id = ?", [.integer(t.id.rawValue)])
            try store.insertContexts(t.id, t.contexts)
        }
        return stored
    }

    static let updateTaskSQL = TaskStore.taskRow.updateSQL

    /// Refuses a parent that does not exist or that would make `child` its own ancestor.
    ///
    /// Walks up from `parent` one row at a time (a loop, not recursion: a 10,000-deep chain costs
    /// 10,000 indexed lookups and no stack). - Throws: `.taskNotFound` (parent), `.cyclicParent`
    /// with the loop it would close.
    func checkParent(child: TaskID, parent: TaskID) throws {
        if child == parent { throw TaskStoreError.cyclicParent(loop: [child, child]) }
        guard try store.db.scalar("SELECT id FROM tasks WHERE id = ?", [.integer(parent.rawValue)]) != nil else {
            throw TaskStoreError.taskNotFound(parent)
        }
        var path: [TaskID] = [child]
        var current: Int64? = parent.rawValue
        var seen = Set<Int64>()
        while let id = current, seen.insert(id).inserted {
            path.append(TaskID(id))
            if id == child.rawValue { throw TaskStoreError.cyclicParent(loop: path) }
            current = try store.db.cached("SELECT parent_id FROM tasks WHERE id = ?").bind([.integer(id)]).first { $0.optionalInt64(0) } ?? nil
        }
    }

    /// Completes many tasks in one transaction, each as `completeTask` does (recurring ones get their
    /// next occurrence); all or nothing. - Throws: `.taskNotFound` for the first unknown id.
    public func completeTasks(_ ids: [TaskID]) throws -> [(completed: TaskItem, next: TaskItem?)] {
        try store.write { try ids.map { try completeTask($0) } }
    }
}
