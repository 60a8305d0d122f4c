import Foundation
import TaskCore

extension TaskRenderer {
    /// A day plan as a table: start–end, minutes, title; then the total against the budget and what
    /// did not fit. Accepts the `plan` object of a plan_day result.
    public func plan(_ plan: JSONValue) -> [String] {
        let items = plan["items"]?.arrayValue ?? []
        let budget = plan["budget_minutes"]?.intValue
        guard !items.isEmpty else {
            return [style("Nothing to plan: no open task fits" + (budget.map { " in \(Self.duration($0))" } ?? "") + ".", .dim)]
        }
        var lines: [String] = []
        for item in items {
            let task = item["task"] ?? item
            let start = item["start"]?.stringValue.flatMap { ISODate.parse($0, in: timeZone) }
            let end = item["end"]?.stringValue.flatMap { ISODate.parse($0, in: timeZone) }
            let span = "\(start.map(clock) ?? "  ?  ")–\(end.map(clock) ?? "  ?  ")"
            let minutes = item["minutes"]?.intValue ?? task["estimate_minutes"]?.intValue ?? 0
            let estimated = item["estimated"]?.boolValue == true
            // "~30 min": no estimate, the planner counted its default.
            let number = (estimated ? "~" : "") + "\(minutes)"
            let minutesText = String(repeating: " ", count: max(0, 4 - number.count)) + number + " min"
            let id = task["id"]?.intValue.map { "#\($0)" } ?? ""
            let priority = task["priority"]?.stringValue.flatMap(Priority.init(rawValue:)) ?? .normal
            var line = "  \(span)  \(style(minutesText, .dim))  \(colouredTitle(task["title"]?.stringValue ?? "", priority)) \(style(id, .dim))"
            if let reason = item["reason"]?.stringValue, !reason.isEmpty { line += style("  \(reason)", .dim) }
            lines.append(line)
        }
        let total = plan["total_minutes"]?.intValue ?? items.compactMap { $0["minutes"]?.intValue }.reduce(0, +)
        lines.append(style("  Total \(Self.duration(total))" + (budget.map { " of \(Self.duration($0))" } ?? ""), .bold))
        let leftovers = plan["not_planned"]?.arrayValue ?? plan["leftovers"]?.arrayValue ?? []
        if !leftovers.isEmpty {
            let names = leftovers.prefix(5).map { ($0["task"] ?? $0)["title"]?.stringValue ?? "?" }
            let more = leftovers.count > 5 ? " and \(leftovers.count - 5) more" : ""
            lines.append(style("  Didn't fit: " + names.joined(separator: ", ") + more, .dim))
        }
        return lines
    }

    /// "17:00"-style times would be ambiguous next to "5:00 PM" elsewhere; plans use 24-hour `HH:MM`
    /// so the columns line up.
    func clock(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = calendar.dateComponents([.hour, .minute], from: date)
        let h = c.hour ?? 0, m = c.minute ?? 0
        return "\(h < 10 ? "0" : "")\(h):\(m < 10 ? "0" : "")\(m)"
    }
}
