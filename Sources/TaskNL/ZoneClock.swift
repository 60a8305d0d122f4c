import Foundation
import TaskCore

/// Moves between instants and wall-clock time in one time zone, without `Calendar`.
///
/// Same rules as `ISODate.wallClock`: a wall time skipped by a DST change moves forward by the gap,
/// a wall time that occurs twice takes the first.
struct ZoneClock: Sendable {
    let timeZone: TimeZone

    /// The local day and seconds since local midnight of `date`.
    func local(_ date: Date) -> (day: CivilDay, seconds: Int) {
        let t = Int(date.timeIntervalSince1970.rounded(.down)) + timeZone.secondsFromGMT(for: date)
        let day = t >= 0 ? t / 86_400 : (t - 86_399) / 86_400
        return (CivilDay(number: day), t - day * 86_400)
    }

    /// The instant at `hour:minute` on `day` in this zone.
    func instant(_ day: CivilDay, hour: Int, minute: Int) -> Date {
        let naive = TimeInterval(day.number * 86_400 + hour * 3_600 + minute * 60)
        let before = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: naive - 43_200))
        let first = naive - TimeInterval(before)
        if timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: first)) == before {
            return Date(timeIntervalSince1970: first)
        }
        let after = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: naive + 43_200))
        let second = naive - TimeInterval(after)
        if timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: second)) == after {
            return Date(timeIntervalSince1970: second)
        }
        return Date(timeIntervalSince1970: first)  // in a gap: forward by the gap
    }
}
