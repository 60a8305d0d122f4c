import Foundation

/// Supplies busy time for planning: the events of the person's calendars over a span of time.
///
/// Set up by the command line from config (`calendars`); the toolkit and the planner never read
/// config or files themselves. A calendar that cannot be read is a problem line, never an error, so
/// planning goes on without it.
public protocol CalendarProviding: Sendable {
    /// Whether any calendar is configured (then `plan_day` respects the calendar by default).
    var hasCalendars: Bool { get }
    /// The busy events overlapping `[start, end)`, with a line for each calendar that could not be read.
    func busy(from start: Date, to end: Date, timeZone: TimeZone) -> CalendarBusy
}
