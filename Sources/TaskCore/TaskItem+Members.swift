import Foundation

extension TaskItem {
    /// Writes the task's members at the `tool` door (`TaskField`), in key order: `remind`, `place`,
    /// `place_trigger` only when the task has them, `notes_sealed` only when its notes are sealed and
    /// withheld (said, never shown: no ciphertext, no empty note), `depth` (its depth in a `tree`) and
    /// `sync_error` (what the last sync could not write) only when given.
    @inlinable public func writeMembers<W: JSONMemberWriter>(depth: Int? = nil, syncError: String? = nil, to w: inout W) {
        for (field, key) in TaskField.toolKeys {
            switch field {
            case .title: w.string(key, title)
            case .notes: w.string(key, notes)
            case .notesSealed: if notesLocked { w.bool(key, true) }
            case .due: w.due(key, due, day: dueDay)
            case .deferUntil: w.string(key, deferUntil?.description)
            case .priority: w.string(key, priority.rawValue)
            case .contexts: w.strings(key, contexts)
            case .status: w.string(key, status.rawValue)
            case .recurrence: w.value(key, recurrence?.json ?? .null)
            case .parent: w.int(key, parent.map { Int($0.rawValue) })
            case .estimateMinutes: w.int(key, estimateMinutes)
            case .energy: w.string(key, energy?.rawValue)
            case .kind: w.string(key, kind?.rawValue)
            case .project: w.string(key, project)
            case .list: w.string(key, list)
            case .stage: w.string(key, stage)
            case .id: w.int(key, Int(id.rawValue))
            case .created: w.date(key, created)
            case .updated: w.date(key, updated)
            case .completed: w.date(key, completed)
            case .remind: if let remind { w.remind(key, remind) }
            case .place: if let place { w.string(key, place.place) }
            case .placeTrigger: if let place { w.string(key, place.trigger.rawValue) }
            case .depth: if let depth { w.int(key, depth) }
            case .syncError: if let syncError { w.string(key, syncError) }
            case .completions, .uuid, .anchorDay, .completedZone, .series: break  // not at the tool door
            }
        }
    }
}
