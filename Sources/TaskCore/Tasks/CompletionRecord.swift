import Foundation

/// One completed task as streaks see it: when it was done, in which zone, and what it belongs to.
public struct CompletionRecord: Sendable, Hashable {
    public var title: String
    public var completed: Date
    /// The user's zone when it was completed (so travel does not move past days).
    public var timeZone: TimeZone
    /// When it was due; for a recurring occurrence, the day it was meant for.
    public var due: Date?
    /// The recurring series it is an occurrence of (the first occurrence's UUID); nil for one-off tasks.
    public var series: String?
    public var project: String?
    public var contexts: [String]

    public init(
        title: String, completed: Date, timeZone: TimeZone, due: Date? = nil, series: String? = nil, project: String? = nil,
        contexts: [String] = []
    ) {
        self.title = title
        self.completed = completed
        self.timeZone = timeZone
        self.due = due
        self.series = series
        self.project = project
        self.contexts = contexts
    }
}
