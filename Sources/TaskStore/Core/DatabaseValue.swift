import Foundation
import TaskCore

/// A value bound to a SQL parameter. Dates are stored as integer Unix seconds (UTC).
package enum DatabaseValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    /// Bytes, such as a sealed value (`TaskCrypto`): never read back as text.
    case blob([UInt8])

    package init(_ value: Int?) { self = value.map { .integer(Int64($0)) } ?? .null }
    package init(_ value: Int64?) { self = value.map { .integer($0) } ?? .null }
    package init(_ value: String?) { self = value.map { .text($0) } ?? .null }
    package init(_ value: Bool) { self = .integer(value ? 1 : 0) }

    /// Unix seconds, rounded down.
    package init(_ date: Date?) {
        self = date.map { .integer(Int64(floor($0.timeIntervalSince1970))) } ?? .null
    }
}
