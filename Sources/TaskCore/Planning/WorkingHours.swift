import Foundation

/// The part of a working day that may be planned, as wall-clock minutes (`09:00-18:00`).
///
/// The end may be `24:00` (midnight at the end of the day). Wall times become instants on each day in
/// its zone, so a DST day's working hours keep their wall-clock bounds.
public struct WorkingHours: Sendable, Hashable, CustomStringConvertible {
    /// Minutes since midnight, start before end; end at most 1,440.
    public var startMinute: Int
    public var endMinute: Int

    /// Nil unless `0 <= start < end <= 1440`.
    public init?(startMinute: Int, endMinute: Int) {
        guard startMinute >= 0, startMinute < endMinute, endMinute <= 1_440 else { return nil }
        self.startMinute = startMinute
        self.endMinute = endMinute
    }

    /// Parses `HH:MM-HH:MM` (24-hour; the end may be `24:00`); nil for anything else or an end not after the start.
    public init?(text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let start = WallTime(text: parts[0]) else { return nil }
        let end = parts[1] == "24:00" ? 1_440 : WallTime(text: parts[1])?.minutes
        guard let end else { return nil }
        self.init(startMinute: start.minutes, endMinute: end)
    }

    /// The whole day, `00:00-24:00`.
    public static let wholeDay = WorkingHours(startMinute: 0, endMinute: 1_440)!

    /// These hours on `day` in `timeZone`, as instants (a wall time in a DST gap moves forward by the gap).
    public func window(on day: LocalDate, in timeZone: TimeZone) -> TimeWindow {
        func instant(_ minute: Int) -> Date {
            minute >= 1_440
                ? day.adding(days: 1).startOfDay(in: timeZone)
                : day.instant(hour: minute / 60, minute: minute % 60, in: timeZone)
        }
        return TimeWindow(start: instant(startMinute), end: instant(endMinute))
    }

    /// `09:00-18:00`.
    public var description: String {
        func clock(_ m: Int) -> String { WallTime(hour: m / 60, minute: m % 60)?.description ?? "24:00" }
        return clock(startMinute) + "-" + clock(endMinute)
    }
}
