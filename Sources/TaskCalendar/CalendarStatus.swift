import Foundation

/// One calendar as `tasker calendars` lists it.
public struct CalendarStatus: Sendable {
    public var source: CalendarSource
    /// When a subscription was last fetched (or confirmed unchanged); nil for a file.
    public var fetched: Date?
    /// The number of VEVENT components; nil when unreadable.
    public var eventCount: Int?
    /// Why the cached copy was used instead of a fresh fetch, if it was.
    public var offline: String?
    /// Why the calendar cannot be used, one line.
    public var problem: String?
}
