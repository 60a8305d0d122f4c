import TaskCore

/// The JSON Schema of a template's tasks, shared by the tools that take or return them.
enum TemplateSchema {
    /// Members every template task may have (a subtask's `offset_days` defaults to its parent's).
    private static func members(offsetRequired: Bool) -> [String: JSONValue] {
        [
            "title": Schema.string(nil, minLength: 1),
            "offset_days": Schema.integer(offsetRequired ? "Days from the anchor day (-1: the day before)." : "Default: the parent's."),
            "time": ["type": ["string", "null"], "description": "HH:MM (default 09:00)."],
            "estimate_minutes": Schema.integer(nil, minimum: 0, maximum: 10_080),
            "contexts": Schema.strings(nil),
            "priority": Schema.priority,
        ]
    }

    static let subtask: JSONValue = [
        "type": "object", "properties": .object(members(offsetRequired: false)), "required": ["title"], "additionalProperties": false,
    ]

    static let task: JSONValue = {
        var properties = members(offsetRequired: true)
        properties["subtasks"] = ["type": "array", "items": subtask]
        return ["type": "object", "properties": .object(properties), "required": ["title", "offset_days"], "additionalProperties": false]
    }()

    static let tasks: JSONValue = ["type": "array", "items": task]

    static let name = Schema.string("Any case, e.g. \"weekly review\".", minLength: 1)

    /// A template as results show it (`TaskTemplate.json`), its tasks as `TemplateTask.json` writes them.
    static let output: JSONValue = {
        func task(_ subtasks: JSONValue) -> JSONValue {
            OutputSchema.object(
                ["title": OutputSchema.string, "offset_days": OutputSchema.integer, "time": OutputSchema.nullableString,
                 "estimate_minutes": OutputSchema.nullableInteger, "contexts": OutputSchema.array(OutputSchema.string),
                 "priority": OutputSchema.string, "subtasks": OutputSchema.array(subtasks)])
        }
        return OutputSchema.object(
            ["name": OutputSchema.string, "project": OutputSchema.nullableString, "builtin": OutputSchema.boolean,
             "task_count": OutputSchema.integer, "tasks": OutputSchema.array(task(task(["type": "object"])))])
    }()
}
