import Foundation

/// A `JSONMemberWriter` that builds a `JSONValue` object.
public struct JSONTreeMembers: JSONMemberWriter {
    public let timeZone: TimeZone
    public private(set) var members: [String: JSONValue] = [:]

    public init(timeZone: TimeZone) { self.timeZone = timeZone }

    public var object: JSONValue { .object(members) }

    public mutating func string(_ key: String, _ value: String?) { members[key] = .string(value) }
    public mutating func int(_ key: String, _ value: Int?) { members[key] = .int(value) }
    public mutating func bool(_ key: String, _ value: Bool) { members[key] = .bool(value) }
    public mutating func strings(_ key: String, _ values: [String]) { members[key] = .array(values.map(JSONValue.string)) }
    public mutating func date(_ key: String, _ value: Date?) { members[key] = .string(value.map { ISODate.format($0, in: timeZone) }) }
    public mutating func value(_ key: String, _ value: JSONValue) { members[key] = value }
}
