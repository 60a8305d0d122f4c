import Foundation
import TaskCore

/// Taskwarrior's time stamps: `20261202T021243Z` (UTC, basic ISO 8601).
enum TaskwarriorDate {
    static func parse(_ text: String) -> Date? {
        let s = Array(text.utf8)
        guard s.count == 16, s[8] == UInt8(ascii: "T"), s[15] == UInt8(ascii: "Z") else {
            return ISODate.parse(text, in: RecordDate.utc)  // also accept extended ISO 8601
        }
        func num(_ from: Int, _ count: Int) -> Int? {
            var v = 0
            for i in from..<(from + count) {
                guard s[i] >= 48 && s[i] <= 57 else { return nil }
                v = v * 10 + Int(s[i] - 48)
            }
            return v
        }
        guard let y = num(0, 4), let mo = num(4, 2), let d = num(6, 2), let h = num(9, 2), let mi = num(11, 2), let se = num(13, 2),
              (1...12).contains(mo), d >= 1, d <= LocalDate.daysIn(month: mo, year: y), h < 24, mi < 60, se < 61
        else { return nil }
        let days = LocalDate(year: y, month: mo, day: d).daysSinceEpoch
        return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + h * 3600 + mi * 60 + se))
    }

    static func format(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
        let day = LocalDate(daysSinceEpoch: days)
        let rest = seconds - days * 86_400
        func pad(_ n: Int, _ width: Int = 2) -> String {
            let s = String(n)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        return "\(pad(day.year, 4))\(pad(day.month))\(pad(day.day))T\(pad(rest / 3600))\(pad(rest % 3600 / 60))\(pad(rest % 60))Z"
    }
}
