import Foundation
import TaskCore

/// Builds a record's JSON object, leaving out what is empty (nil, `[]`, `{}`), so exports are
/// short and "absent" and "empty" read the same.
struct JSONObjectBuilder {
    private(set) var members: [String: JSONValue] = [:]

    mutating func set(_ key: String, _ value: String?) { if let value { members[key] = .string(value) } }
    mutating func set(_ key: String, _ value: Int?) { if let value { members[key] = .int(value) } }
    mutating func set(_ key: String, _ value: Date?) { if let value { members[key] = .string(RecordDate.format(value)) } }
    mutating func set(_ key: String, _ values: [String]) { if !values.isEmpty { members[key] = .array(values.map(JSONValue.string)) } }
    mutating func set(_ key: String, _ value: JSONValue?) { if let value, value != .null { members[key] = value } }
    mutating func setExtras(_ extras: [String: JSONValue]) { if !extras.isEmpty { members["x"] = .object(extras) } }

    var value: JSONValue { .object(members) }
}
