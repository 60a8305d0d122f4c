import Foundation

/// The grammar's rule for a due given as a day without a time (docs/GRAMMAR.md: "a day without a
/// time is 9:00"), written once. Every module that turns a date-only due into an instant (the parser,
/// the toolkit, the store, import and export, sync, the planner, the chat's rendering) reads it from
/// here; `DateOnlyDueTests` fails when the literal appears again in the due-time code.
extension WallTime {
    /// 9:00: the wall-clock time a date-only due stands for.
    public static let dateOnlyDue = WallTime(validHour: 9, minute: 0)

    /// `(hour, minute)`, as the parser's resolved times are written.
    public var hourAndMinute: (hour: Int, minute: Int) { (hour, minute) }

    /// A time known to be valid (a constant in this module); the checked `init?(hour:minute:)` is for input.
    private init(validHour hour: Int, minute: Int) {
        self.hour = hour
        self.minute = minute
    }
}

extension LocalDate {
    /// The instant a date-only due on this day stands for: `WallTime.dateOnlyDue` in `timeZone`
    /// (DST rules as `instant(hour:minute:in:)`).
    public func dateOnlyDue(in timeZone: TimeZone) -> Date {
        instant(hour: WallTime.dateOnlyDue.hour, minute: WallTime.dateOnlyDue.minute, in: timeZone)
    }
}
