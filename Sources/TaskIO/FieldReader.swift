import Foundation
import TaskCore

/// Reads one JSON object's fields by name and type, remembering which it read, so every other
/// member (and the members of `"x"`) can be kept as extras.
struct FieldReader {
    let members: [String: JSONValue]
    private var used: Set<String> = ["x"]

    init(_ members: [String: JSONValue]) { self.members = members }

    /// The member, nil when absent or null.
    mutating func value(_ key: String) -> JSONValue? {
        used.insert(key)
        guard let v = members[key], !v.isNull else { return nil }
        return v
    }

    mutating func string(_ key: String) throws(FieldError) -> String? {
        guard let v = value(key) else { return nil }
        guard let s = v.stringValue else { throw FieldError(field: key, reason: "must be a string, got \(v.typeName)") }
        return s
    }

    mutating func requiredString(_ key: String) throws(FieldError) -> String {
        guard let s = try string(key) else { throw FieldError(field: key, reason: "is missing") }
        return s
    }

    mutating func int(_ key: String) throws(FieldError) -> Int? {
        guard let v = value(key) else { return nil }
        guard let i = v.intValue else { throw FieldError(field: key, reason: "must be an integer, got \(v.typeName)") }
        return i
    }

    mutating func requiredNumber(_ key: String) throws(FieldError) -> Double {
        guard let v = value(key) else { throw FieldError(field: key, reason: "is missing") }
        guard let d = v.doubleValue, d.isFinite else { throw FieldError(field: key, reason: "must be a number, got \(v.typeName)") }
        return d
    }

    mutating func date(_ key: String) throws(FieldError) -> Date? {
        guard let s = try string(key) else { return nil }
        guard let d = RecordDate.parse(s) else { throw FieldError(field: key, reason: "'\(s)' is not an ISO 8601 time") }
        return d
    }

    mutating func requiredDate(_ key: String) throws(FieldError) -> Date {
        guard let d = try date(key) else { throw FieldError(field: key, reason: "is missing") }
        return d
    }

    mutating func strings(_ key: String) throws(FieldError) -> [String] {
        guard let v = value(key) else { return [] }
        guard let items = v.arrayValue else { throw FieldError(field: key, reason: "must be an array of strings, got \(v.typeName)") }
        var out: [String] = []
        for item in items {
            guard let s = item.stringValue else { throw FieldError(field: key, reason: "must hold only strings") }
            out.append(s)
        }
        return out
    }

    /// A value of a string enum, e.g. `Priority`.
    mutating func choice<T: RawRepresentable & CaseIterable>(_ key: String, _ type: T.Type) throws(FieldError) -> T? where T.RawValue == String {
        guard let s = try string(key) else { return nil }
        guard let v = T(rawValue: s) else {
            throw FieldError(field: key, reason: "'\(s)' is not one of \(T.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return v
    }

    /// A UUID, lower-cased. - Throws: when it is not the 8-4-4-4-12 hex form.
    mutating func uuid(_ key: String) throws(FieldError) -> String? {
        guard let s = try string(key) else { return nil }
        guard let u = RecordUUID.normalized(s) else { throw FieldError(field: key, reason: "'\(s)' is not a UUID") }
        return u
    }

    mutating func requiredUUID(_ key: String) throws(FieldError) -> String {
        guard let u = try uuid(key) else { throw FieldError(field: key, reason: "is missing") }
        return u
    }

    /// Members never read, plus the members of `"x"` (an explicit `"x"` member wins).
    func extras() throws(FieldError) -> [String: JSONValue] {
        var out: [String: JSONValue] = [:]
        for (k, v) in members where !used.contains(k) { out[k] = v }
        if let x = members["x"], !x.isNull {
            guard let object = x.objectValue else { throw FieldError(field: "x", reason: "must be an object, got \(x.typeName)") }
            out.merge(object) { _, new in new }
        }
        return out
    }
}
