import Foundation
import TaskCore

/// A part of the day to plan ("plan my afternoon"): its hours, and the window it gives at a moment.
///
/// Morning is 9:00–12:00, afternoon 13:00–17:00, evening 18:00–21:00 (the grammar's day parts start
/// inside them: 9:00, 14:00, 19:00). Asked inside the window, the plan starts now and runs to its
/// end; before it, it starts at the window's start; after it, it is tomorrow's window.
public struct PlanWindow: Sendable, Hashable {
    public var name: String
    public var startHour: Int
    public var endHour: Int

    public static let morning = PlanWindow(name: "morning", startHour: 9, endHour: 12)
    public static let afternoon = PlanWindow(name: "afternoon", startHour: 13, endHour: 17)
    public static let evening = PlanWindow(name: "evening", startHour: 18, endHour: 21)
    public static let all: [PlanWindow] = [.morning, .afternoon, .evening]

    /// The day, the start (nil when it is now) and the minutes of the window at `now`.
    public func resolve(now: Date, timeZone: TimeZone) -> (day: LocalDate, start: Date?, minutes: Int) {
        let local = LocalDateTime(now, in: timeZone)
        let seconds = local.secondsIntoDay
        let startSeconds = startHour * 3600, endSeconds = endHour * 3600
        if seconds < startSeconds {
            return (local.date, local.date.instant(hour: startHour, minute: 0, in: timeZone), (endHour - startHour) * 60)
        }
        if seconds < endSeconds - 15 * 60 {
            return (local.date, nil, (endSeconds - seconds) / 60)
        }
        let tomorrow = local.date.adding(days: 1)
        return (tomorrow, tomorrow.instant(hour: startHour, minute: 0, in: timeZone), (endHour - startHour) * 60)
    }
}
