import Foundation
import TaskCore
import TaskNL

extension ToolArguments {
    /// The recurrence argument: a rule object (`{"frequency": "weekly", "weekdays": ["mon"]}`,
    /// `RecurrenceRule+JSON`), an RRULE (`"FREQ=MONTHLY;BYDAY=-1FR"`) or a phrase the grammar reads
    /// (`"every monday"`, `"weekdays"`, `"every 2 weeks"`); nil when absent or null.
    /// - Throws: `invalidArguments` for an object that is not a rule or a phrase that is not one.
    public func recurrence(_ key: String = "recurrence") throws -> RecurrenceRule? {
        guard let value = self[key] else { return nil }
        if let phrase = value.stringValue {
            let upper = phrase.uppercased()
            if upper.hasPrefix("FREQ=") || upper.hasPrefix("RRULE:") {
                guard let rule = RecurrenceRule(rrule: phrase) else { throw invalid("\(key) '\(phrase)' is not an RRULE Tasker can read") }
                return rule
            }
            guard let rule = TaskNLParser().parseRecurrence(phrase) else {
                throw invalid("could not read \(key) '\(phrase)' as a repeat; use a phrase like \"every monday\", \"weekdays\", \"every 2 weeks\" (the time goes in due) or \(Self.recurrenceExample)")
            }
            return rule
        }
        if let problem = SchemaValidator.problem(with: value, against: Schema.recurrenceRule, at: key) { throw invalid(problem) }
        guard let rule = RecurrenceRule(json: value) else {
            throw invalid("\(key) must look like \(Self.recurrenceExample) or be a phrase like \"every monday\"")
        }
        return rule
    }

    static let recurrenceExample = "{\"frequency\": \"weekly\", \"interval\": 1, \"weekdays\": [\"mon\"]} or {\"frequency\": \"monthly\", \"weekdays\": [\"2fri\", \"4fri\"]}"
}
