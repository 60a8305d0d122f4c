import Foundation
import TaskCore

/// The offline router: maps common phrasings to tool calls with a table of patterns; anything else
/// is a capture.
///
/// Pure: no I/O and no clock. Whether a phrase is a date is asked of `context.isDate` (the capture
/// grammar's `parseDate` in the app), so "move the couch to the garage" stays a capture while
/// "move dentist to friday 3pm" reschedules.
public struct IntentRouter: Sendable {
    public var rules: [IntentRule]
    public var context: IntentContext

    public init(context: IntentContext, rules: [IntentRule] = IntentRouter.standardRules) {
        self.context = context
        self.rules = rules
    }

    /// The intent of one line (trimmed; trailing `?`, `!` and `.` ignored).
    public func route(_ line: String) -> Intent {
        let text = Self.normalise(line)
        guard !text.isEmpty else { return .capture(line) }
        for rule in rules {
            if let groups = rule.match(text), let intent = rule.build(groups, context) { return intent }
        }
        return .capture(line.trimmingCharacters(in: .whitespaces))
    }

    /// The name of the rule that matched, or nil for a capture (for tests and /help examples).
    public func ruleName(for line: String) -> String? {
        let text = Self.normalise(line)
        return rules.first { rule in rule.match(text).map { rule.build($0, context) != nil } ?? false }?.name
    }

    static func normalise(_ line: String) -> String {
        var text = line.trimmingCharacters(in: .whitespaces)
        while let last = text.last, "?!.".contains(last) { text.removeLast() }
        text = text.replacingOccurrences(of: "’", with: "'")
        return text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }
}
