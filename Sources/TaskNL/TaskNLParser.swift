import Foundation
import TaskCore

/// One thing the parser understood, shown to the user as a chip.
public struct Chip: Sendable, Hashable {
    public enum Field: String, Sendable, Hashable, CaseIterable {
        case priority, estimate, energy, context, due, recurrence, deferUntil = "defer", remind, place, kind
    }

    public var field: Field
    /// The text shown: `High`, `≈15 min`, `#family`, `Tomorrow, 5:00 PM`, …
    public var text: String
    /// Where in the input it was read from (UTF-16 offsets, so they are cheap to check); empty for
    /// chips with no span of their own (a kind read from a word that stays in the title, the due date
    /// of a recurrence that names no day or time).
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

/// The draft and the chips, in docs/GRAMMAR.md's fixed order.
public struct ParseResult: Sendable, Hashable {
    public var draft: TaskDraft
    public var understood: [Chip]
    /// Spans of a stripped prefix (`remind me to`, `todo:`): neither in the title nor on a chip.
    public var ignoredSpans: [Range<Int>]

    public init(draft: TaskDraft, understood: [Chip], ignoredSpans: [Range<Int>] = []) {
        self.draft = draft
        self.understood = understood
        self.ignoredSpans = ignoredSpans
    }
}

/// Turns one plain sentence into a task draft and the chips it understood (docs/GRAMMAR.md is the contract).
///
/// Pure: no I/O, no clock of its own; `now` and the time zone come from the caller. Reads the
/// sentence once into words, then scans them left to right (`SentenceParse`).
public struct TaskNLParser: Sendable {
    /// A title as the grammar would write it: the first letter upper-cased when the first word has
    /// no capitals ("call mum" → "Call mum"; "iPhone case" stays). For titles typed outside a capture.
    public static func sentenceCased(_ title: String) -> String { TitleText.capitalized(title) }

    public init() {}

    /// `places` are the names of the user's places: "when I get to the supermarket" binds the task
    /// to a place only when it is one of them (else the words stay in the title).
    public func parse(_ text: String, now: Date, timeZone: TimeZone, places: [String] = []) -> ParseResult {
        parse(text, at: Moment(now: now, timeZone: timeZone), places: places)
    }

    /// `parse` at a moment worked out once (`parse -` reads every line at the same one).
    public func parse(_ text: String, at moment: Moment, places: [String] = []) -> ParseResult {
        var run = SentenceParse(scope: ParseScope(text: text, at: moment, places: places))
        return run.run()
    }

    /// The moment sentences are read at: `now`, the caller's time zone and the day it is there.
    /// Finding the day asks the time zone for its offset, which costs as much as reading a short
    /// sentence, so a caller that reads many at one moment (`parse -`) makes it once.
    public struct Moment: Sendable {
        public let now: Date
        public let timeZone: TimeZone
        /// Today in `timeZone`.
        let today: LocalDate

        public init(now: Date, timeZone: TimeZone) {
            self.now = now
            self.timeZone = timeZone
            today = LocalDate(now, in: timeZone)
        }
    }
}

extension TaskNLParser {
    /// Reads a whole phrase as a date and time ("tomorrow 5pm", "friday", "in 2 hours", "jun 1").
    ///
    /// Used where a tool argument takes a date in natural language. ISO 8601 is tried first
    /// (`ISODate.parse`). Otherwise returns nil unless every word of the phrase is part of one
    /// understood date or time, applying the grammar's defaults (a day with no time is 9:00; a time
    /// with no day is today, or tomorrow when it has passed).
    public func parseDate(_ text: String, now: Date, timeZone: TimeZone) -> Date? {
        if let iso = ISODate.parse(text, in: timeZone) { return iso }
        guard let phrase = wholePhrase(text, now: now, timeZone: timeZone) else { return nil }
        if let seconds = phrase.elapsedSeconds { return now.addingTimeInterval(TimeInterval(seconds)) }
        let time = Self.clock(of: phrase)
        if let day = phrase.day {
            let (hour, minute) = time ?? WallTime.dateOnlyDue.hourAndMinute
            return day.instant(hour: hour, minute: minute, in: timeZone)
        }
        guard let (hour, minute) = time else { return nil }
        let today = LocalDate(now, in: timeZone)
        let due = today.instant(hour: hour, minute: minute, in: timeZone)
        return due > now ? due : today.adding(days: 1).instant(hour: hour, minute: minute, in: timeZone)
    }
}
