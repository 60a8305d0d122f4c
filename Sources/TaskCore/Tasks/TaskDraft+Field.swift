import Foundation

extension TaskDraft {
    /// Sets `field` to `other`'s value of it; a field a draft does not hold changes nothing.
    ///
    /// A `switch` over every field, so a new field makes the compiler ask how a draft takes it (and
    /// each merge that copies fields by `TaskField` carries it, rather than dropping it unseen).
    public mutating func take(_ field: TaskField, from other: TaskDraft) {
        switch field {
        case .title: title = other.title
        case .notes: notes = other.notes
        case .due:
            due = other.due
            dueDay = other.dueDay
        case .deferUntil: deferUntil = other.deferUntil
        case .priority: priority = other.priority
        case .contexts: contexts = other.contexts
        case .recurrence: recurrence = other.recurrence
        case .parent: parent = other.parent
        case .estimateMinutes: estimateMinutes = other.estimateMinutes
        case .energy: energy = other.energy
        case .kind: kind = other.kind
        case .project: project = other.project
        case .list: list = other.list
        case .remind: remind = other.remind
        case .place: place = other.place
        case .placeTrigger:
            if let trigger = other.place?.trigger { place?.trigger = trigger }
        case .dueZone, .status, .stage, .completions, .id, .uuid, .notesSealed, .anchorDay, .created, .updated, .completed,
             .completedZone, .series, .checklist, .depth, .syncError:
            break
        }
    }
}
