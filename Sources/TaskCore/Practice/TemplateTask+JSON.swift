import Foundation

/// A template task as JSON: the shape `create_template` takes and the blueprint column stores.
///
/// `{"title": "Pack", "offset_days": -1, "time": "18:00", "estimate_minutes": 30,
/// "contexts": ["home"], "priority": "high", "subtasks": [{"title": "Charger"}]}`; a subtask
/// without `offset_days` falls on its parent's day. The members it shares with a task are the ones
/// `TaskField` declares at the `template` door; `offset_days`, `time` and `subtasks` are its own (a
/// template's days are relative to the day it is applied to, and its subtasks nested), so they are
/// not a task field's.
extension TemplateTask {
    /// Reads one task. `inheritedOffset` is the parent's offset (nil at the top, where
    /// `offset_days` is required).
    /// - Throws: `TemplateProblem` naming the member at `path` that is missing or malformed.
    public init(json: JSONValue, path: String, inheritedOffset: Int? = nil) throws(TemplateProblem) {
        guard let object = json.objectValue else { throw TemplateProblem(path: path, reason: "must be an object") }
        var title = ""
        var estimate: Int?
        var priority = Priority.normal
        var contexts: [String] = []
        for (field, member) in TaskField.members(at: .template) {
            let key = member.key
            let value: JSONValue? = object[key].flatMap { $0.isNull ? Optional.none : $0 }  // null is not said
            switch field {
            case .title:
                guard let text = value?.stringValue?.trimmed(), !text.isEmpty else {
                    throw TemplateProblem(path: path + "." + key, reason: "must be a non-empty string")
                }
                title = text
            case .estimateMinutes:
                if let value {
                    guard let minutes = value.intValue, minutes >= 0 else {
                        throw TemplateProblem(path: path + "." + key, reason: "must be 0 or more minutes")
                    }
                    estimate = minutes
                }
            case .priority:
                if let value {
                    guard let text = value.stringValue, let parsed = Priority(rawValue: text) else {
                        throw TemplateProblem(path: path + "." + key, reason: "must be one of: low, normal, high, critical")
                    }
                    priority = parsed
                }
            case .contexts:
                if let value {
                    guard let items = value.arrayValue, items.allSatisfy({ $0.stringValue != nil }) else {
                        throw TemplateProblem(path: path + "." + key, reason: "must be an array of strings")
                    }
                    contexts = items.compactMap(\.stringValue)
                }
            default: break  // not at the template door (the door's round-trip test catches a declared one left out)
            }
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
        var object: [String: JSONValue] = [
            "offset_days": .int(offsetDays),
            "time": .string(time?.description),
            "subtasks": .array(subtasks.map(\.json)),
        ]
        for (field, member) in TaskField.members(at: .template) {
            switch field {
            case .title: object[member.key] = .string(title)
            case .estimateMinutes: object[member.key] = .int(estimateMinutes)
            case .contexts: object[member.key] = .array(contexts.map(JSONValue.string))
            case .priority: object[member.key] = .string(priority.rawValue)
            default: break  // not at the template door (the door's round-trip test catches a declared one left out)
            }
        }
        return .object(object)
    }
}
