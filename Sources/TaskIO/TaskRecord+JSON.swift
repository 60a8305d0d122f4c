import Foundation
import TaskCore
import TaskStore

/// A task as one line of `tasks.jsonl`: snake_case keys, times in ISO 8601 UTC, empty fields left out.
extension TaskRecord {
    public var json: JSONValue {
        var o = JSONObjectBuilder()
        o.set("uuid", uuid)
        o.set("title", title)
        o.set("notes", notes)
        if let dueDay { o.set("due", dueDay.description) } else { o.set("due", due) }
        o.set("priority", priority.rawValue)
        o.set("estimate_minutes", estimateMinutes)
        o.set("energy", energy?.rawValue)
        o.set("contexts", contexts)
        o.set("kind", kind?.rawValue)
        o.set("status", status.rawValue)
        o.set("stage", stage)
        o.set("list", list)
        o.set("project", project)
        o.set("parent", parent)
        o.set("recurrence", recurrence?.json)
        o.set("anchor_day", anchorDay)
        o.set("defer_until", deferUntil?.description)
        o.set("created", created)
        o.set("modified", modified)
        o.set("completed", completed)
        o.set("completed_zone", completedZone)
        o.set("series", series)
        o.set("remind", remind?.storageText)
        o.set("place", place)
        o.set("place_trigger", place == nil ? nil : placeTrigger?.rawValue)
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
