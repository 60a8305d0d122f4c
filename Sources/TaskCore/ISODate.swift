import Foundation

/// ISO 8601 dates as every door writes and reads them: `2026-12-03T17:00:00+00:00` (offset of the
/// given zone), and on input also `2026-12-03`, `2026-12-03T17:00`, `…Z`, `…+01:00`, with `T` or a space.
public enum ISODate {
    /// `YYYY-MM-DDTHH:MM:SS±HH:MM` in `timeZone`.
    public static func format(_ date: Date, in timeZone: TimeZone) -> String {
        let offset = timeZone.secondsFromGMT(for: date)
        let sign = offset < 0 ? "-" : "+"
        let abs = Swift.abs(offset)
        return "\(LocalDateTime(date, in: timeZone))\(sign)\(pad(abs / 3600)):\(pad(abs % 3600 / 60))"
    }

    /// Parses ISO 8601. A date alone is that day at `defaultHour` (9:00); a time without an offset is
    /// wall-clock time in `timeZone` (a time inside a DST gap moves forward by the gap).
    /// Returns nil for anything else, including days that do not exist (`2026-02-30`).
    public static func parse(_ text: String, in timeZone: TimeZone, defaultHour: Int = 9) -> Date? {
        let s = Array(text.trimmingCharacters(in: .whitespaces).utf8)
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

    private static func pad(_ n: Int, _ width: Int = 2) -> String {
        let s = String(n)
        return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    }
}
