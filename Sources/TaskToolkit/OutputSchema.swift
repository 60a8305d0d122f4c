import TaskCore

/// The JSON Schema of tool results (MCP's `outputSchema`), built from the same declarations the
/// results are written from: a task's members from `TaskField` (the tool and draft doors), every other
/// shape beside the writer that makes it (`ResultFormat`'s records, each `ToolOutput`'s `schema`).
///
/// Every object is closed (`additionalProperties: false`) and names its always-written members as
/// `required`, so a member a writer gains without its schema fails `OutputSchemaTests`.
public enum OutputSchema {
    /// A closed object: every property required except `optional` (members written only when they apply).
    public static func object(_ properties: [String: JSONValue], optional: Set<String> = []) -> JSONValue {
        [
            "type": "object",
            "properties": .object(properties),
            "required": .array(properties.keys.filter { !optional.contains($0) }.sorted().map(JSONValue.string)),
            "additionalProperties": false,
        ]
    }

    public static let string: JSONValue = ["type": "string"]
    public static let integer: JSONValue = ["type": "integer"]
    public static let number: JSONValue = ["type": "number"]
    public static let boolean: JSONValue = ["type": "boolean"]
    /// A string, or null when there is none (a date not set, a field left empty).
    public static let nullableString: JSONValue = ["type": ["string", "null"]]
    public static let nullableInteger: JSONValue = ["type": ["integer", "null"]]
    /// Any JSON value (a stored call's result, a record written by its own door).
    public static let any: JSONValue = [:]

    public static func array(_ items: JSONValue) -> JSONValue { ["type": "array", "items": items] }

    /// `{count, <key>: [items]}`, how listings are shaped.
    public static func listing(_ key: String, _ item: JSONValue) -> [String: JSONValue] { ["count": integer, key: array(item)] }

    /// A `TaskField` member's JSON type as a schema.
    public static func schema(of type: TaskField.JSONType) -> JSONValue {
        switch type {
        case .string: return string
        case .int: return integer
        case .double: return number
        case .bool: return boolean
        case .object: return ["type": "object"]
        case .array(let element): return array(schema(of: element))
        case .nullable(let inner): return Schema.nullable(schema(of: inner))
        case .oneOf(let types): return ["anyOf": .array(types.map(schema(of:)))]
        }
    }

    /// A task's or a draft's members as `TaskField` declares them at `door`; omittable members are optional.
    public static func task(at door: TaskField.Door) -> JSONValue {
        let members = TaskField.members(at: door)
        return object(
            Dictionary(uniqueKeysWithValues: members.map { ($0.member.key, schema(of: $0.member.type)) }),
            optional: Set(members.filter(\.member.omittable).map(\.member.key)))
    }

    /// `ResultFormat.task`: a task in a result or listing.
    public static let task = task(at: .tool)
    /// `ResultFormat.draft`.
    public static let draft = task(at: .draft)

    /// `ToolRefusal.json` (and a door's own `ok:false` for arguments that do not fit): why the call did not run.
    public static let refusal: JSONValue = object(
        [
            "ok": ["enum": [false]],
            "error": string,
            "candidates": array(ResultFormat.candidateSchema),
            "open_subtasks": array(ResultFormat.candidateSchema),
        ],
        optional: ["candidates", "open_subtasks"])

    /// An agent's call stored for the owner's approval (`AgentGate.pendingResult`): a result, not a failure.
    public static let pendingApproval: JSONValue = object([
        "ok": ["enum": [true]],
        "status": ["enum": ["pending_approval"]],
        "approval_id": string,
        "message": string,
    ])

    /// A tool's whole result: its output with `"ok": true`, a refusal, or a call waiting for approval.
    public static func result<Output: ToolOutput>(of output: Output.Type) -> JSONValue {
        var done = Output.schema.objectValue ?? [:]
        var properties = done["properties"]?.objectValue ?? [:]
        properties["ok"] = ["enum": [true]]
        done["properties"] = .object(properties)
        done["required"] = .array(((done["required"]?.arrayValue ?? []) + ["ok"]).sorted { ($0.stringValue ?? "") < ($1.stringValue ?? "") })
        return [
            "$schema": .string(Schema.dialect),
            "type": "object",
            "anyOf": [.object(done), refusal, pendingApproval],
        ]
    }
}

extension Tool {
    /// The JSON Schema of every result the tool can return (`OutputSchema.result`).
    public static var outputSchema: JSONValue { OutputSchema.result(of: Output.self) }

    /// Nil when `result` is one the tool may return (fits `outputSchema`), else what does not fit.
    public static func outputProblem(with result: JSONValue) -> String? {
        SchemaValidator.problem(with: result, against: outputSchema)
    }

    /// The `outputSchema` `tools/list` shows: the exact one cut to the envelope and each record's
    /// identifying members (`ListedOutputSchema`).
    public static var listedOutputSchema: JSONValue { ListedOutputSchema.of(Output.self) }

    /// Nil when `result` fits the listed `outputSchema`, else what does not fit.
    public static func listedOutputProblem(with result: JSONValue) -> String? {
        SchemaValidator.problem(with: result, against: listedOutputSchema)
    }

    /// The definition with its listed `outputSchema`, as `tools/list` shows it.
    public static var listedDefinition: ToolDefinition {
        var listed = definition
        listed.outputSchema = listedOutputSchema
        return listed
    }
}

extension TaskToolkit {
    /// The standard catalogue with output schemas, built once per process.
    private static let listedStandardTools = standardTools.map { $0.listedDefinition }

    /// The catalogue as `tools/list` shows it: each definition with its `outputSchema`.
    public var listedTools: [ToolDefinition] {
        if toolTypes.map(ObjectIdentifier.init) == Self.standardTools.map(ObjectIdentifier.init) { return Self.listedStandardTools }
        return toolTypes.map { $0.listedDefinition }
    }
}
