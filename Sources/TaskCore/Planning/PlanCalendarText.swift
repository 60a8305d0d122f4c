import Foundation

/// A day plan as iCalendar text a calendar app can import: one VEVENT per block, in UTC.
///
/// UIDs are stable per task and day (`task-42-2026-03-10@tasker`), so importing a re-planned day
/// replaces its blocks rather than adding to them; `ICalendarWriter` escapes, folds and stamps.
public enum PlanCalendarText {
    /// The VCALENDAR for `plan`, stamped `now`.
    public static func ics(_ plan: DayPlan, now: Date, timeZone: TimeZone) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Tasker//plan_day//EN", "CALSCALE:GREGORIAN", "METHOD:PUBLISH"]
        for item in plan.items {
            let day = LocalDate(item.start, in: timeZone)
            lines += [
                "BEGIN:VEVENT",
                "UID:task-\(item.task.id.rawValue)-\(day)@tasker",
                "DTSTAMP:\(ICalendarWriter.utc(now))",
                "DTSTART:\(ICalendarWriter.utc(item.start))",
                "DTEND:\(ICalendarWriter.utc(item.end))",
                "SUMMARY:\(ICalendarWriter.escape(item.task.title))",
                "DESCRIPTION:\(ICalendarWriter.escape(item.reason))",
                "TRANSP:OPAQUE",
                "END:VEVENT",
            ]
        }
        lines.append("END:VCALENDAR")
        return ICalendarWriter.text(lines)
    }
}
