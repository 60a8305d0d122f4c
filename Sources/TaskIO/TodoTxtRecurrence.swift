import Foundation
import TaskCore

/// A repeat in todo.txt: the `rec:` key other todo.txt apps read (topydo, SimpleTask: `rec:2w`,
/// `rec:+1m`; `+` counts from the due, without it from the day the task is done), and for what `rec:`
/// cannot say, `rrule:` (the RRULE text, which has no spaces) and `rrule_kind:`.
enum TodoTxtRecurrence {
    /// The words for a rule: `rec:` when the frequency and interval say it all, else `rrule:` too
    /// (ordinals, month days, weekdays, an end), and `rrule_kind:on_schedule` for that kind.
    static func words(_ rule: RecurrenceRule) -> [String] {
        let unit = ["daily": "d", "weekly": "w", "monthly": "m", "yearly": "y"][rule.frequency.rawValue] ?? "d"
        var words = ["rec:" + (rule.kind == .afterCompletion ? "" : "+") + "\(rule.interval)\(unit)"]
        let plain = RecurrenceRule(frequency: rule.frequency, interval: rule.interval, kind: rule.kind)
        if rule != plain { words.append("rrule:" + rule.rrule) }
        if rule.kind == .onSchedule { words.append("rrule_kind:" + rule.kind.rawValue) }
        return words
    }

    /// The rule `rec:` (with `rrule:` and `rrule_kind:` beside it) says; nil when none is given or it is not one.
    static func rule(rec: String?, rrule: String?, kind: String?) -> RecurrenceRule? {
        var k: RecurrenceRule.Kind = .skipMissed
        var basic: RecurrenceRule?
        if var value = rec {
            if value.hasPrefix("+") { value.removeFirst() } else { k = .afterCompletion }
            let digits = value.prefix { $0.isNumber }
            let frequency: RecurrenceRule.Frequency? = switch value.dropFirst(digits.count).lowercased() {
            case "d": .daily
            case "w": .weekly
            case "m": .monthly
            case "y": .yearly
            default: nil
            }
            if let frequency { basic = RecurrenceRule(frequency: frequency, interval: Int(digits) ?? 1) }
        }
        if let kind, let parsed = RecurrenceRule.Kind(rawValue: kind) { k = parsed }
        if let rrule, let full = RecurrenceRule(rrule: rrule, kind: k) { return full }
        return basic?.with(kind: k)
    }
}
