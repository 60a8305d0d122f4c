import Foundation
import TaskCore

extension RefinementMerger {
    /// Whose value a saved proposal keeps for a field: a `switch` over every field, so a field added
    /// later is decided here (the compiler asks) instead of dropped unseen by a hand-made copy.
    enum Owner: Equatable {
        /// The rules' reading; the model fills only what it left empty (`merge(_:into:)`).
        case rules
        /// The model's, which the rules never read; `followsSplit`: each part of a line the rules
        /// split keeps it too (where the task goes, not what it says).
        case model(followsSplit: Bool)
        /// The model's when the rules read none.
        case modelWhenRulesSilent
    }

    static func owner(of field: TaskField) -> Owner {
        switch field {
        case .notes: .model(followsSplit: false)
        case .project, .list, .parent: .model(followsSplit: true)
        case .recurrence: .modelWhenRulesSilent
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
            switch owner(of: field) {
            case .rules:
                break
            case .model(let followsSplit):
                if followsSplit || !splitPart { draft.take(field, from: proposal) }
            case .modelWhenRulesSilent:
                var cleared = draft
                cleared.take(field, from: TaskDraft(title: draft.title))
                if !splitPart, cleared == draft { draft.take(field, from: proposal) }
            }
        }
        return draft
    }
}
