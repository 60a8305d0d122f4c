import Foundation
import Synchronization

/// ISO 8601 dates as every door writes and reads them: `2026-12-03T17:00:00+00:00` (offset of the
/// given zone), and on input also `2026-12-03`, `2026-12-03T17:00`, `…Z`, `…+01:00`, with `T` or a space.
public enum ISODate {
    /// `YYYY-MM-DDTHH:MM:SS±HH:MM` in `timeZone`.
    public static func format(_ date: Date, in timeZone: TimeZone) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(25)
        append(date, in: timeZone, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `format(date, in: timeZone)`'s UTF-8 bytes to `out` (how result JSON writes dates).
    public static func append(_ date: Date, in timeZone: TimeZone, to out: inout [UInt8]) {
        let offset = secondsFromGMT(date, in: timeZone)
        let local = Int(date.timeIntervalSince1970.rounded(.down)) + offset
        let days = LocalDate.floorDiv(local, 86_400)
        let day = LocalDate(daysSinceEpoch: days)
        let seconds = local - days * 86_400
        guard (0...9999).contains(day.year) else {
            // Outside four-digit years: LocalDateTime's own text (never met in practice).
            out.append(contentsOf: "\(LocalDateTime(date, in: timeZone))".utf8)
            appendOffset(offset, to: &out)
            return
        }
        // `YYYY-MM-DDTHH:MM:SS±HH:MM`, 25 bytes filled on the stack and appended at once (a byte
        // at a time into `out` checked its uniqueness and capacity 25 times per date).
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 25) { b in
            func two(_ v: Int, at i: Int) {
                b[i] = UInt8(truncatingIfNeeded: 48 + v / 10)
                b[i + 1] = UInt8(truncatingIfNeeded: 48 + v % 10)
            }
            two(day.year / 100, at: 0)
            two(day.year % 100, at: 2)
            b[4] = UInt8(ascii: "-")
            two(day.month, at: 5)
            b[7] = UInt8(ascii: "-")
            two(day.day, at: 8)
            b[10] = UInt8(ascii: "T")
            two(seconds / 3600, at: 11)
            b[13] = UInt8(ascii: ":")
            two(seconds % 3600 / 60, at: 14)
            b[16] = UInt8(ascii: ":")
            two(seconds % 60, at: 17)
            b[19] = offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
            let abs = Swift.abs(offset)
            two(abs / 3600, at: 20)
            b[22] = UInt8(ascii: ":")
            two(abs % 3600 / 60, at: 23)
            out.append(contentsOf: UnsafeBufferPointer(b))
        }
    }

    /// `append` between double quotes: the date as a JSON string (it has nothing to escape).
    public static func appendQuoted(_ date: Date, in timeZone: TimeZone, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        append(date, in: timeZone, to: &out)
        out.append(UInt8(ascii: "\""))
    }

    /// `±HH:MM`.
    private static func appendOffset(_ offset: Int, to out: inout [UInt8]) {
        out.append(offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
        let abs = Swift.abs(offset)
        appendDigits(abs / 3600, 2, to: &out)
        out.append(UInt8(ascii: ":"))
        appendDigits(abs % 3600 / 60, 2, to: &out)
    }

    /// `n` (0 or more) in decimal, zero-padded to at least `width` digits.
    static func appendDigits(_ n: Int, _ width: Int, to out: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<max(width, 1) { divisor *= 10 }
        while n / 10 >= divisor { divisor *= 10 }
        var v = n
        while divisor > 0 {
            out.append(UInt8(truncatingIfNeeded: 48 + v / divisor))
            v %= divisor
            divisor /= 10
        }
    }

    /// `timeZone.secondsFromGMT(for: date)`, remembered per zone for the stretch of time up to its
    /// next transition (`nextDaylightSavingTimeTransition`, which reports every change of offset), so
    /// a list of tasks asks the zone once or twice instead of once per date.
    public static func secondsFromGMT(_ date: Date, in timeZone: TimeZone) -> Int {
        let t = date.timeIntervalSince1970
        let identifier = timeZone.identifier
        if let hit = offsets.withLock({ $0.offset(zone: identifier, at: t) }) { return hit }
        let offset = timeZone.secondsFromGMT(for: date)
        let end = timeZone.nextDaylightSavingTimeTransition(after: date)?.timeIntervalSince1970 ?? .infinity
        offsets.withLock { $0.remember(zone: identifier, from: t, to: end, offset: offset) }
        return offset
    }

    /// The stretches of constant offset met lately (a few; the oldest is replaced).
    struct OffsetCache {
        struct Stretch {
            var zone: String
            var start: Double
            var end: Double
            var offset: Int
        }
        var stretches: [Stretch] = []
        var next = 0
        static let capacity = 8

        func offset(zone: String, at t: Double) -> Int? {
            for s in stretches where s.start <= t && t < s.end && s.zone == zone { return s.offset }
            return nil
        }

        mutating func remember(zone: String, from start: Double, to end: Double, offset: Int) {
            let stretch = Stretch(zone: zone, start: start, end: end, offset: offset)
            if stretches.count < Self.capacity {
                stretches.append(stretch)
            } else {
                stretches[next] = stretch
                next = (next + 1) % Self.capacity
            }
        }
    }

    static let offsets = Mutex(OffsetCache())

    /// Parses ISO 8601. A date alone is that day at `defaultHour` (`WallTime.dateOnlyDue`); a time without an offset is
    /// wall-clock time in `timeZone` (a time inside a DST gap moves forward by the gap).
    /// Returns nil for anything else, including days that do not exist (`2026-02-30`).
    public static func parse(_ text: String, in timeZone: TimeZone, defaultHour: Int = WallTime.dateOnlyDue.hour) -> Date? {
        let s = Array(text.trimmed(newlines: false).utf8)
        func num(_ from: Int, _ count: Int) -> Int? {
            guard from + count <= s.count else { return nil }
            var v = 0
            for i in from..<(from + count) {
                guard s[i] >= 48 && s[i] <= 57 else { return nil }
                v = v * 10 + Int(s[i] - 48)
            }
            return v
        }
        guard s.count >= 10, let y = num(0, 4), s[4] == 45, let mo = num(5, 2), s[7] == 45, let d = num(8, 2),
            (1...12).contains(mo), d >= 1, d <= LocalDate.daysIn(month: mo, year: y)
        else { return nil }
        var hour = defaultHour, minute = 0, second = 0
        var i = 10
        var offsetSeconds: Int?
        if i < s.count {
            guard s[i] == 84 || s[i] == 116 || s[i] == 32, let h = num(i + 1, 2), s.count > i + 3, s[i + 3] == 58,
                let m = num(i + 4, 2), h <= 23, m <= 59
            else { return nil }
            hour = h
            minute = m
            i += 6
            if i < s.count, s[i] == 58 {
                guard let sec = num(i + 1, 2), sec <= 59 else { return nil }
                second = sec
                i += 3
                if i < s.count, s[i] == 46 {  // fractional seconds are ignored
                    i += 1
                    while i < s.count, s[i] >= 48 && s[i] <= 57 { i += 1 }
                }
            }
            if i < s.count {
                if s[i] == 90 || s[i] == 122 {
                    offsetSeconds = 0
                    i += 1
                } else if s[i] == 43 || s[i] == 45 {
                    let sign = s[i] == 45 ? -1 : 1
                    guard let oh = num(i + 1, 2) else { return nil }
                    var om = 0
                    if i + 3 < s.count {
                        if s[i + 3] == 58 {
                            guard let v = num(i + 4, 2) else { return nil }
                            om = v
                            i += 6
                        } else {
                            guard let v = num(i + 3, 2) else { return nil }
                            om = v
                            i += 5
                        }
                    } else {
                        i += 3
                    }
                    guard oh <= 23, om <= 59 else { return nil }
                    offsetSeconds = sign * (oh * 3600 + om * 60)
                }
            }
            guard i == s.count else { return nil }
        }
        if let offsetSeconds {
            let local = LocalDate(year: y, month: mo, day: d).daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + second
            return Date(timeIntervalSince1970: TimeInterval(local - offsetSeconds))
        }
        return LocalDate(year: y, month: mo, day: d).instant(hour: hour, minute: minute, second: second, in: timeZone)
    }
}
