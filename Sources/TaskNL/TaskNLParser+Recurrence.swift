import Foundation
import TaskCore

extension TaskNLParser {
    /// Reads a whole phrase as a recurrence rule, as the grammar does inside a sentence: `daily`,
    /// `weekly`, `every monday`, `every mon and thu`, `every 2 weeks`, `every other day`; also the
    /// plural shorthands `weekdays`, `weekends`, `mondays` (every such day).
    ///
    /// Used where a tool argument takes a recurrence. Nil unless every word is part of the rule (a
    /// time such as `every monday 9am` belongs in the due date).
    public func parseRecurrence(_ text: String) -> RecurrenceRule? {
        var phrase = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        if !phrase.hasPrefix("every "), let alias = Self.pluralDays[phrase] { phrase = "every " + alias }
        let scope = ParseScope(text: phrase, now: Date(timeIntervalSince1970: 0), timeZone: TimeZone(identifier: "UTC") ?? .current)
        guard scope.count > 0, let match = scope.readRecurrence(at: 0), match.end == scope.count, match.dayPart == nil else { return nil }
        return match.rule
    }

    /// `weekdays` → `weekday`, `mondays` → `monday`: the plural alone means every such day.
    static let pluralDays: [String: String] = {
        var table = ["weekdays": "weekday", "weekends": "weekend"]
        for name in Vocabulary.fullWeekdays.keys { table[name + "s"] = name }
        return table
    }()
}
