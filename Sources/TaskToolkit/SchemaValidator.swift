import Foundation
import Synchronization
import TaskCore

/// Checks tool arguments against the subset of JSON Schema (2020-12) the catalogue uses:
/// `type` (one or several), `oneOf` and `anyOf` (both read as "any of": the catalogue's options never
/// overlap), `properties`, `required`, `additionalProperties: false`, `enum`,
/// `items`, `minimum`, `maximum`, `minLength`, and `$ref` to the root's `$defs` (`#/$defs/NAME`).
///
/// Every door gets the same verdict because the schema sent to clients is the one checked here.
struct SchemaValidator {
    /// Returns nil when `value` is a result `tool` may return (`Tool.outputSchema`), else what is wrong.
    static func problem<T: Tool>(with value: JSONValue, forOutputOf tool: T.Type) -> String? {
        problem(with: value, against: tool.outputSchema)
    }

    /// Returns nil when `value` fits `schema`, else one sentence naming the argument and the problem.
    static func problem(with value: JSONValue, against schema: JSONValue, at path: String = "") -> String? {
        problem(with: value, against: Compiled(schema), at: { path })
    }

    /// `problem(with:against:)` for a tool's input schema, read once per process (`Compiled`): a
    /// `call --batch` line is checked without walking the schema's dictionaries again.
    static func problem<T: Tool>(with value: JSONValue, forInputOf tool: T.Type) -> String? {
        let key = ObjectIdentifier(tool)
        let compiled = lastCompiled.withLock { $0.key == key ? $0.schema : nil } ?? {
            let made = Compiled(tool.definition.inputSchema)
            lastCompiled.withLock { $0 = LastCompiled(key: key, schema: made) }
            return made
        }()
        return problem(with: value, against: compiled, at: { "" })
    }

    /// The last tool's reading: a batch calls one tool line after line. (One slot rather than a
    /// dictionary: a new generic dictionary type costs a single call ~0.4 M instructions to set up.)
    private struct LastCompiled: Sendable {
        var key: ObjectIdentifier?
        var schema: Compiled?
    }

    private static let lastCompiled = Mutex(LastCompiled())

    /// A schema's keywords read out of its JSON once.
    final class Compiled: Sendable {
        let oneOf: [Compiled]?
        let types: [String]?
        let enumValues: [JSONValue]?
        let minimum: Double?
        let maximum: Double?
        let minLength: Int?
        let items: Compiled?
        let properties: [String: Compiled]
        let required: [String]
        let closed: Bool

        /// Reads `schema`; `defs` are the root's `$defs` (nil: `schema` is the root).
        init(_ schema: JSONValue, defs: [String: JSONValue]? = nil) {
            let defs = defs ?? schema["$defs"]?.objectValue ?? [:]
            var schema = schema
            if let ref = schema["$ref"]?.stringValue, ref.hasPrefix("#/$defs/"), let target = defs[String(ref.dropFirst(8))] {
                schema = target
            }
            let compile = { (s: JSONValue) in Compiled(s, defs: defs) }
            oneOf = (schema["oneOf"] ?? schema["anyOf"])?.arrayValue?.map(compile)
            types = SchemaValidator.allowedTypes(schema)
            enumValues = schema["enum"]?.arrayValue
            minimum = schema["minimum"]?.doubleValue
            maximum = schema["maximum"]?.doubleValue
            minLength = schema["minLength"]?.intValue
            items = schema["items"].map(compile)
            let raw = schema["properties"]?.objectValue ?? [:]
            properties = raw.mapValues(compile)
            required = (schema["required"]?.arrayValue ?? []).compactMap(\.stringValue)
            closed = schema["additionalProperties"] == .bool(false)
        }

        /// The property names, sorted and joined, for the unknown-argument message. Made only then:
        /// the generic `joined` costs a process's first call a scan of the binary's conformances.
        var known: String {
            properties.keys.sorted().joined(separator: ", ")
        }
    }

    /// The checks, in order; `path` names the argument and is only made when there is a problem.
    private static func problem(with value: JSONValue, against schema: Compiled, at path: () -> String) -> String? {
        func name() -> String { path().isEmpty ? "the arguments" : "argument '\(path())'" }
        if let options = schema.oneOf {
            let problems = options.map { problem(with: value, against: $0, at: path) }
            if !problems.contains(where: { $0 == nil }) {
                // The option of the value's type says what is wrong inside it; else name the types.
                if let typed = options.indices.first(where: { options[$0].types?.contains { matches(value, type: $0) } ?? false }) {
                    return problems[typed]
                }
                let expected = options.compactMap(\.types).flatMap { $0 }.map(article).joined(separator: " or ")
                return "\(name()) must be \(expected), not \(article(value.typeName))"
            }
        }
        if let types = schema.types, !types.contains(where: { matches(value, type: $0) }) {
            let expected = types.map(article).joined(separator: " or ")
            return "\(name()) must be \(expected), not \(article(value.typeName))"
        }
        if let options = schema.enumValues, !options.contains(value) {
            let list = options.map { $0.stringValue ?? $0.encoded() }.joined(separator: ", ")
            return "\(name()) must be one of: \(list)"
        }
        if let minimum = schema.minimum, let v = value.doubleValue, v < minimum {
            return "\(name()) must be at least \(format(minimum))"
        }
        if let maximum = schema.maximum, let v = value.doubleValue, v > maximum {
            return "\(name()) must be at most \(format(maximum))"
        }
        if let minLength = schema.minLength, let s = value.stringValue,
            s.trimmed().count < minLength
        {
            return "\(name()) must not be empty"
        }
        if case .array(let items) = value, let itemSchema = schema.items {
            for (i, item) in items.enumerated() {
                if let problem = problem(with: item, against: itemSchema, at: { "\(path())[\(i)]" }) { return problem }
            }
        }
        if case .object(let members) = value {
            for key in schema.required where members[key] == nil {
                return "missing required argument '\(join(path(), key))'"
            }
            if schema.closed, members.keys.contains(where: { schema.properties[$0] == nil }) {
                for key in members.keys.sorted() where schema.properties[key] == nil {
                    return "unknown argument '\(join(path(), key))'" + (schema.known.isEmpty ? "" : "; expected: \(schema.known)")
                }
            }
            // In sorted order, so the first problem named is the same every time.
            let keys = members.count == 1 ? Array(members.keys) : members.keys.sorted()
            for key in keys {
                guard let member = members[key], let propertySchema = schema.properties[key] else { continue }
                if let problem = problem(with: member, against: propertySchema, at: { join(path(), key) }) { return problem }
            }
        }
        return nil
    }

    private static func allowedTypes(_ schema: JSONValue) -> [String]? {
        switch schema["type"] {
        case .string(let t): return [t]
        case .array(let ts): return ts.compactMap(\.stringValue)
        default: return nil
        }
    }

    private static func matches(_ value: JSONValue, type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("string", .string), ("array", .array), ("object", .object): return true
        case ("integer", _): return value.intValue != nil
        case ("number", .int), ("number", .double): return true
        default: return false
        }
    }

    private static func article(_ type: String) -> String {
        switch type {
        case "integer", "object", "array": return "an \(type)"
        case "null": return "null"
        default: return "a \(type)"
        }
    }

    private static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    private static func format(_ d: Double) -> String { d.rounded() == d ? String(Int(d)) : String(d) }
}
