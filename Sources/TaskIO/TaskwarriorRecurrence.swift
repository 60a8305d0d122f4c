import TaskCore

/// Taskwarrior `recur` values and Tasker rules: the spellings that map both ways.
enum TaskwarriorRecurrence {
    /// The rule a `recur` value means, or nil when Tasker has no equivalent (kept under `"x"`).
    static func rule(_ recur: String) -> RecurrenceRule? {
        let r = recur.lowercased().trimmingCharacters(in: .whitespaces)
        switch r {
        case "daily", "day", "1d": return RecurrenceRule(frequency: .daily)
        case "weekly", "week", "1w", "7d": return RecurrenceRule(frequency: .weekly)
        case "biweekly", "fortnight", "2w": return RecurrenceRule(frequency: .weekly, interval: 2)
        case "monthly", "month", "1mo": return RecurrenceRule(frequency: .monthly)
        case "quarterly", "3mo": return RecurrenceRule(frequency: .monthly, interval: 3)
        case "semiannual", "6mo": return RecurrenceRule(frequency: .monthly, interval: 6)
        case "yearly", "annual", "year", "1y": return RecurrenceRule(frequency: .yearly)
        case "weekdays": return RecurrenceRule(frequency: .weekly, weekdays: [.mon, .tue, .wed, .thu, .fri])
        default: break
        }
        // "3d", "2w", "4mo", "2y" (a number and a unit).
        let digits = r.prefix { $0.isNumber }
        guard let n = Int(digits), n >= 1 else { return nil }
        switch r.dropFirst(digits.count) {
        case "d", "day", "days": return RecurrenceRule(frequency: .daily, interval: n)
        case "w", "wk", "wks", "week", "weeks": return RecurrenceRule(frequency: .weekly, interval: n)
        case "mo", "mos", "month", "months": return RecurrenceRule(frequency: .monthly, interval: n)
        case "y", "yr", "yrs", "year", "years": return RecurrenceRule(frequency: .yearly, interval: n)
        default: return nil
        }
    }

    /// A `recur` value for a rule (weekdays other than Monday–Friday are not expressible and give
    /// the plain weekly value).
    static func value(_ rule: RecurrenceRule) -> String {
        if rule.frequency == .weekly && rule.weekdays == [.mon, .tue, .wed, .thu, .fri] && rule.interval == 1 { return "weekdays" }
        let n = rule.interval
        switch rule.frequency {
        case .daily: return n == 1 ? "daily" : "\(n)d"
        case .weekly: return n == 1 ? "weekly" : "\(n)w"
        case .monthly: return n == 1 ? "monthly" : "\(n)mo"
        case .yearly: return n == 1 ? "yearly" : "\(n)y"
        }
    }
}
