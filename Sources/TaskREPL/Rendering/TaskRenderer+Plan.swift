import Foundation
import TaskCore

extension TaskRenderer {
    /// A day plan as a table: start–end, minutes, title; then the total against the budget and what
    /// did not fit.
    public func plan(_ plan: DayPlan) -> [String] {
        let notices = plan.notices.map { style("  " + Self.clean($0), .dim) }
        guard !plan.items.isEmpty else {
            return [style("Nothing to plan: no open task fits in \(Self.duration(plan.budgetMinutes)).", .dim)] + notices
        }
        var lines: [String] = []
        // The day's events interleaved with the blocks, in time order ("10:00–11:00 Standup (Work)").
        let firstStart = plan.items.first?.start ?? .distantPast
        var events = plan.busy.filter { !$0.allDay && $0.end > firstStart }[...]
        for event in plan.busy where event.allDay {
            lines.append("  all day      \(style(Self.clean(event.title) + " (" + Self.clean(event.calendar) + ")", .dim))")
        }
        func eventLine(_ event: BusyEvent) -> String {
            "  \(clock(event.start))–\(clock(event.end))  \(style(Self.clean(event.title) + " (" + Self.clean(event.calendar) + ")", .dim))"
        }
        for item in plan.items {
            while let event = events.first, event.start <= item.start {
                lines.append(eventLine(event))
                events = events.dropFirst()
            }
            // "~30 min": no estimate, the planner counted its default.
            let number = (item.estimated ? "~" : "") + "\(item.minutes)"
            let minutesText = String(repeating: " ", count: max(0, 4 - number.count)) + number + " min"
            let id = "#\(item.task.id.rawValue)"
            var line = "  \(clock(item.start))–\(clock(item.end))  \(style(minutesText, .dim))  \(colouredTitle(Self.clean(item.task.title), item.task.priority)) \(style(id, .dim))"
            if !item.reason.isEmpty { line += style("  \(item.reason)", .dim) }
            lines.append(line)
        }
        if let last = plan.items.last { lines += events.filter { $0.start < last.end }.map(eventLine) }
        lines.append(style("  Total \(Self.duration(plan.totalMinutes)) of \(Self.duration(plan.budgetMinutes))", .bold))
        if plan.leftoverCount > 0 {
            let names = plan.leftovers.prefix(5).map { Self.clean($0.task.title) }
            let more = plan.leftoverCount > 5 ? " and \(plan.leftoverCount - 5) more" : ""
            lines.append(style("  Didn't fit: " + names.joined(separator: ", ") + more, .dim))
        }
        return lines + notices
    }

    /// "17:00"-style times would be ambiguous next to "5:00 PM" elsewhere; plans use 24-hour `HH:MM`
    /// so the columns line up.
    func clock(_ date: Date) -> String {
        let wall = LocalDateTime(date, in: timeZone)
        let h = wall.hour, m = wall.minute
        return "\(h < 10 ? "0" : "")\(h):\(m < 10 ? "0" : "")\(m)"
    }
}
