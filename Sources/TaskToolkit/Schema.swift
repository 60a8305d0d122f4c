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
            + "A phrase (\"every monday\", \"weekdays\", \"every 2 weeks\", \"monthly\") or a rule object "
            + "({\"frequency\": \"monthly\", \"weekdays\": [\"2fri\", \"4fri\"]}, {\"frequency\": \"monthly\", \"month_days\": [-1]})."),
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

    /// The rule object: `RecurrenceRule`'s wire form (see `RecurrenceRule+JSON`); the members RFC 5545
    /// names are RRULE parts. `pattern` is for clients: `RecurrenceRule(json:)` checks the days itself.
    static let recurrenceRule: JSONValue = [
        "type": "object",
        "description": "A rule (RFC 5545 RRULE parts): frequency, interval, weekdays, and when needed month_days, months, positions, count, until, kind.",
        "properties": [
            "frequency": oneOf(["daily", "weekly", "monthly", "yearly"], "Repeat unit."),
            "interval": integer("Every N units (default 1).", minimum: 1),
            "weekdays": [
                "type": "array",
                "description": "Days (BYDAY): [\"mon\", \"thu\"]; monthly or yearly, an ordinal in front for the nth or nth-from-last: [\"2fri\", \"4fri\"], [\"-1fri\"] (last Friday).",
                "items": ["type": "string", "pattern": "^([+-]?[1-9][0-9]?)?(mon|tue|wed|thu|fri|sat|sun)$"],
            ],
            "month_days": [
                "type": "array", "description": "Days of the month (BYMONTHDAY): [15], [1, 15]; -1 is the last day.",
                "items": ["type": "integer", "minimum": -31, "maximum": 31],
            ],
            "months": ["type": "array", "description": "Months (BYMONTH), 1–12: [3, 9].", "items": ["type": "integer", "minimum": 1, "maximum": 12]],
            "positions": [
                "type": "array", "description": "Which of each period's days (BYSETPOS): [-1] with weekdays mon–fri is the last weekday of the month.",
                "items": ["type": "integer", "minimum": -366, "maximum": 366],
            ],
            "count": integer("How many occurrences are left, this one included (COUNT).", minimum: 1),
            "until": string("The last day (2027-03-01) or instant (2027-03-01T09:00:00Z) an occurrence may fall on (UNTIL).", minLength: 10),
            "week_start": oneOf(["mon", "tue", "wed", "thu", "fri", "sat", "sun"], "The day weeks start on (WKST), for weekly rules with an interval (default mon)."),
            "kind": oneOf(RecurrenceRule.Kind.allCases.map(\.rawValue),
                          "What completing does (default skip_missed: the next occurrence not already past); on_schedule: the next after the previous due, even if past; after_completion: counted from the day it is done."),
            "rrule": string("Another app's RRULE that Tasker keeps as it is (as list_tasks shows it); leave it out when writing a rule.", minLength: 1),
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
