import Foundation
import TaskCore

extension RefinementMerger {
    /// Whose value a saved proposal keeps for a field: a `switch` over every field, so a field added
    /// later is decided here (the compiler asks) instead of dropped unseen by a hand-made copy.
    enum Owner {
        /// The rules' reading; the model fills only what it left empty (`merge(_:into:)`).
        case rules
        /// The model's, which the rules never read: `take` sets it on the merged draft from the
        /// proposal. `followsSplit`: each part of a line the rules split keeps it too (where the task
        /// goes, not what it says).
        case model(followsSplit: Bool, take: @Sendable (inout TaskDraft, TaskDraft) -> Void)
    }

    static func owner(of field: TaskField) -> Owner {
        switch field {
        case .notes: .model(followsSplit: false) { $0.notes = $1.notes }
        case .project: .model(followsSplit: true) { $0.project = $1.project }
        case .list: .model(followsSplit: true) { $0.list = $1.list }
        case .parent: .model(followsSplit: true) { $0.parent = $1.parent }
        // A repeat the rules did not read is the model's.
        case .recurrence: .model(followsSplit: false) { if $0.recurrence == nil { $0.recurrence = $1.recurrence } }
        case .title, .due, .dueZone, .deferUntil, .priority, .contexts, .status, .estimateMinutes, .energy, .kind, .stage, .completions,
             .id, .uuid, .notesSealed, .anchorDay, .created, .updated, .completed, .completedZone, .series, .remind, .place, .placeTrigger,
             .checklist, .depth, .syncError:
            .rules
        }
    }

    /// `merged` with the fields the model owns taken from `proposal` (only those that follow a split
    /// when `splitPart`).
    static func keepingModelFields(_ merged: TaskDraft, from proposal: TaskDraft, splitPart: Bool = false) -> TaskDraft {
        var draft = merged
        for field in TaskField.allCases {
            if case .model(let followsSplit, let take) = owner(of: field), followsSplit || !splitPart { take(&draft, proposal) }
        }
        return draft
    }
}
