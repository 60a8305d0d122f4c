import Foundation
import TaskCore
import TaskStore

/// Writes records as `task import` reads them: a JSON array, one task object per line.
///
/// The reverse of `TaskwarriorReader`: fields kept under `"x"` are written back as they came, and
/// Tasker's fields win where both say something (a wait whose day no longer matches the defer
/// date, annotations whose text no longer matches the notes, a recur no longer matching the rule).
public struct TaskwarriorWriter {
    public let timeZone: TimeZone

    public init(timeZone: TimeZone) { self.timeZone = timeZone }

    public func write(_ records: RecordSet) -> String {
        var names: [String: String] = [:]
        for p in records.projects { names[p.uuid] = p.name }
        let lines = records.tasks.map { object($0, projects: names).encoded() }
        return lines.isEmpty ? "[]\n" : "[\n" + lines.joined(separator: ",\n") + "\n]\n"
    }

    func object(_ t: TaskRecord, projects: [String: String]) -> JSONValue {
        var o = t.extras
        o.removeValue(forKey: "status")
        o["uuid"] = .string(t.uuid)
        o["description"] = .string(t.title)
        o["entry"] = .string(TaskwarriorDate.format(t.created))
        o["modified"] = .string(TaskwarriorDate.format(t.modified))
        switch t.status {
        case .open: o["status"] = "pending"
        case .done:
            let kept = t.extras["status"]?.stringValue
            o["status"] = .string(kept == "deleted" || kept == "recurring" ? kept! : "completed")
            o["end"] = .string(TaskwarriorDate.format(t.completed ?? t.modified))
        }
        if let day = t.dueDay {
            o["due"] = .string(TaskwarriorDate.format(day.startOfDay(in: timeZone)))
        } else if let due = t.due {
            o["due"] = .string(TaskwarriorDate.format(due))
        }
        o.removeValue(forKey: "wait")
        if let day = t.deferUntil {
            if let kept = t.extras["wait"]?.stringValue, let wait = TaskwarriorDate.parse(kept), LocalDate(wait, in: timeZone) == day {
                o["wait"] = .string(kept)
            } else {
                o["wait"] = .string(TaskwarriorDate.format(day.startOfDay(in: timeZone)))
            }
        }
        o.removeValue(forKey: "priority")
        switch t.priority {
        case .high, .critical: o["priority"] = "H"
        case .low: o["priority"] = "L"
        case .normal: if t.extras["priority"]?.stringValue == "M" { o["priority"] = "M" }
        }
        if !t.contexts.isEmpty { o["tags"] = .array(t.contexts.map(JSONValue.string)) }
        if let uuid = t.project, let name = projects[uuid] { o["project"] = .string(name) }
        o.removeValue(forKey: "annotations")
        if let notes = t.notes, !notes.isEmpty {
            let kept = t.extras["annotations"]?.arrayValue ?? []
            if kept.compactMap({ $0["description"]?.stringValue }).joined(separator: "\n") == notes {
                o["annotations"] = .array(kept)
            } else {
                let entry = JSONValue.string(TaskwarriorDate.format(t.modified))
                o["annotations"] = .array(notes.split(separator: "\n").map { ["entry": entry, "description": .string(String($0))] })
            }
        }
        o.removeValue(forKey: "rrule")
        o.removeValue(forKey: "rrule_kind")
        if let rule = t.recurrence {
            if let kept = t.extras["recur"]?.stringValue, TaskwarriorRecurrence.rule(kept) == rule {
                o["recur"] = .string(kept)
            } else {
                o["recur"] = .string(TaskwarriorRecurrence.value(rule))
            }
            // What `recur` cannot say (ordinals, month days, an end, the kind) rides along as UDAs,
            // which Taskwarrior keeps: `rrule` (the RRULE text) and `rrule_kind`.
            if TaskwarriorRecurrence.rule(TaskwarriorRecurrence.value(rule)) != rule.with(kind: .skipMissed) { o["rrule"] = .string(rule.rrule) }
            if rule.kind != .skipMissed { o["rrule_kind"] = .string(rule.kind.rawValue) }
        }
        return .object(o)
    }
}
