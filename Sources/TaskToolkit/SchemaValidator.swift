import Foundation
import TaskCore

/// Checks tool arguments against the subset of JSON Schema (2020-12) the catalogue uses:
/// `type` (one or several), `oneOf`, `properties`, `required`, `additionalProperties: false`, `enum`,
/// `items`, `minimum`, `maximum`, `minLength`.
///
/// Every door gets the same verdict because the schema sent to clients is the one checked here.
struct SchemaValidator {
    /// Returns nil when `value` fits `schema`, else one sentence naming the argument and the problem.
    static func problem(with value: JSONValue, against schema: JSONValue, at path: String = "") -> String? {
        // Made only when there is a problem to name (a valid call is the hot path).
        func name() -> String { path.isEmpty ? "the arguments" : "argument '\(path)'" }
        if let options = schema["oneOf"]?.arrayValue {
            let problems = options.map { problem(with: value, against: $0, at: path) }
            if !problems.contains(where: { $0 == nil }) {
                // The option of the value's type says what is wrong inside it; else name the types.
                if let typed = options.indices.first(where: { allowedTypes(options[$0])?.contains { matches(value, type: $0) } ?? false }) {
                    return problems[typed]
                }
                let expected = options.compactMap(allowedTypes).flatMap { $0 }.map(article).joined(separator: " or ")
                return "\(name()) must be \(expected), not \(article(value.typeName))"
            }
        }
        if let types = allowedTypes(schema), !types.contains(where: { matches(value, type: $0) }) {
            let expected = types.map(article).joined(separator: " or ")
            return "\(name()) must be \(expected), not \(article(value.typeName))"
        }
        if let options = schema["enum"]?.arrayValue, !options.contains(value) {
            let list = options.map { $0.stringValue ?? $0.encoded() }.joined(separator: ", ")
            return "\(name()) must be one of: \(list)"
        }
        if let minimum = schema["minimum"]?.doubleValue, let v = value.doubleValue, v < minimum {
            return "\(name()) must be at least \(format(minimum))"
        }
        if let maximum = schema["maximum"]?.doubleValue, let v = value.doubleValue, v > maximum {
            return "\(name()) must be at most \(format(maximum))"
        }
        if let minLength = schema["minLength"]?.intValue, let s = value.stringValue,
            s.trimmed().count < minLength
        {
            return "\(name()) must not be empty"
        }
        if case .array(let items) = value, let itemSchema = schema["items"] {
            for (i, item) in items.enumerated() {
                if let problem = problem(with: item, against: itemSchema, at: "\(path)[\(i)]") { return problem }
            }
        }
        if case .object(let members) = value {
            let properties = schema["properties"]?.objectValue ?? [:]
            for key in (schema["required"]?.arrayValue ?? []).compactMap(\.stringValue)
            where members[key] == nil {
                return "missing required argument '\(join(path, key))'"
            }
            if schema["additionalProperties"] == .bool(false) {
                for key in members.keys.sorted() where properties[key] == nil {
                    let known = properties.keys.sorted().joined(separator: ", ")
                    return "unknown argument '\(join(path, key))'" + (known.isEmpty ? "" : "; expected: \(known)")
                }
            }
            for key in members.keys.sorted() {
                guard let member = members[key], let propertySchema = properties[key] else { continue }
                if let problem = problem(with: member, against: propertySchema, at: join(path, key)) { return problem }
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
