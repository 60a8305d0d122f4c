import TaskCore

/// The `outputSchema` `tools/list` shows: a tool's exact result schema (`Tool.outputSchema`) cut to
/// what a client pays for in every conversation, by one rule for every tool.
///
/// The envelope stays exact: `ok` and each member the tool's result writes, with its type, and so does
/// every object that only groups others (a plan, a review's sections). The records inside (a task, a
/// page, a project, a template: objects with an `id`, `title` or `name`) keep their identifying members
/// (`id`, `title`, `name`, `due`, `status`) and leave the rest open, and a record shape used more than once in a tool is
/// written once under `$defs` and named by `$ref` (the official Python SDK resolves these within the
/// schema). A refusal (`ok: false, error, candidates`) and a call waiting for approval (`status`,
/// `approval_id`, `message`) fit the same open envelope. Every result that fits the exact schema fits
/// this one (`GoldenOutputSchemaTests`, `ListedOutputSchemaTests`); the full member lists are in docs/AGENTS.md.
public enum ListedOutputSchema {
    /// The members a record keeps in the listed schema.
    static let identity: Set<String> = ["id", "title", "name", "due", "status"]

    /// The listed form of `Output`'s result schema.
    public static func of<Output: ToolOutput>(_ output: Output.Type) -> JSONValue {
        var properties: [String: JSONValue] = ["ok": OutputSchema.boolean]
        for (key, member) in Output.schema["properties"]?.objectValue ?? [:] where key != "ok" {
            properties[key] = record(member)
        }
        let root: [String: JSONValue] = ["type": "object", "properties": .object(properties), "required": ["ok"]]
        return sharingRecords(.object(root))
    }

    /// `schema` with descriptions and closing keywords dropped; an object with an identifying member
    /// keeps only those.
    static func record(_ schema: JSONValue) -> JSONValue {
        guard case .object(let keywords) = schema else { return schema }
        var out: [String: JSONValue] = [:]
        for (key, value) in keywords {
            switch key {
            case "description", "additionalProperties", "required", "$schema": continue
            case "items": out[key] = record(value)
            case "anyOf", "oneOf": out[key] = .array((value.arrayValue ?? []).map(record))
            case "properties":
                let members = value.objectValue ?? [:]
                let isRecord = members.keys.contains { ["id", "title", "name"].contains($0) }
                let kept = isRecord ? members.filter { identity.contains($0.key) } : members
                if !kept.isEmpty { out[key] = .object(kept.mapValues(record)) }
            default: out[key] = value
            }
        }
        return .object(out)
    }

    /// `root` with each record shape that appears more than once written once under `$defs`.
    static func sharingRecords(_ root: JSONValue) -> JSONValue {
        var counts: [JSONValue: Int] = [:]
        func count(_ schema: JSONValue, isRoot: Bool) {
            guard case .object(let keywords) = schema else { return }
            if !isRoot, keywords["properties"] != nil { counts[strippedNull(schema), default: 0] += 1 }
            for (key, value) in keywords {
                switch key {
                case "properties": value.objectValue?.values.forEach { count($0, isRoot: false) }
                case "items": count(value, isRoot: false)
                case "anyOf", "oneOf": value.arrayValue?.forEach { count($0, isRoot: false) }
                default: break
                }
            }
        }
        count(root, isRoot: true)
        let shared = counts.filter { $0.value > 1 }.keys.sorted { $0.encoded() < $1.encoded() }
        guard !shared.isEmpty else { return root }
        var names: [JSONValue: String] = [:]
        for shape in shared {
            let members = shape["properties"]?.objectValue ?? [:]
            let base = members["status"] != nil ? "task" : members["id"] != nil ? "record" : "item"
            var name = base
            var n = 2
            while names.values.contains(name) { name = base + String(n); n += 1 }
            names[shape] = name
        }
        func replace(_ schema: JSONValue, isRoot: Bool) -> JSONValue {
            guard case .object(var keywords) = schema else { return schema }
            if !isRoot, let name = names[strippedNull(schema)] {
                let ref: JSONValue = ["$ref": .string("#/$defs/\(name)")]
                return isNullable(schema) ? ["anyOf": [ref, ["type": "null"]]] : ref
            }
            for (key, value) in keywords {
                switch key {
                case "properties": keywords[key] = .object((value.objectValue ?? [:]).mapValues { replace($0, isRoot: false) })
                case "items": keywords[key] = replace(value, isRoot: false)
                case "anyOf", "oneOf": keywords[key] = .array((value.arrayValue ?? []).map { replace($0, isRoot: false) })
                default: break
                }
            }
            return .object(keywords)
        }
        var result = replace(root, isRoot: true).objectValue ?? [:]
        result["$defs"] = .object(Dictionary(uniqueKeysWithValues: names.map { ($0.value, $0.key) }))
        return .object(result)
    }

    /// `schema` as its non-null form: `["object", "null"]` read as `"object"`.
    private static func strippedNull(_ schema: JSONValue) -> JSONValue {
        guard isNullable(schema), case .object(var keywords) = schema else { return schema }
        keywords["type"] = "object"
        return .object(keywords)
    }

    private static func isNullable(_ schema: JSONValue) -> Bool {
        schema["type"]?.arrayValue?.contains("null") ?? false
    }
}
