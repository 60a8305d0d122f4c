import Foundation
import TaskCore

/// Deleting a task with its subtasks handled explicitly, and putting a deletion back.
extension Tasks {
    /// Deletes a task in one transaction and returns everything needed to restore it.
    ///
    /// With `withSubtasks` every task below it goes too (at any depth); without, its children stay
    /// and lose their parent (listed in `orphaned`). Contexts and page links go with each deleted
    /// row (attachment rows too: their objects stay until collected); each leaves a tombstone with its UUID so the delete can travel.
    /// - Throws: `.taskNotFound`.
    public func deleteTask(_ id: TaskID, withSubtasks: Bool) throws -> TaskDeletion {
        try store.write {
            let root = try store.loadTask(id)
            let below = withSubtasks ? try subtree(of: id) : []
            let orphaned = withSubtasks ? [] : try store.db.cached("SELECT id FROM tasks WHERE parent_id = ? ORDER BY id")
                .bind([.integer(id.rawValue)]).rows { TaskID($0.int64(0)) }
            var records: [TaskDeletion.Record] = []
            records.reserveCapacity(below.count + 1)
            for task in [root] + below {
                let linked = try store.db.cached("SELECT page_id FROM page_links WHERE task_id = ? ORDER BY page_id")
                    .bind([.integer(task.id.rawValue)]).rows { PageID($0.int64(0)) }
                let attached = try store.db.cached("SELECT \(TaskStore.attachmentColumns) FROM attachments a WHERE a.task_id = ? ORDER BY a.id")
                    .bind([.integer(task.id.rawValue)]).rows(TaskStore.readAttachment)
                var record = TaskDeletion.Record(
                    task: task, uuid: try uuid(of: task.id), anchorDay: try storedAnchorDay(task.id), linkedPages: linked,
                    attachments: attached)
                if task.notesLocked, case .blob(let sealed) = try store.storedNotesAsTheyAre("tasks", id: task.id.rawValue) { record.sealedNotes = sealed }
                records.append(record)
            }
            for record in records {
                try store.recordTaskTombstone(uuid: record.uuid, id: record.task.id.rawValue)
                try store.db.cached("DELETE FROM tasks WHERE id = ?").bind([.integer(record.task.id.rawValue)]).run()
            }
            return TaskDeletion(records: records, orphaned: orphaned)
        }
    }

    /// Puts deleted tasks back in one transaction: the same UUIDs (their tombstones removed), the
    /// same ids when still free, contexts, stage, series anchor, page links to pages still there, attachments,
    /// and orphaned subtasks under their parent again.
    ///
    /// A list, project or stage deleted since is left out (the default list, none, none); a task
    /// whose UUID is already here again is skipped. - Returns: the tasks as restored, in order.
    /// - Throws: `TaskStoreError` when storage fails.
    @discardableResult
    public func restore(_ deletion: TaskDeletion) throws -> [TaskItem] {
        try store.write {
            let defaultList = try store.requireBootstrap()
            var newIDs: [TaskID: TaskID] = [:]
            var restored: [TaskItem] = []
            for record in deletion.records {
                if let existing = try taskID(uuid: record.uuid) {
                    newIDs[record.task.id] = existing
                    continue
                }
                var task = record.task
                let idFree = try store.db.scalar("SELECT id FROM tasks WHERE id = ?", [.integer(task.id.rawValue)]) == nil
                let listID = (try? store.resolveList(task.list).id) ?? defaultList
                let projectID = task.project.flatMap { try? store.resolveProject($0).id }
                if projectID == nil { task.project = nil }
                let stageID = task.stage.flatMap { try? store.resolveStage($0).id }
                if stageID == nil { task.stage = nil }
                if let parent = task.parent {
                    if let moved = newIDs[parent] {
                        task.parent = moved
                    } else if try store.db.scalar("SELECT id FROM tasks WHERE id = ?", [.integer(parent.rawValue)]) == nil {
                        task.parent = nil
                    }
                }
                // The same UUID again, so notes sealed (and kept locked) at delete open as before.
                let notes = try record.sealedNotes.map { .blob($0) } ?? store.storedNotes(task.notes, table: "tasks", uuid: record.uuid)
                let context = TaskRowContext(
                    stageID: stageID, listID: listID, projectID: projectID, notes: notes, anchorDay: record.anchorDay, uuid: record.uuid)
                let values = [idFree ? .integer(task.id.rawValue) : .null] + TaskStore.taskRow.insertValues(task, context)
                try store.db.cached(Tasks.restoreTaskSQL).bind(values).run()
                let newID = TaskID(store.db.lastInsertRowID)
                newIDs[record.task.id] = newID
                task.id = newID
                try store.insertContexts(newID, task.contexts)
                for page in record.linkedPages {
                    try store.db.run("INSERT OR IGNORE INTO page_links(page_id, task_id) SELECT id, ? FROM pages WHERE id = ?",
                               [.integer(newID.rawValue), .integer(page.rawValue)])
                }
                try store.db.run("DELETE FROM tombstones WHERE kind = ? AND uuid = ?", [.text(TaskStore.RecordKind.task.rawValue), .text(record.uuid)])
                _ = try store.insertRestored(record.attachments, taskIDs: [record.task.id: newID])
                // Back with its own `updated`: changed now all the same, for changes_since.
                try store.markTasksChanged([newID.rawValue])
                restored.append(task)
            }
            if let root = deletion.records.first.flatMap({ newIDs[$0.task.id] }) {
                for child in deletion.orphaned {
                    try store.db.run("UPDATE tasks SET parent_id = ? WHERE id = ? AND parent_id IS NULL",
                               [.integer(root.rawValue), .integer(child.rawValue)])
                }
            }
            return restored
        }
    }

    /// `insertTaskSQL` with the row id first (NULL lets SQLite choose one).
    static let restoreTaskSQL = TaskStore.taskRow.insertSQL(leading: ["id"])
}
