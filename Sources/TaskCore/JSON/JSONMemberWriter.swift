import Foundation

/// Where one JSON object's members go, one call per member in sorted key order: a tree
/// (`JSONTreeMembers`) or bytes in an output buffer (`JSONByteMembers`). A shape written once against
/// this protocol is both, byte for byte the same once encoded. Times are ISO 8601 in the writer's zone.
public protocol JSONMemberWriter {
    mutating func string(_ key: String, _ value: String?)
    mutating func int(_ key: String, _ value: Int?)
    mutating func bool(_ key: String, _ value: Bool)
    mutating func strings(_ key: String, _ values: [String])
    mutating func date(_ key: String, _ value: Date?)
    mutating func value(_ key: String, _ value: JSONValue)
}

extension JSONMemberWriter {
    /// A due: the day alone (`2026-12-10`) when it is date-only, else the date and time.
    @inlinable public mutating func due(_ key: String, _ date: Date?, day: LocalDate?) {
        if date != nil, let day { string(key, day.description) } else { self.date(key, date) }
    }

    /// A reminder: minutes before the due as a number, an instant as its time.
    @inlinable public mutating func remind(_ key: String, _ setting: ReminderSetting) {
        switch setting {
        case .minutesBefore(let minutes): int(key, minutes)
        case .at(let instant): date(key, instant)
        }
    }
}
