import Foundation

/// The tool door's codecs: a task's and a draft's result JSON, member by member in key order, into a
/// `JSONMemberWriter` (the tree and the bytes are the same members).
extension TaskField {
    /// Writes `task`'s members at the `tool` door, in key order: `remind`, `place`,
    /// `place_trigger` only when the task has them, `notes_sealed` only when its notes are sealed and
    /// withheld (said, never shown: no ciphertext, no empty note), `depth` (its depth in a `tree`) and
    /// `sync_error` (what the last sync could not write) only when given.
    @inlinable public static func write<W: JSONMemberWriter>(_ task: TaskItem, depth: Int? = nil, syncError: String? = nil, to w: inout W) {
        for (field, key) in TaskField.toolKeys {
            switch field {
            case .title: w.string(key, task.title)
            case .notes: w.string(key, task.notes)
            case .notesSealed: if task.notesLocked { w.bool(key, true) }
            case .due: w.due(key, task.due, day: task.dueDay)
            case .deferUntil: w.string(key, task.deferUntil?.description)
            case .priority: w.string(key, task.priority.rawValue)
            case .contexts: w.strings(key, task.contexts)
            case .status: w.string(key, task.status.rawValue)
            case .recurrence: w.value(key, task.recurrence?.json ?? .null)
            case .parent: w.int(key, task.parent.map { Int($0.rawValue) })
            case .estimateMinutes: w.int(key, task.estimateMinutes)
            case .energy: w.string(key, task.energy?.rawValue)
            case .kind: w.string(key, task.kind?.rawValue)
            case .project: w.string(key, task.project)
            case .list: w.string(key, task.list)
            case .stage: w.string(key, task.stage)
            case .id: w.int(key, Int(task.id.rawValue))
            case .created: w.date(key, task.created)
            case .updated: w.date(key, task.updated)
            case .completed: w.date(key, task.completed)
            case .remind: if let remind = task.remind { w.remind(key, remind) }
            case .place: if let place = task.place { w.string(key, place.place) }
            case .placeTrigger: if let place = task.place { w.string(key, place.trigger.rawValue) }
            case .depth: if let depth { w.int(key, depth) }
            case .syncError: if let syncError { w.string(key, syncError) }
            case .completions, .uuid, .anchorDay, .completedZone, .dueZone, .checklist, .series: break  // not at the tool door
            }
        }
    }

    /// Writes `draft`'s members at the `draft` door, in key order: a task's shape, so
    /// an agent can pass it on to create_task; `place` and `place_trigger` only when it has a place.
    @inlinable public static func write<W: JSONMemberWriter>(_ draft: TaskDraft, to w: inout W) {
        for (field, key) in TaskField.draftKeys {
            switch field {
            case .title: w.string(key, draft.title)
            case .notes: w.string(key, draft.notes)
            case .due: w.due(key, draft.due, day: draft.dueDay)
            case .deferUntil: w.string(key, draft.deferUntil?.description)
            case .priority: w.string(key, draft.priority.rawValue)
            case .contexts: w.strings(key, draft.contexts)
            case .recurrence: w.value(key, draft.recurrence?.json ?? .null)
            case .estimateMinutes: w.int(key, draft.estimateMinutes)
            case .energy: w.string(key, draft.energy?.rawValue)
            case .kind: w.string(key, draft.kind?.rawValue)
            case .project: w.string(key, draft.project)
            case .list: w.string(key, draft.list)
            case .place: if let place = draft.place { w.string(key, place.place) }
            case .placeTrigger: if let place = draft.place { w.string(key, place.trigger.rawValue) }
            case .status, .parent, .stage, .completions, .id, .uuid, .notesSealed, .anchorDay, .created, .updated,
                 .completed, .completedZone, .dueZone, .checklist, .series, .remind, .depth, .syncError:
                break  // not at the draft door
            }
        }
    }
}
