import TaskCore

/// Small builders for the JSON Schemas of the catalogue, so each tool's schema reads like its table row.
enum Schema {
    static let dialect = "https://json-schema.org/draft/2020-12/schema"

    /// The root of a tool's arguments: an object with these properties and no others. No `$schema`:
    /// 2020-12 is MCP's default dialect, and every byte here is paid for in each conversation.
    static func arguments(_ properties: [String: JSONValue], required: [String] = []) -> JSONValue {
        var root: [String: JSONValue] = ["type": "object", "properties": .object(properties), "additionalProperties": false]
        if !required.isEmpty { root["required"] = .array(required.map(JSONValue.string)) }
        return .object(root)
    }

    /// A string; `description` nil where the member's name says it all (each word is paid for in every conversation).
    static func string(_ description: String?, minLength: Int? = nil) -> JSONValue {
        var s: [String: JSONValue] = ["type": "string"]
        if let description { s["description"] = .string(description) }
        if let minLength { s["minLength"] = .int(minLength) }
        return .object(s)
    }

    static func nullableString(_ description: String) -> JSONValue {
        ["type": ["string", "null"], "description": .string(description)]
    }

    static func integer(_ description: String?, minimum: Int? = nil, maximum: Int? = nil) -> JSONValue {
        var s: [String: JSONValue] = ["type": "integer"]
        if let description { s["description"] = .string(description) }
        if let minimum { s["minimum"] = .int(minimum) }
        if let maximum { s["maximum"] = .int(maximum) }
        return .object(s)
    }

    static func number(_ description: String?, minimum: Double, maximum: Double) -> JSONValue {
        var s: [String: JSONValue] = ["type": "number", "minimum": .double(minimum), "maximum": .double(maximum)]
        if let description { s["description"] = .string(description) }
        return .object(s)
    }

    static func boolean(_ description: String) -> JSONValue {
        ["type": "boolean", "description": .string(description)]
    }

    static func oneOf(_ values: [String], _ description: String) -> JSONValue {
        ["type": "string", "enum": .array(values.map(JSONValue.string)), "description": .string(description)]
    }

    /// One of `values`, which say it all.
    static func enumeration(_ values: [String]) -> JSONValue {
        ["type": "string", "enum": .array(values.map(JSONValue.string))]
    }

    /// A boolean whose name says it all.
    static let flag: JSONValue = ["type": "boolean"]

    static func strings(_ description: String?) -> JSONValue {
        var s: [String: JSONValue] = ["type": "array", "items": ["type": "string"]]
        if let description { s["description"] = .string(description) }
        return .object(s)
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
    static func idOrTitle(_ description: String? = nil) -> JSONValue {
        guard let description else { return ["type": ["integer", "string"]] }
        return ["type": ["integer", "string"], "description": .string(description)]
    }

    /// How a task repeats: a phrase, an RRULE, or a rule object (`RecurrenceRule+JSON`'s wire form,
    /// read and checked by `ToolArguments.recurrence`, which names what is wrong), or null. One line
    /// here rather than the rule's eleven members: every client pays for this schema in each conversation.
    static let recurrence: JSONValue = [
        "type": ["string", "object", "null"],
        "description": .string("A phrase (\"every monday\", \"weekdays\", \"every 2 weeks\"), an RRULE (\"FREQ=MONTHLY;BYDAY=-1FR\") or a rule "
            + "{frequency: daily|weekly|monthly|yearly, interval, weekdays: [\"mon\",\"2fri\"], month_days, months, positions, count, until, "
            + "kind: skip_missed|on_schedule|after_completion}."),
    ]

    /// `remind`: minutes before the due, or a time.
    static let remind: JSONValue = [
        "type": ["integer", "string", "null"], "minimum": 0, "maximum": 100_000,
        "description": "Minutes before the due (default 15), or a time (\"4pm\").",
    ]
    /// The rule object: `RecurrenceRule`'s wire form (see `RecurrenceRule+JSON`); the members RFC 5545
    /// names are RRULE parts. Not listed to clients (`recurrence` says it in one line): `ToolArguments.recurrence`
    /// checks a rule object against it, so a wrong member is named as precisely as the schema would.
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
    static let dateHelp = "ISO 8601 or natural language (\"tomorrow 5pm\")"
    /// For due arguments: `dateHelp` and what a bare day means.
    static let dueHelp = dateHelp + "; a bare day is all-day"
    static let placeName = string("A place from list_places.", minLength: 1)
    static let placeTrigger = enumeration(PlaceBinding.Trigger.allCases.map(\.rawValue))
    static let taskID = integer(nil, minimum: 1)
    /// A task named by title: exact (any case), else a unique part.
    static let taskTitle = string(nil, minLength: 1)
    static let priority = enumeration(Priority.allCases.map(\.rawValue))
    static let energy = enumeration(Energy.allCases.map(\.rawValue))
    static let kind = enumeration(TaskKind.allCases.map(\.rawValue))
}
