import Foundation

/// A wall-clock time of day (`17:30`) with no day and no zone, as a template's task keeps it.
public struct WallTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var hour: Int
    public var minute: Int

    /// A time from 00:00 to 23:59; nil outside that range.
    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.hour = hour
        self.minute = minute
    }

    /// Parses `HH:MM` (24-hour, two digits each); nil for anything else.
    public init?(text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 2, parts[1].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let h = Int(parts[0]), let m = Int(parts[1])
        else { return nil }
        self.init(hour: h, minute: m)
    }

    /// Minutes since midnight.
    public var minutes: Int { hour * 60 + minute }

    /// `HH:MM`.
    public var description: String {
        (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
    }

    public static func < (a: WallTime, b: WallTime) -> Bool { a.minutes < b.minutes }
}

extension WallTime {
    /// The wall-clock time (seconds dropped) of `date` in `timeZone`.
    public init(_ date: Date, in timeZone: TimeZone) {
        let local = Int(date.timeIntervalSince1970.rounded(.down)) + timeZone.secondsFromGMT(for: date)
        let seconds = local - LocalDate.floorDiv(local, 86_400) * 86_400
        self.hour = seconds / 3600
        self.minute = seconds % 3600 / 60
    }
}
