import Foundation
import TaskCore

extension TaskNLParser {
    /// The words the grammar reads as tomorrow (`tomorrow`, `tmrw`, `tomorow`…), for rules that
    /// must read the same words (the chat's "what's due tmrw").
    public static var tomorrowWords: Set<String> { Vocabulary.tomorrow }

    /// The day a whole phrase names when it says no time of day ("friday", "next tuesday", "in 3
    /// days", "jun 1"), so that moving a task there can keep the task's own time.
    ///
    /// Nil for a phrase with a time, a part of the day or an offset in hours or minutes ("friday
    /// 3pm", "friday evening", "in 2 hours"), for ISO 8601, and for anything `parseDate` does not read.
    public func dayOnly(_ text: String, now: Date, timeZone: TimeZone) -> LocalDate? {
        guard ISODate.parse(text, in: timeZone) == nil, let phrase = wholePhrase(text, now: now, timeZone: timeZone),
            phrase.elapsedSeconds == nil, phrase.time == nil, phrase.dayPart == nil
        else { return nil }
        return phrase.day
    }

    /// The time of day a whole phrase names when it says no day ("10am", "at 5", "evening"), so that
    /// moving a task to it can keep the task's day. Nil for a phrase with a day or an offset, for ISO
    /// 8601, and for anything `parseDate` does not read.
    public func timeOnly(_ text: String, now: Date, timeZone: TimeZone) -> (hour: Int, minute: Int)? {
        guard ISODate.parse(text, in: timeZone) == nil, let phrase = wholePhrase(text, now: now, timeZone: timeZone), !phrase.hasDay
        else { return nil }
        return Self.clock(of: phrase)
    }

    /// The time of day a phrase says: its time (a bare `5` read with its part of the day), or its part
    /// of the day's default hour; nil when it says neither.
    static func clock(of phrase: TemporalPhrase) -> (hour: Int, minute: Int)? {
        phrase.time?.resolved(with: phrase.dayPart) ?? phrase.dayPart.map { (hour: $0.defaultHour, minute: 0) }
    }

    /// The one date phrase that is the whole of `text` (every word understood, none unsure), or nil.
    func wholePhrase(_ text: String, now: Date, timeZone: TimeZone) -> TemporalPhrase? {
        let scope = ParseScope(text: text, now: now, timeZone: timeZone)
        guard scope.count > 0, let phrase = scope.readPhrase(at: 0, allowBareDayPart: true),
            phrase.tokens.upperBound == scope.count, !phrase.unsure
        else { return nil }
        return phrase
    }
}
