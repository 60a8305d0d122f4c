import Foundation
import TaskCore

/// Tasks and dates in plain words, shared by confirmations and the chat's renderer:
/// "Fri 4 Dec", "5:00 PM", "Create 'Call mom', due Thu 3 Dec 5:00 PM, high". Pure: zone and clock given.
public struct TaskWords: Sendable {
    public var timeZone: TimeZone
    public var now: Date

    public init(timeZone: TimeZone, now: Date) {
        self.timeZone = timeZone
        self.now = now
    }

    init(_ toolkit: TaskToolkit) { self.init(timeZone: toolkit.timeZone, now: toolkit.now) }

    /// "#12 'Call the plumber'".
    public func task(_ task: TaskItem) -> String { "#\(task.id.rawValue) '\(task.title)'" }

    /// "Fri 4 Dec", with the year when it is not this year ("Sat 12 Jun 2027").
    public func dayText(_ day: LocalDate) -> String {
        let year = day.year == LocalDate(now, in: timeZone).year ? "" : " \(day.year)"
        return "\(day.shortText)\(year)"
    }

    /// "5:00 PM".
    public func timeText(_ date: Date) -> String {
        let wall = LocalDateTime(date, in: timeZone)
        let hour = wall.hour, minute = wall.minute
        let h12 = hour % 12 == 0 ? 12 : hour % 12
        return "\(h12):\(minute < 10 ? "0" : "")\(minute) \(hour < 12 ? "AM" : "PM")"
    }

    /// "Thu 3 Dec 5:00 PM": an absolute date for confirmations.
    public func absolute(_ date: Date) -> String { "\(dayText(LocalDate(date, in: timeZone))) \(timeText(date))" }

    /// A due for confirmations: "Thu 3 Dec 5:00 PM", or "Thu 3 Dec" when it is a whole day.
    public func due(_ date: Date, day: LocalDate?) -> String { day.map(dayText) ?? absolute(date) }

    /// "45 min", "2 h", "1 h 30 min".
    public static func duration(_ minutes: Int) -> String {
        if minutes < 60 { return "\(minutes) min" }
        return minutes % 60 == 0 ? "\(minutes / 60) h" : "\(minutes / 60) h \(minutes % 60) min"
    }

    /// "Create 'Call mom', due Thu 3 Dec 5:00 PM, high, ≈15 min, #family, in Kitchen".
    public func creation(_ draft: TaskDraft) -> String {
        var parts = ["Create '\(draft.title)'"]
        if let due = draft.due { parts.append("due \(self.due(due, day: draft.dueDay))") }
        if draft.priority != .normal { parts.append(draft.priority.rawValue) }
        if let minutes = draft.estimateMinutes { parts.append("≈\(Self.duration(minutes))") }
        if !draft.contexts.isEmpty { parts.append(draft.contexts.map { "#" + $0 }.joined(separator: " ")) }
        if let project = draft.project { parts.append("in \(project)") }
        if let deferUntil = draft.deferUntil { parts.append("hidden until \(dayText(deferUntil))") }
        if let place = draft.place { parts.append("reminds " + place.phrase) }
        return parts.joined(separator: ", ")
    }
}
