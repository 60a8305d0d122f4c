import Foundation
import TaskCore
import TaskStore

/// Writes records as todo.txt, one task per line, that `TodoTxtReader` reads back (with `uuid:`).
///
/// Spaces inside a project or context name become `_` (todo.txt words have none); a date-only due, or a due at
/// 9:00 local, is written as a day, another time as `YYYY-MM-DDTHH:MM`.
public struct TodoTxtWriter {
    public let timeZone: TimeZone

    public init(timeZone: TimeZone) { self.timeZone = timeZone }

    public func write(_ records: RecordSet) -> String {
        var names: [String: String] = [:]
        for p in records.projects { names[p.uuid] = p.name }
        return records.tasks.map { line($0, projects: names) + "\n" }.joined()
    }

    func line(_ t: TaskRecord, projects: [String: String]) -> String {
        var parts: [String] = []
        let letter: String? = switch t.priority {
        case .critical: "A"
        case .high: "B"
        case .low: t.extras["priority"]?.stringValue ?? "C"
        case .normal: nil
        }
        let created = LocalDate(t.created, in: timeZone).description
        if t.status == .done {
            parts += ["x", LocalDate(t.completed ?? t.modified, in: timeZone).description, created]
        } else {
            if let letter { parts.append("(\(letter))") }
            parts.append(created)
        }
        parts.append(t.title.split(whereSeparator: \.isNewline).joined(separator: " "))
        if let uuid = t.project, let name = projects[uuid] { parts.append("+" + word(name)) }
        for extra in t.extras["projects"]?.arrayValue?.compactMap(\.stringValue) ?? [] { parts.append("+" + word(extra)) }
        for c in t.contexts { parts.append("@" + word(c)) }
        if let day = t.dueDay {
            parts.append("due:\(day)")
        } else if let due = t.due {
            let day = LocalDate(due, in: timeZone)
            if due == day.dateOnlyDue(in: timeZone) {
                parts.append("due:\(day)")
            } else {
                parts.append("due:" + String(ISODate.format(due, in: timeZone).prefix(16)))
            }
        }
        if let d = t.deferUntil { parts.append("t:\(d)") }
        if t.status == .done, let letter { parts.append("pri:\(letter)") }
        if let rule = t.recurrence { parts += TodoTxtRecurrence.words(rule) }
        for key in t.extras.keys.sorted() where !["priority", "projects", "rec", "rrule", "rrule_kind"].contains(key) {
            if let value = t.extras[key]?.stringValue, !value.contains(" "), !value.isEmpty, !key.contains(" ") { parts.append("\(key):\(value)") }
        }
        parts.append("uuid:\(t.uuid)")
        return parts.joined(separator: " ")
    }

    private func word(_ name: String) -> String { name.split(whereSeparator: \.isWhitespace).joined(separator: "_") }
}
