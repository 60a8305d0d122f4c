import Foundation

/// The free windows of one day in a zone: working hours (on working days), minus busy time, from a
/// starting instant on. Pure arithmetic on instants; no calendar library.
///
/// On a working day the day's window is its working hours in wall-clock time (a DST day's 09:00–18:00
/// is still 09:00–18:00, 8 or 10 hours long if the change falls inside). On any other day the whole
/// local day may be planned: working hours apply only to the working days. Busy events may overlap,
/// nest, or spill over midnight; windows shorter than a minute are dropped.
public struct FreeTime: Sendable, Hashable {
    public var day: LocalDate
    public var timeZone: TimeZone
    public var workingHours: WorkingHours
    /// The days working hours apply to; every day when it holds all seven.
    public var workingDays: Set<Weekday>
    /// Nothing starts before this (now, rounded up, when planning today).
    public var notBefore: Date?

    public init(day: LocalDate, timeZone: TimeZone, workingHours: WorkingHours, workingDays: Set<Weekday> = Set(Weekday.allCases),
                notBefore: Date? = nil) {
        self.day = day
        self.timeZone = timeZone
        self.workingHours = workingHours
        self.workingDays = workingDays
        self.notBefore = notBefore
    }

    /// Whether working hours bound this day.
    public var isWorkingDay: Bool { workingDays.contains(day.weekday) }

    /// The plannable span of the day before busy time is taken out (empty when `notBefore` is past it).
    public var span: TimeWindow {
        var window = (isWorkingDay ? workingHours : .wholeDay).window(on: day, in: timeZone)
        if let notBefore, notBefore > window.start { window.start = min(notBefore, window.end) }
        return window
    }

    /// The day's free windows, in time order, with every busy event taken out.
    public func windows(around busy: [BusyEvent]) -> [TimeWindow] {
        windows(around: busy.map { TimeWindow(start: $0.start, end: $0.end) })
    }

    /// The day's free windows, in time order, with every busy interval taken out.
    public func windows(around busy: [TimeWindow]) -> [TimeWindow] {
        let span = self.span
        guard span.start < span.end else { return [] }
        let relevant = busy.filter { $0.end > span.start && $0.start < span.end && $0.start < $0.end }
            .sorted { $0.start < $1.start }
        var free: [TimeWindow] = []
        var cursor = span.start
        for interval in relevant {
            if interval.start > cursor { free.append(TimeWindow(start: cursor, end: interval.start)) }
            if interval.end > cursor { cursor = interval.end }
            if cursor >= span.end { break }
        }
        if cursor < span.end { free.append(TimeWindow(start: cursor, end: span.end)) }
        return free.filter { $0.minutes >= 1 }
    }
}
