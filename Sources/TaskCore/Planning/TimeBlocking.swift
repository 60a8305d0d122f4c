import Foundation

/// How a plan is laid into the day's free time rather than end to end from its start: busy events,
/// working hours and days, and the break between blocks. Set on `PlanRequest.blocking`.
public struct TimeBlocking: Sendable, Hashable {
    /// The day's busy events (from every calendar read; events outside the day are ignored).
    public var busy: [BusyEvent]
    public var workingHours: WorkingHours
    public var workingDays: Set<Weekday>
    /// The minimum gap after each block, in minutes.
    public var breakMinutes: Int

    public init(busy: [BusyEvent] = [], workingHours: WorkingHours = WorkingHours(startMinute: 540, endMinute: 1_080)!,
                workingDays: Set<Weekday> = Set(Weekday.allCases), breakMinutes: Int = 5) {
        self.busy = busy
        self.workingHours = workingHours
        self.workingDays = workingDays
        self.breakMinutes = breakMinutes
    }
}
