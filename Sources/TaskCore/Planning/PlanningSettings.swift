import Foundation

/// How plans are laid into the day, from config: the calendars and the working hours and days.
///
/// Built by the command line's composition root and handed to the toolkit.
public struct PlanningSettings: Sendable {
    public var calendars: (any CalendarProviding)?
    /// Config's `working_hours`; nil when not set (then `09:00-18:00` when laying a plan into the calendar).
    public var workingHours: WorkingHours?
    /// Config's `working_days`; every day when not set.
    public var workingDays: Set<Weekday>
    /// Problems reading the planning part of config, shown with each plan.
    public var problems: [String]

    public init(calendars: (any CalendarProviding)? = nil, workingHours: WorkingHours? = nil,
                workingDays: Set<Weekday> = Set(Weekday.allCases), problems: [String] = []) {
        self.calendars = calendars
        self.workingHours = workingHours
        self.workingDays = workingDays
        self.problems = problems
    }
}
