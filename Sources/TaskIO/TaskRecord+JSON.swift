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
            case .dueZone: o.set(key, dueZone)
            case .checklist: o.set(key, checklist ?? [])
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

    /// Reads a task line: each member `TaskField` declares at the `record` door, in declaration order;
    /// `uuid`, `title` and `created` are required, `modified` defaults to `created`; unknown members go
    /// to `extras`. - Throws: `FieldError` for the first bad field.
    public init(json members: [String: JSONValue]) throws(FieldError) {
        var r = FieldReader(members)
        self.init(uuid: "", title: "", created: Date(timeIntervalSince1970: 0), modified: Date(timeIntervalSince1970: 0))
        var modified: Date?
        for (field, member) in TaskField.members(at: .record) {
            let key = member.key
            switch field {
            case .uuid: uuid = try r.requiredUUID(key)
            case .title: title = try r.requiredString(key)
            case .created: created = try r.requiredDate(key)
            case .updated: modified = try r.date(key)
            case .notes: notes = try r.string(key)
            case .due: if let text = r.value(key)?.stringValue, let day = LocalDate(iso: text) { dueDay = day } else { due = try r.date(key) }
            case .priority: priority = try r.choice(key, Priority.self) ?? .normal
            case .estimateMinutes: estimateMinutes = try r.int(key)
            case .energy: energy = try r.choice(key, Energy.self)
            case .contexts: contexts = try r.strings(key)
            case .kind: kind = try r.choice(key, TaskKind.self)
            case .status: status = try r.choice(key, TaskStatus.self) ?? .open
            case .stage: stage = try r.string(key)
            case .list: list = try r.string(key)
            case .project: project = try r.uuid(key)
            case .parent: parent = try r.uuid(key)
            case .recurrence:
                if let rule = r.value(key) {
                    guard let parsed = RecurrenceRule(json: rule) else {
                        throw FieldError(field: key, reason: "must be {\"frequency\": \"daily|weekly|monthly|yearly\", \"interval\": n, \"weekdays\": [\"mon\", …]}")
                    }
                    recurrence = parsed
                }
            case .anchorDay: anchorDay = try r.int(key)
            case .deferUntil:
                if let d = try r.string(key) {
                    guard let day = LocalDate(iso: d) else { throw FieldError(field: key, reason: "'\(d)' is not a YYYY-MM-DD day") }
                    deferUntil = day
                }
            case .completed: completed = try r.date(key)
            case .completedZone: completedZone = try r.string(key)
            case .dueZone: dueZone = try r.string(key)
            case .checklist: let done = try r.strings(key); checklist = done.isEmpty ? nil : done
            case .series: series = try r.uuid(key)
            case .remind:
                if let text = try r.string(key) {
                    guard let setting = ReminderSetting(storageText: text) else {
                        throw FieldError(field: key, reason: "'\(text)' is not minutes before the due (\"30m\") or seconds since 1970")
                    }
                    remind = setting
                }
            case .place: place = try r.uuid(key)
            case .placeTrigger: placeTrigger = try r.choice(key, PlaceBinding.Trigger.self)
            case .completions, .id, .notesSealed, .depth, .syncError: break  // not at the record door
            }
        }
        self.modified = modified ?? created
        if place != nil && placeTrigger == nil { placeTrigger = .arrive }
        extras = try r.extras()
    }
}
