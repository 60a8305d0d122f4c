import Foundation
import TaskCore
import TaskNL
import TaskToolkit

/// Turns tool results into lines for the terminal: task lists with ids and due dates relative to
/// today, plans as a table, chips after a capture. Pure: the clock and zone are given.
public struct TaskRenderer: Sendable {
    public var useColor: Bool
    public var timeZone: TimeZone
    public var now: Date
    /// Whether an edit's line says `/undo` takes it back: the chat has `/undo`; a one-shot command
    /// (`tasker done 3`) has nothing to type it into, so it says nothing.
    public var offersUndo: Bool

    public init(useColor: Bool, timeZone: TimeZone, now: Date, offersUndo: Bool = true) {
        self.useColor = useColor
        self.timeZone = timeZone
        self.now = now
        self.offersUndo = offersUndo
    }

    func style(_ text: String, _ style: Style) -> String { style.apply(text, useColor) }

    /// `  (/undo takes it back)`, dimmed, where `/undo` can be typed; nothing elsewhere.
    func undoHint(_ what: String) -> String { offersUndo ? style("  (/undo \(what))", .dim) : "" }

    // MARK: Tasks

    /// One line per task: `  #12  Call mom  · tomorrow 5:00 PM · high · #family`.
    public func taskList(_ tasks: [TaskItem], empty: String = "Nothing here.") -> [String] {
        guard !tasks.isEmpty else { return [style(empty, .dim)] }
        let width = tasks.map { String($0.id.rawValue).count }.max() ?? 1
        return tasks.map { taskLine($0, idWidth: width) }
    }

    /// The answer to "how many …": `3 open tasks:`, `1 task left today (overdue included):`,
    /// `Nothing overdue.`
    public func countLine(_ count: Int, filter: TaskQuery.Filter) -> String {
        let noun = count == 1 ? "task" : "tasks"
        switch filter {
        case .today: return count == 0 ? "Nothing left today." : "\(count) \(noun) left today (overdue included):"
        case .tomorrow: return count == 0 ? "Nothing due tomorrow." : "\(count) \(noun) due tomorrow:"
        case .week: return count == 0 ? "Nothing left this week." : "\(count) \(noun) left this week (overdue included):"
        case .overdue: return count == 0 ? "Nothing overdue." : "\(count) \(noun) overdue:"
        default: return count == 0 ? "No open tasks." : "\(count) open \(noun):"
        }
    }

    /// A task as one line: id, title (coloured by priority), then due, repeat, priority, contexts, project.
    public func taskLine(_ task: TaskItem, idWidth: Int = 1) -> String {
        let id = "#\(task.id.rawValue)"
        let paddedID = String(repeating: " ", count: max(0, idWidth + 1 - id.count)) + id
        let title = Self.clean(task.title)
        let done = task.status == .done
        var parts: [String] = []
        if let due = task.due.map({ relative($0, day: task.dueDay) }) { parts.append(due.overdue && !done ? style(due.text, .red) : due.text) }
        // A done occurrence repeats no more: the next one carries the rule.
        if let rule = task.recurrence, !done { parts.append(style(Self.repeatText(rule), .dim)) }
        if task.priority != .normal { parts.append(priorityText(task.priority)) }
        if let minutes = task.estimateMinutes { parts.append(style("≈" + Self.duration(minutes), .dim)) }
        if !task.contexts.isEmpty { parts.append(style(task.contexts.map { "#" + Self.clean($0) }.joined(separator: " "), .cyan)) }
        if let project = task.project { parts.append(style("+" + Self.clean(project), .dim)) }
        if let place = task.place { parts.append(style((place.trigger == .arrive ? "at " : "leaving ") + Self.clean(place.place), .dim)) }
        if let day = task.deferUntil, day.startOfDay(in: timeZone) > now {
            parts.append(style("hidden until \(dayText(day))", .dim))
        }
        var line = "  \(style(paddedID, .dim))  \(done ? style("✓ " + title, .dim) : colouredTitle(title, task.priority))"
        if !parts.isEmpty { line += "  " + parts.joined(separator: style(" · ", .dim)) }
        return line
    }

    /// How a task repeats, as the capture chip says it, mid-line: "every Monday", "every 2 weeks".
    static func repeatText(_ rule: RecurrenceRule) -> String {
        let chip = ChipText.recurrence(rule)
        return chip.prefix(1).lowercased() + chip.dropFirst()
    }

    /// Text that came from outside Tasker (titles, names, page text), safe to print: one line unless
    /// `form` is `.block` (see `TerminalText`).
    static func clean(_ text: String, as form: TerminalText.Form = .line) -> String { TerminalText.sanitized(text, as: form) }

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

    /// A due relative to now: "today 5:00 PM", "tomorrow", "3 days overdue". A date-only due (`day`)
    /// shows no time and is overdue only once its day has passed.
    public func relative(_ date: Date, day dueDay: LocalDate? = nil) -> (text: String, overdue: Bool) {
        let today = LocalDate(now, in: timeZone)
        let day = dueDay ?? LocalDate(date, in: timeZone)
        let days = Self.daysBetween(today, day)
        if dueDay != nil, days == 0 { return ("today", false) }
        let time = timeText(date)
        let showTime = date != day.dateOnlyDue(in: timeZone)
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

    var words: TaskWords { TaskWords(timeZone: timeZone, now: now) }

    /// "Fri 4 Dec", with the year when it is not this year ("Sat 12 Jun 2027").
    public func dayText(_ day: LocalDate) -> String { words.dayText(day) }

    /// "5:00 PM".
    public func timeText(_ date: Date) -> String { words.timeText(date) }

    static func daysBetween(_ a: LocalDate, _ b: LocalDate) -> Int {
        b.daysSinceEpoch - a.daysSinceEpoch
    }

    /// "45 min", "2 h", "1 h 30 min".
    public static func duration(_ minutes: Int) -> String { TaskWords.duration(minutes) }

    // MARK: Chips

    /// `[High] [≈15 min] [#family] [Tomorrow, 5:00 PM] [Call]`.
    public func chips(_ texts: [String]) -> String {
        texts.map { style("[\($0)]", .cyan) }.joined(separator: " ")
    }
}
