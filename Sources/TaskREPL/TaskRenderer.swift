import Foundation
import TaskCore

/// Turns tool results into lines for the terminal: task lists with ids and due dates relative to
/// today, plans as a table, chips after a capture. Pure: the clock and zone are given.
public struct TaskRenderer: Sendable {
    public var useColor: Bool
    public var timeZone: TimeZone
    public var now: Date

    public init(useColor: Bool, timeZone: TimeZone, now: Date) {
        self.useColor = useColor
        self.timeZone = timeZone
        self.now = now
    }

    func style(_ text: String, _ style: Style) -> String { style.apply(text, useColor) }

    // MARK: Tasks

    /// One line per task: `  #12  Call mom  · tomorrow 5:00 PM · high · #family`.
    public func taskList(_ tasks: [JSONValue], empty: String = "Nothing here.") -> [String] {
        guard !tasks.isEmpty else { return [style(empty, .dim)] }
        let width = tasks.compactMap { $0["id"]?.intValue }.map { String($0).count }.max() ?? 1
        return tasks.map { taskLine($0, idWidth: width) }
    }

    /// A task as one line: id, title (coloured by priority), then due, priority, contexts, project.
    public func taskLine(_ task: JSONValue, idWidth: Int = 1) -> String {
        let id = task["id"]?.intValue.map { "#\($0)" } ?? "#?"
        let paddedID = String(repeating: " ", count: max(0, idWidth + 1 - id.count)) + id
        let title = task["title"]?.stringValue ?? "(untitled)"
        let priority = task["priority"]?.stringValue.flatMap(Priority.init(rawValue:)) ?? .normal
        let done = task["status"]?.stringValue == "done"
        var parts: [String] = []
        if let due = dueText(task["due"]) { parts.append(due.overdue && !done ? style(due.text, .red) : due.text) }
        if priority != .normal { parts.append(priorityText(priority)) }
        if let minutes = task["estimate_minutes"]?.intValue { parts.append(style("≈" + Self.duration(minutes), .dim)) }
        let contexts = (task["contexts"]?.arrayValue ?? []).compactMap(\.stringValue)
        if !contexts.isEmpty { parts.append(style(contexts.map { "#" + $0 }.joined(separator: " "), .cyan)) }
        if let project = task["project"]?.stringValue { parts.append(style("+" + project, .dim)) }
        if let until = task["defer_until"]?.stringValue, let day = LocalDate(iso: until), day.startOfDay(in: timeZone) > now {
            parts.append(style("hidden until \(dayText(day))", .dim))
        }
        var line = "  \(style(paddedID, .dim))  \(done ? style("✓ " + title, .dim) : colouredTitle(title, priority))"
        if !parts.isEmpty { line += "  " + parts.joined(separator: style(" · ", .dim)) }
        return line
    }

    func colouredTitle(_ title: String, _ priority: Priority) -> String {
        switch priority {
        case .critical: return style(title, .red)
        case .high: return style(title, .yellow)
        case .low: return style(title, .dim)
        case .normal: return title
        }
    }

    func priorityText(_ priority: Priority) -> String {
        switch priority {
        case .critical: return style("critical", .red)
        case .high: return style("high", .yellow)
        case .low: return style("low", .dim)
        case .normal: return "normal"
        }
    }

    // MARK: Dates

    /// A due date relative to today: "today 5:00 PM", "tomorrow", "Fri 4 Dec", "3 days overdue".
    public func dueText(_ value: JSONValue?) -> (text: String, overdue: Bool)? {
        guard let text = value?.stringValue, let date = ISODate.parse(text, in: timeZone) else { return nil }
        return relative(date)
    }

    public func relative(_ date: Date) -> (text: String, overdue: Bool) {
        let today = LocalDate(now, in: timeZone)
        let day = LocalDate(date, in: timeZone)
        let days = Self.daysBetween(today, day)
        let time = timeText(date)
        let showTime = time != "9:00 AM"
        if date < now {
            if days == 0 { return ("today \(time)", true) }
            if days == -1 { return ("yesterday", true) }
            return ("\(-days) days overdue", true)
        }
        switch days {
        case 0: return ("today \(time)", false)
        case 1: return (showTime ? "tomorrow \(time)" : "tomorrow", false)
        default: return (showTime ? "\(dayText(day)) \(time)" : dayText(day), false)
        }
    }

    /// "Fri 4 Dec", with the year when it is not this year ("Sat 12 Jun 2027").
    public func dayText(_ day: LocalDate) -> String {
        let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let weekday = calendar.component(.weekday, from: day.startOfDay(in: timeZone))
        let year = day.year == LocalDate(now, in: timeZone).year ? "" : " \(day.year)"
        return "\(weekdays[weekday - 1]) \(day.day) \(months[day.month - 1])\(year)"
    }

    /// "5:00 PM".
    public func timeText(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = calendar.dateComponents([.hour, .minute], from: date)
        let hour = c.hour ?? 0, minute = c.minute ?? 0
        let h12 = hour % 12 == 0 ? 12 : hour % 12
        return "\(h12):\(minute < 10 ? "0" : "")\(minute) \(hour < 12 ? "AM" : "PM")"
    }

    /// "Thu 3 Dec 5:00 PM": an absolute date for confirmations.
    public func absolute(_ date: Date) -> String { "\(dayText(LocalDate(date, in: timeZone))) \(timeText(date))" }

    static func daysBetween(_ a: LocalDate, _ b: LocalDate) -> Int {
        let utc = TimeZone(identifier: "UTC") ?? .current
        return Int((b.startOfDay(in: utc).timeIntervalSince(a.startOfDay(in: utc)) / 86_400).rounded())
    }

    /// "45 min", "2 h", "1 h 30 min".
    public static func duration(_ minutes: Int) -> String {
        if minutes < 60 { return "\(minutes) min" }
        return minutes % 60 == 0 ? "\(minutes / 60) h" : "\(minutes / 60) h \(minutes % 60) min"
    }

    // MARK: Chips

    /// `[High] [≈15 min] [#family] [Tomorrow, 5:00 PM] [Call]`.
    public func chips(_ texts: [String]) -> String {
        texts.map { style("[\($0)]", .cyan) }.joined(separator: " ")
    }
}
