import TaskNL

/// One task of a dictation as the chat shows it before saving: the words it came from and the merged
/// reading (the rules' fields final, the model's marked `fromModel`).
struct DictationDraft {
    var source: String
    var result: ParseResult
    /// The rules' own reading of `source`: what is kept of a model's guess that is not confirmed.
    var rules: ParseResult

    /// The merged reading with every field the model supplied put back to the rules' reading.
    var withoutGuesses: ParseResult {
        var merged = result
        for chip in merged.understood where chip.fromModel {
            switch chip.field {
            case .priority: merged.draft.priority = rules.draft.priority
            case .estimate: merged.draft.estimateMinutes = rules.draft.estimateMinutes
            case .energy: merged.draft.energy = rules.draft.energy
            case .context: merged.draft.contexts = rules.draft.contexts
            case .due: merged.draft.due = rules.draft.due
            case .kind: merged.draft.kind = rules.draft.kind
            default: break
            }
        }
        merged.understood.removeAll(where: \.fromModel)
        return merged
    }
}
