import Foundation
import TaskCore

/// A repeating task's subtasks are its checklist: they belong to the series' open occurrence and come
/// back open with each next one, while the occurrence that was done keeps the titles of those done
/// for it (`checklist` on its row).
///
/// The rule, wherever a series advances: a subtask done at or before the series' latest completion
/// was done for that occurrence (or an earlier one), so it is open again for the current one. Completing
/// here moves the subtasks to the next occurrence and reopens them (`carryChecklist`); a completion sync
/// brings from another device or client reopens them afterwards (`reopenChecklists`), and the next
/// upload sends them as NEEDS-ACTION, so every client sees the same subtasks, open. A subtask that
/// repeats itself keeps its own series: its done occurrences move with it but never reopen.
extension Tasks {
    /// After the occurrence `done` was completed and `next` made: its subtasks move to `next`, the done
    /// ones open again, and `done` records their titles as its checklist.
    func carryChecklist(from done: TaskID, to next: TaskID) throws {
        let children = try store.db.cached("SELECT c.id, c.title, c.status = 'done' AND NOT \(Self.repeats) FROM tasks c WHERE c.parent_id = ? ORDER BY c.id")
            .bind([.integer(done.rawValue)]).rows { (id: TaskID($0.int64(0)), title: $0.string(1), done: $0.int(2) != 0) }
        guard !children.isEmpty else { return }
        try store.db.run("UPDATE tasks SET parent_id = ? WHERE parent_id = ?", [.integer(next.rawValue), .integer(done.rawValue)])
        let finished = children.filter(\.done)
        for child in finished { _ = try reopenTask(child.id) }
        try record(finished.map(\.title), on: done)
    }

    /// Opens again every subtask of a series' open occurrence that was done at or before the series'
    /// latest completion, and adds its title to the checklist of the done occurrence with that
    /// completion. Sync runs it after taking completions from elsewhere. Returns how many reopened.
    /// - Throws: a store error.
    @discardableResult
    public func reopenChecklists() throws -> Int {
        try store.write {
            let stale = try store.db.prepare("""
                SELECT c.id, c.title, (SELECT d.id FROM tasks d WHERE coalesce(d.series, d.uuid) = coalesce(p.series, p.uuid)
                        AND d.status = 'done' ORDER BY d.completed DESC, d.id DESC LIMIT 1)
                FROM tasks c JOIN tasks p ON p.id = c.parent_id
                WHERE c.status = 'done' AND NOT \(Self.repeats) AND p.status = 'open' AND c.completed <= (SELECT max(e.completed) FROM tasks e
                    WHERE coalesce(e.series, e.uuid) = coalesce(p.series, p.uuid) AND e.status = 'done' AND e.id <> p.id)
                ORDER BY c.id
                """).rows { (id: TaskID($0.int64(0)), title: $0.string(1), occurrence: TaskID($0.int64(2))) }
            for child in stale { _ = try reopenTask(child.id) }
            for (occurrence, children) in Dictionary(grouping: stale, by: \.occurrence) { try record(children.map(\.title), on: occurrence) }
            return stale.count
        }
    }

    /// Whether the subtask `c` is an occurrence of a series of its own (a repeating subtask): its done
    /// occurrences are its history, not a checklist item, and never reopen (SQL over the row `c`).
    static let repeats = "(c.series IS NOT NULL OR EXISTS (SELECT 1 FROM tasks s WHERE s.series = c.uuid))"

    /// Adds `titles` to the checklist of the done occurrence `id`.
    private func record(_ titles: [String], on id: TaskID) throws {
        guard !titles.isEmpty else { return }
        let kept = try store.db.cached("SELECT checklist FROM tasks WHERE id = ?").bind([.integer(id.rawValue)]).first { $0.optionalString(0) } ?? nil
        let list = (kept.map { $0.split(separator: "\n").map(String.init) } ?? []) + titles
        try store.db.run("UPDATE tasks SET checklist = ? WHERE id = ?", [.text(list.joined(separator: "\n")), .integer(id.rawValue)])
    }
}
