import Foundation
import TaskCore
import TaskNL

extension ParseResult {
    /// One draft as the page shows and saves it: `draft` (the `tasker parse --json` object), `chips`
    /// (`{"field", "text"}` in order) and `create` (the `create_task` arguments that save exactly this draft).
    func webDraft(timeZone: TimeZone) -> JSONValue {
        let d = draft
        var create: [String: JSONValue] = ["title": .string(d.title), "priority": .string(d.priority.rawValue)]
        if let day = d.dueDay {
            create["due"] = .string(day.description)
        } else if let due = d.due {
            create["due"] = .string(ISODate.format(due, in: timeZone))
        }
        if let minutes = d.estimateMinutes { create["estimate_minutes"] = .int(minutes) }
        if let energy = d.energy { create["energy"] = .string(energy.rawValue) }
        if !d.contexts.isEmpty { create["contexts"] = .array(d.contexts.map { .string($0) }) }
        if let kind = d.kind { create["kind"] = .string(kind.rawValue) }
        if let rule = d.recurrence { create["recurrence"] = rule.json }
        if let day = d.deferUntil { create["defer_until"] = .string(day.description) }
        let chips: [JSONValue] = understood.map { ["field": .string($0.field.rawValue), "text": .string($0.text)] }
        return ["draft": json(timeZone: timeZone), "chips": .array(chips), "create": .object(create)]
    }
}
