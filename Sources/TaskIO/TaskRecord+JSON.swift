import Foundation
import TaskCore
import TaskStore

/// A task as one line of `tasks.jsonl`: the members `TaskField` declares at the `record` door, times
/// in ISO 8601 UTC, empty fields left out.
extension TaskRecord {
    public var json: JSONValue {
        var o = JSONObjectBuilder()
        for (field, member) in TaskField.members(at: .record) {
            let key = member.key
            switch field {
            case .uuid: o.set(key, uuid)
            case .title: o.set(key, title)
            case .notes: o.set(key, notes)
            case .due: if let dueDay { o.set(key, dueDay.description) } else { o.set(key, due) }
            case .priority: o.set(key, priority.rawValue)
            case .estimateMinutes: o.set(key, estimateMinutes)
            case .energy: o.set(key, energy?.rawValue)
            case .contexts: o.set(key, contexts)
            case .kind: o.set(key, kind?.rawValue)
            case .status: o.set(key, status.rawValue)
            case .stage: o.set(key, stage)
            case .list: o.set(key, list)
            case .project: o.set(key, project)
            case .parent: o.set(key, parent)
            case .recurrence: o.set(key, recurrence?.json)
            case .anchorDay: o.set(key, anchorDay)
            case .deferUntil: o.set(key, deferUntil?.description)
            case .created: o.set(key, created)
            case .updated: o.set(key, modified)
            case .completed: o.set(key, completed)
            case .completedZone: o.set(key, completedZone)
            case .series: o.set(key, series)
            case .remind: o.set(key, remind?.storageText)
            case .place: o.set(key, place)
            case .placeTrigger: o.set(key, place == nil ? nil : placeTrigger?.rawValue)
            case .completions, .id, .notesSealed, .depth, .syncError: break  // not at the record door
            }
        }
        o.setExtras(extras)
        return o.value
    }

    /// Reads a task line; unknown members go to `extras`. - Throws: `FieldError` for the first bad field.
    public init(json members: [String: JSONValue]) throws(FieldError) {
        var r = FieldReader(members)
        let created = try r.requiredDate("created")
        self.init(uuid: try r.requiredUUID("uuid"), title: try r.requiredString("title"), created: created,
                  modified: try r.date("modified") ?? created)
        notes = try r.string("notes")
        if let text = r.value("due")?.stringValue, let day = LocalDate(iso: text) { dueDay = day } else { due = try r.date("due") }
        priority = try r.choice("priority", Priority.self) ?? .normal
        estimateMinutes = try r.int("estimate_minutes")
        energy = try r.choice("energy", Energy.self)
        contexts = try r.strings("contexts")
        kind = try r.choice("kind", TaskKind.self)
        status = try r.choice("status", TaskStatus.self) ?? .open
        stage = try r.string("stage")
        list = try r.string("list")
        project = try r.uuid("project")
        parent = try r.uuid("parent")
        if let rule = r.value("recurrence") {
            guard let parsed = RecurrenceRule(json: rule) else {
                throw FieldError(field: "recurrence", reason: "must be {\"frequency\": \"daily|weekly|monthly|yearly\", \"interval\": n, \"weekdays\": [\"mon\", …]}")
            }
            recurrence = parsed
        }
        anchorDay = try r.int("anchor_day")
        if let d = try r.string("defer_until") {
            guard let day = LocalDate(iso: d) else { throw FieldError(field: "defer_until", reason: "'\(d)' is not a YYYY-MM-DD day") }
            deferUntil = day
        }
        completed = try r.date("completed")
        completedZone = try r.string("completed_zone")
        series = try r.uuid("series")
        if let text = try r.string("remind") {
            guard let setting = ReminderSetting(storageText: text) else {
                throw FieldError(field: "remind", reason: "'\(text)' is not minutes before the due (\"30m\") or seconds since 1970")
            }
            remind = setting
        }
        place = try r.uuid("place")
        placeTrigger = try r.choice("place_trigger", PlaceBinding.Trigger.self)
        if place != nil && placeTrigger == nil { placeTrigger = .arrive }
        extras = try r.extras()
    }
}
