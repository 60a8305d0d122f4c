import Foundation

/// A stretch of time a calendar holds: an event's title, the calendar it came from, and when.
///
/// An all-day event is the whole local day (`allDay` says so, for display); a transparent event is
/// never a `BusyEvent`.
public struct BusyEvent: Sendable, Hashable {
    public var title: String
    public var calendar: String
    public var start: Date
    public var end: Date
    public var allDay: Bool

    public init(title: String, calendar: String, start: Date, end: Date, allDay: Bool = false) {
        self.title = title
        self.calendar = calendar
        self.start = start
        self.end = end
        self.allDay = allDay
    }
}
