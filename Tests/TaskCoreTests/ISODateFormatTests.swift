import Foundation
import Testing
import TaskerTestSupport
@testable import TaskCore

/// `ISODate.format` writes its text by hand with the zone's offset remembered per stretch between
/// transitions: checked against the zone's own answer and `LocalDateTime`'s text, date by date.
@Suite struct ISODateFormatTests {
    static let zones = ["UTC", "Europe/London", "America/New_York", "Australia/Lord_Howe", "Pacific/Apia", "America/Sao_Paulo",
                        "Asia/Kolkata", "Pacific/Chatham", "Africa/Casablanca", "Europe/Dublin"]

    /// What format wrote before: LocalDateTime's text and the offset from `secondsFromGMT`.
    static func reference(_ date: Date, _ zone: TimeZone) -> String {
        let offset = zone.secondsFromGMT(for: date)
        let abs = Swift.abs(offset)
        func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(LocalDateTime(date, in: zone))\(offset < 0 ? "-" : "+")\(pad(abs / 3600)):\(pad(abs % 3600 / 60))"
    }

    @Test(arguments: zones) func formatMatchesTheZoneEverywhere(name: String) throws {
        let zone = try #require(TimeZone(identifier: name))
        var random = SeededRandom(seed: 7)
        // Random instants 1900–2100 in a shuffled order, then every hour across two DST changes in
        // order and backwards (the cache fills from either side), then the seconds around each change.
        var dates = (0..<3000).map { _ in Date(timeIntervalSince1970: Double(Int64(random.next() % 6_311_390_400) - 2_208_988_800) + 0.5) }
        let start = 1_774_000_000.0  // March 2026
        dates += (0..<24 * 250).map { Date(timeIntervalSince1970: start + Double($0) * 3600) }
        dates += (0..<24 * 250).reversed().map { Date(timeIntervalSince1970: start + Double($0) * 3600 + 1799.9) }
        var t = Date(timeIntervalSince1970: start)
        for _ in 0..<4 {
            guard let change = zone.nextDaylightSavingTimeTransition(after: t) else { break }
            dates += (-3...3).map { change.addingTimeInterval(Double($0)) }
            t = change
        }
        for date in dates {
            #expect(ISODate.secondsFromGMT(date, in: zone) == zone.secondsFromGMT(for: date), "\(date) in \(name)")
            #expect(ISODate.format(date, in: zone) == Self.reference(date, zone), "\(date) in \(name)")
        }
    }

    @Test func zonesDoNotShareRememberedOffsets() throws {
        let date = Date(timeIntervalSince1970: 1_790_000_000)
        for name in Self.zones + Self.zones.reversed() {
            let zone = try #require(TimeZone(identifier: name))
            #expect(ISODate.format(date, in: zone) == Self.reference(date, zone))
        }
        let fixed = try #require(TimeZone(secondsFromGMT: -(9 * 3600 + 30 * 60)))
        #expect(ISODate.format(date, in: fixed) == Self.reference(date, fixed))
    }

    @Test func yearsOutsideFourDigitsKeepLocalDateTimesText() throws {
        let utc = try #require(TimeZone(identifier: "UTC"))
        for seconds in [-62_167_219_200.0 - 86_400, 253_402_300_800.0 + 3600, 0, 946_684_799] {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(ISODate.format(date, in: utc) == Self.reference(date, utc))
        }
    }
}
