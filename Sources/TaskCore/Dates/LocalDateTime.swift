import Foundation

/// A wall-clock reading with no zone attached: a calendar day and the seconds since its midnight.
///
/// The one place Tasker moves between instants and wall-clock time, with no `Calendar`:
/// `init(_:in:)` reads an instant in a zone and `instant(in:)` goes back. A wall time skipped by a
/// DST change (01:30 on a spring-forward day in London) moves forward by the gap (02:30 BST); a wall
/// time that happens twice (01:30 on a fall-back day) is the first, earlier, of its two instants.
public struct LocalDateTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var date: LocalDate
    /// Seconds since the day's midnight, 0 up to 86,399.
    public var secondsIntoDay: Int

    public init(date: LocalDate, hour: Int, minute: Int, second: Int = 0) {
        self.date = date
        secondsIntoDay = hour * 3_600 + minute * 60 + second
    }

    /// The wall-clock reading of `instant` in `timeZone` (fractions of a second are dropped).
    public init(_ instant: Date, in timeZone: TimeZone) {
        let local = Int(instant.timeIntervalSince1970.rounded(.down)) + timeZone.secondsFromGMT(for: instant)
        let days = LocalDate.floorDiv(local, 86_400)
        date = LocalDate(daysSinceEpoch: days)
        secondsIntoDay = local - days * 86_400
    }

    public var hour: Int { secondsIntoDay / 3_600 }
    public var minute: Int { secondsIntoDay % 3_600 / 60 }
    public var second: Int { secondsIntoDay % 60 }

    /// The instant this wall time happens in `timeZone`: forward by the gap when a DST change skips
    /// it, the first of the two when a DST change repeats it.
    public func instant(in timeZone: TimeZone) -> Date {
        // Read the wall time as if it were UTC, then correct by the zone's offsets a day either side
        // (a day, not half of one: offsets reach +14 h, so half a day can land past the change).
        let naive = TimeInterval(date.daysSinceEpoch * 86_400 + secondsIntoDay)
        let before = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: naive - 86_400))
        // The earlier (pre-change) offset first: gives the first of a repeated hour.
        let first = Date(timeIntervalSince1970: naive - TimeInterval(before))
        if timeZone.secondsFromGMT(for: first) == before { return first }
        let after = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: naive + 86_400))
        let second = Date(timeIntervalSince1970: naive - TimeInterval(after))
        if timeZone.secondsFromGMT(for: second) == after { return second }
        // In a gap neither offset gives this wall time: the pre-change offset moves it forward by the gap.
        return first
    }

    /// `YYYY-MM-DDTHH:MM:SS`.
    public var description: String {
        func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(date)T\(pad(hour)):\(pad(minute)):\(pad(second))"
    }

    public static func < (a: LocalDateTime, b: LocalDateTime) -> Bool {
        (a.date, a.secondsIntoDay) < (b.date, b.secondsIntoDay)
    }
}
