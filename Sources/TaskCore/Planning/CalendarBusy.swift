import Foundation

/// What the calendars hold over a span: busy events, and what could not be read.
public struct CalendarBusy: Sendable, Hashable {
    public var events: [BusyEvent]
    /// One line per unreadable calendar ("calendar Family could not be read: …; planning without it").
    public var problems: [String]

    public init(events: [BusyEvent] = [], problems: [String] = []) {
        self.events = events
        self.problems = problems
    }
}
