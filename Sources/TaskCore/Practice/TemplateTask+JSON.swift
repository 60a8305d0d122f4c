import Foundation

/// A template task as JSON: the shape `create_template` takes and the blueprint column stores.
///
/// `{"title": "Pack", "offset_days": -1, "time": "18:00", "estimate_minutes": 30,
/// "contexts": ["home"], "priority": "high", "subtasks": [{"title": "Charger"}]}`; a subtask
/// without `offset_days` falls on its parent's day.
extension TemplateTask {
    /// Reads one task. `inheritedOffset` is the parent's offset (nil at the top, where
    /// `offset_days` is required).
    /// - Throws: `TemplateProblem` naming the member at `path` that is missing or malformed.
    public init(json: JSONValue, path: String, inheritedOffset: Int? = nil) throws(TemplateProblem) {
        guard let object = json.objectValue else { throw TemplateProblem(path: path, reason: "must be an object") }
        guard let title = object["title"]?.stringValue?.trimmed(), !title.isEmpty else {
            throw TemplateProblem(path: path + ".title", reason: "must be a non-empty string")
        }
        let offset: Int
        if let value = object["offset_days"], value != .null {
            guard let days = value.intValue, abs(days) <= 36_600 else {
                throw TemplateProblem(path: path + ".offset_days", reason: "must be a whole number of days (at most 100 years either way)")
            }
            offset = days
        } else if let inheritedOffset {
            offset = inheritedOffset
        } else {
            throw TemplateProblem(path: path + ".offset_days", reason: "is required (days from the anchor day, may be negative)")
        }
        var time: WallTime?
        if let value = object["time"], value != .null {
            guard let text = value.stringValue, let parsed = WallTime(text: text) else {
                throw TemplateProblem(path: path + ".time", reason: "must be a wall-clock time HH:MM (00:00 to 23:59)")
            }
            time = parsed
        }
        var estimate: Int?
        if let value = object["estimate_minutes"], value != .null {
            guard let minutes = value.intValue, minutes >= 0 else {
                throw TemplateProblem(path: path + ".estimate_minutes", reason: "must be 0 or more minutes")
            }
            estimate = minutes
        }
        var priority = Priority.normal
        if let value = object["priority"], value != .null {
            guard let text = value.stringValue, let parsed = Priority(rawValue: text) else {
                throw TemplateProblem(path: path + ".priority", reason: "must be one of: low, normal, high, critical")
            }
            priority = parsed
        }
        var contexts: [String] = []
        if let value = object["contexts"], value != .null {
            guard let items = value.arrayValue, items.allSatisfy({ $0.stringValue != nil }) else {
                throw TemplateProblem(path: path + ".contexts", reason: "must be an array of strings")
            }
            contexts = items.compactMap(\.stringValue)
        }
        var subtasks: [TemplateTask] = []
        if let value = object["subtasks"], value != .null {
            guard let items = value.arrayValue else { throw TemplateProblem(path: path + ".subtasks", reason: "must be an array of tasks") }
            for (i, item) in items.enumerated() {
                subtasks.append(try TemplateTask(json: item, path: "\(path).subtasks[\(i)]", inheritedOffset: offset))
            }
        }
        self.init(
            title: title, offsetDays: offset, time: time, estimateMinutes: estimate, contexts: contexts, priority: priority,
            subtasks: subtasks)
    }

    /// The task as JSON, every member present (`null` for no time or estimate).
    public var json: JSONValue {
        [
            "title": .string(title),
            "offset_days": .int(offsetDays),
            "time": .string(time?.description),
            "estimate_minutes": .int(estimateMinutes),
            "contexts": .array(contexts.map(JSONValue.string)),
            "priority": .string(priority.rawValue),
            "subtasks": .array(subtasks.map(\.json)),
        ]
    }
}
