import Foundation
import TaskCore
import TaskLLM
import TaskNL

/// Merges a model's proposed create_task arguments with the rules' parse: a field the rules
/// understood is never overridden; the model fills gaps and may clean up the title.
public struct ProposalMerger: Sendable {
    public var timeZone: TimeZone

    public init(timeZone: TimeZone) { self.timeZone = timeZone }

    /// create_task arguments with every field the rules understood put back.
    ///
    /// The model's title is kept when every word of it comes from what the user typed (`userText`):
    /// it may shorten and tidy, never invent. Otherwise, or when it is empty, the rules' title of the
    /// user's text is used.
    public func merge(_ arguments: [String: JSONValue], rules: ParseResult, userText: String, userRules: ParseResult) -> [String: JSONValue] {
        var merged = arguments
        let draft = rules.draft
        let fields = Set(rules.understood.map(\.field))
        let title = merged["title"]?.stringValue ?? ""
        if !RefinementMerger.titleUsesOnlyWords(title, of: userText) {
            merged["title"] = .string(userRules.draft.title)
        }
        if fields.contains(.priority) { merged["priority"] = .string(draft.priority.rawValue) }
        if fields.contains(.estimate), let m = draft.estimateMinutes { merged["estimate_minutes"] = .int(m) }
        if fields.contains(.energy), let e = draft.energy { merged["energy"] = .string(e.rawValue) }
        if fields.contains(.due), let due = draft.due { merged["due"] = .string(ISODate.format(due, in: timeZone)) }
        if fields.contains(.kind), let kind = draft.kind { merged["kind"] = .string(kind.rawValue) }
        if fields.contains(.deferUntil), let d = draft.deferUntil { merged["defer_until"] = .string(d.description) }
        if fields.contains(.recurrence), let r = draft.recurrence { merged["recurrence"] = r.json }
        if fields.contains(.context) {
            let proposed = (merged["contexts"]?.arrayValue ?? []).compactMap(\.stringValue)
            var all = draft.contexts
            for c in proposed where !all.contains(c.lowercased()) { all.append(c.lowercased()) }
            merged["contexts"] = .array(all.map(JSONValue.string))
        }
        return merged
    }

    /// capture_task arguments whose `text` is what the user typed: the model may pass on a part of
    /// the message (one task of several), never its own rewording.
    public func mergeCapture(_ arguments: [String: JSONValue], userText: String) -> [String: JSONValue] {
        var merged = arguments
        let proposed = (merged["text"]?.stringValue ?? "").lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let typed = userText.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        if proposed.isEmpty || !typed.contains(proposed) { merged["text"] = .string(userText) }
        return merged
    }
}
