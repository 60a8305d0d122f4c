import Foundation

extension TaskDraft {
    /// Writes the draft's members at the `draft` door (`TaskField`), in key order: a task's shape, so
    /// an agent can pass it on to create_task; `place` and `place_trigger` only when it has a place.
    @inlinable public func writeMembers<W: JSONMemberWriter>(to w: inout W) {
        for (field, key) in TaskField.draftKeys {
            switch field {
            case .title: w.string(key, title)
            case .notes: w.string(key, notes)
            case .due: w.due(key, due, day: dueDay)
            case .deferUntil: w.string(key, deferUntil?.description)
            case .priority: w.string(key, priority.rawValue)
            case .contexts: w.strings(key, contexts)
            case .recurrence: w.value(key, recurrence?.json ?? .null)
            case .estimateMinutes: w.int(key, estimateMinutes)
            case .energy: w.string(key, energy?.rawValue)
            case .kind: w.string(key, kind?.rawValue)
            case .project: w.string(key, project)
            case .list: w.string(key, list)
            case .place: if let place { w.string(key, place.place) }
            case .placeTrigger: if let place { w.string(key, place.trigger.rawValue) }
            case .status, .parent, .stage, .completions, .id, .uuid, .notesSealed, .anchorDay, .created, .updated,
                 .completed, .completedZone, .series, .remind, .depth, .syncError:
                break  // not at the draft door
            }
        }
    }
}
