import Foundation
import TaskCore

/// One thing the parser understood, shown to the user as a chip.
public struct Chip: Sendable, Hashable {
    public enum Field: String, Sendable, Hashable, CaseIterable {
        case priority, estimate, energy, context, due, recurrence, deferUntil = "defer", kind
    }

    public var field: Field
    /// The text shown: `High`, `≈15 min`, `#family`, `Tomorrow, 5:00 PM`, …
    public var text: String
    /// Where in the input it was read from (UTF-16 offsets, so they are cheap to check); empty for
    /// chips with no span of their own (a kind read from a word that stays in the title).
    public var spans: [Range<Int>]
    /// True when a language model, not the rules, supplied this value.
    public var fromModel: Bool

    public init(field: Field, text: String, spans: [Range<Int>] = [], fromModel: Bool = false) {
        self.field = field
        self.text = text
        self.spans = spans
        self.fromModel = fromModel
    }
}

/// The draft and the chips, in GRAMMAR.md's fixed order.
public struct ParseResult: Sendable, Hashable {
    public var draft: TaskDraft
    public var understood: [Chip]

    public init(draft: TaskDraft, understood: [Chip]) {
        self.draft = draft
        self.understood = understood
    }
}

/// Turns one plain sentence into a task draft and the chips it understood (GRAMMAR.md is the contract).
///
/// Pure: no I/O, no clock of its own. CONTRACT STUB: the capture-grammar issue fills this in.
public struct TaskNLParser: Sendable {
    public init() {}

    public func parse(_ text: String, now: Date, timeZone: TimeZone) -> ParseResult {
        let title = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return ParseResult(draft: TaskDraft(title: title), understood: [])
    }
}

extension TaskNLParser {
    /// Reads a whole phrase as a date and time ("tomorrow 5pm", "friday", "in 2 hours", "jun 1").
    ///
    /// Used where a tool argument takes a date in natural language. Returns nil unless every word of
    /// the phrase is part of one understood date or time (a phrase with anything left over is not a date),
    /// applying the grammar's defaults (a day with no time is 9:00). CONTRACT STUB.
    public func parseDate(_ text: String, now: Date, timeZone: TimeZone) -> Date? { nil }
}
