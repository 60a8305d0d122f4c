import TaskCore

/// Small builders for the JSON Schemas of the catalogue, so each tool's schema reads like its table row.
enum Schema {
    static let dialect = "https://json-schema.org/draft/2020-12/schema"

    /// The root of a tool's arguments: an object with these properties and no others.
    static func arguments(_ properties: [String: JSONValue], required: [String] = []) -> JSONValue {
        [
            "$schema": .string(dialect),
            "type": "object",
            "properties": .object(properties),
            "required": .array(required.map(JSONValue.string)),
            "additionalProperties": false,
        ]
    }

    static func string(_ description: String, minLength: Int? = nil) -> JSONValue {
        var s: [String: JSONValue] = ["type": "string", "description": .string(description)]
        if let minLength { s["minLength"] = .int(minLength) }
        return .object(s)
    }

    static func nullableString(_ description: String) -> JSONValue {
        ["type": ["string", "null"], "description": .string(description)]
    }

    static func integer(_ description: String, minimum: Int? = nil, maximum: Int? = nil) -> JSONValue {
        var s: [String: JSONValue] = ["type": "integer", "description": .string(description)]
        if let minimum { s["minimum"] = .int(minimum) }
        if let maximum { s["maximum"] = .int(maximum) }
        return .object(s)
    }

    static func number(_ description: String, minimum: Double, maximum: Double) -> JSONValue {
        ["type": "number", "description": .string(description), "minimum": .double(minimum), "maximum": .double(maximum)]
    }

    static func boolean(_ description: String) -> JSONValue {
        ["type": "boolean", "description": .string(description)]
    }

    static func oneOf(_ values: [String], _ description: String) -> JSONValue {
        ["type": "string", "enum": .array(values.map(JSONValue.string)), "description": .string(description)]
    }

    static func strings(_ description: String) -> JSONValue {
        ["type": "array", "items": ["type": "string"], "description": .string(description)]
    }

    /// `schema` that also accepts null (added to its `type`, and to its `enum` when it has one):
    /// the same field, clearable.
    static func nullable(_ schema: JSONValue?) -> JSONValue {
        guard var object = schema?.objectValue else { return ["type": "null"] }
        switch object["type"] {
        case .string(let type): object["type"] = [.string(type), "null"]
        case .array(let types) where !types.contains("null"): object["type"] = .array(types + ["null"])
        default: break
        }
        if case .array(let options) = object["enum"], !options.contains(.null) { object["enum"] = .array(options + [.null]) }
        return .object(object)
    }

    /// A record named by its integer id or by its title (exact, then a unique substring).
    static func idOrTitle(_ description: String) -> JSONValue {
        ["type": ["integer", "string"], "description": .string(description)]
    }

    /// A rule object or a phrase (`oneOf`), or null.
    static let recurrence: JSONValue = [
        "description": .string("How the task repeats; completing it creates the next occurrence. "
            + "A phrase (\"every monday\", \"weekdays\", \"every 2 weeks\", \"monthly\") or a rule object."),
        "oneOf": [
            recurrenceRule,
            [
                "type": "string", "minLength": 1,
                "description": "A repeat phrase: daily, weekly, monthly, yearly, weekdays, every monday, every mon and thu, every 2 weeks, every other day.",
            ],
            ["type": "null"],
        ],
    ]

    /// The object form of a recurrence.
    /// `remind`: minutes before the due, or a time.
    static let remind: JSONValue = [
        "description": .string("When to remind besides at the due time (default: the configured early warning, 15 minutes before): "
            + "minutes before the due (30, \"30 min before\"), or a time (\"4pm\" — on the due's day when there is one —, ISO 8601)."),
        "oneOf": [
            ["type": "integer", "minimum": 0, "maximum": 100_000],
            ["type": "string", "minLength": 1],
            ["type": "null"],
        ],
    ]

    static let recurrenceRule: JSONValue = [
        "type": "object",
        "description": "A rule: frequency, interval, weekdays.",
        "properties": [
            "frequency": oneOf(["daily", "weekly", "monthly", "yearly"], "Repeat unit."),
            "interval": integer("Every N units (default 1).", minimum: 1),
            "weekdays": [
                "type": "array", "description": "Weekly only: the days, e.g. [\"mon\", \"thu\"].",
                "items": ["type": "string", "enum": ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]],
            ],
        ],
        "required": ["frequency"],
        "additionalProperties": false,
    ]
}

extension Schema {
    static let dateHelp = "ISO 8601 (2026-12-04T15:00) or natural language (\"tomorrow 5pm\", \"friday\")"
    /// For due arguments: `dateHelp` and what a bare day means.
    static let dueHelp = dateHelp + "; a bare day (2026-12-10) is a date-only due, the whole day"
    static let placeName = string("A place's name (see list_places; create_place makes one).", minLength: 1)
    static let placeTrigger = oneOf(PlaceBinding.Trigger.allCases.map(\.rawValue), "Remind on arriving at the place (default) or on leaving it.")
    static let taskID = integer("The task's id (from list_tasks).", minimum: 1)
    static let taskTitle = string("The task's title: an exact match (any case) or a unique part of it.", minLength: 1)
    static let priority = oneOf(Priority.allCases.map(\.rawValue), "Priority (default normal).")
    static let energy = oneOf(Energy.allCases.map(\.rawValue), "The attention it needs.")
    static let kind = oneOf(TaskKind.allCases.map(\.rawValue), "What sort of task it is.")
}
