import Foundation
internal import CICal

/// A calendar parsed once by libical and kept for repeated expansion (each plan asks for its day).
///
/// Owns the libical component tree and frees it in `deinit`; used only under `ICalendarReader`'s lock.
public final class ParsedCalendar: @unchecked Sendable {
    /// The calendar's name, as events carry it.
    public let name: String
    let root: OpaquePointer
    /// The VEVENT components, in file order (overrides included).
    let events: [OpaquePointer]

    init(name: String, root: OpaquePointer, events: [OpaquePointer]) {
        self.name = name
        self.root = root
        self.events = events
    }

    deinit { icalcomponent_free(root) }

    /// The number of VEVENT components (overrides included).
    public var eventCount: Int { events.count }
}
