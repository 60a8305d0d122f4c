import Foundation
import TaskCore

/// One row of the router's table: a whole-line pattern and what to make of its captures.
public struct IntentRule: Sendable {
    /// For tests and debugging: "plan", "list-today", …
    public var name: String
    /// Anchored, case-insensitive; capture groups feed `build`.
    public var pattern: NSRegularExpression?
    /// Turns the captured groups (empty string for a group that did not take part) into an intent,
    /// or nil when the line only looks like this rule (then the next rule is tried).
    public var build: @Sendable (_ groups: [String], _ context: IntentContext) -> Intent?

    /// - Precondition: `pattern` is a valid regular expression (the table is fixed at compile time;
    ///   an invalid one never matches).
    public init(_ name: String, _ pattern: String, build: @escaping @Sendable ([String], IntentContext) -> Intent?) {
        self.name = name
        self.pattern = try? NSRegularExpression(pattern: "^(?:" + pattern + ")$", options: [.caseInsensitive])
        self.build = build
    }

    /// The captured groups when the whole line matches.
    func match(_ line: String) -> [String]? {
        let ns = line as NSString
        guard let pattern, let m = pattern.firstMatch(in: line, range: NSRange(location: 0, length: ns.length)) else { return nil }
        return (1..<max(1, m.numberOfRanges)).map { i in
            let r = m.range(at: i)
            return r.location == NSNotFound ? "" : ns.substring(with: r).trimmingCharacters(in: .whitespaces)
        }
    }
}

/// What a rule may consult besides the line: whether a phrase reads as a date, whether words name
/// an open task or a template, and the clock (for "plan my afternoon").
public struct IntentContext: Sendable {
    public var isDate: @Sendable (String) -> Bool
    /// Whether the words name an open task (one or several): the weak verbs ("finish X", "move X to
    /// friday", "park X until monday") act only then, so "finish line photo for the newsletter"
    /// stays a capture. Without a store to ask, nothing is known.
    public var isOpenTask: @Sendable (String) -> Bool
    /// Whether a name is a template's (built in or the user's), so "trip packing template for
    /// friday" applies one while "update the invoice template for friday" stays a capture.
    public var isTemplate: @Sendable (String) -> Bool
    /// Whether a task is in focus (`that one`, `it`): the weak verbs act on it only then.
    public var hasFocus: @Sendable () -> Bool
    public var now: @Sendable () -> Date
    public var timeZone: TimeZone

    public init(
        isDate: @escaping @Sendable (String) -> Bool, isOpenTask: @escaping @Sendable (String) -> Bool = { _ in false },
        isTemplate: @escaping @Sendable (String) -> Bool = { _ in false }, hasFocus: @escaping @Sendable () -> Bool = { false },
        now: @escaping @Sendable () -> Date = { Date() }, timeZone: TimeZone = .current
    ) {
        self.isDate = isDate
        self.isOpenTask = isOpenTask
        self.isTemplate = isTemplate
        self.hasFocus = hasFocus
        self.now = now
        self.timeZone = timeZone
    }
}
