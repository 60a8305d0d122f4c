import Foundation
import TaskCore

/// Chip texts for fields a model filled, in the grammar's wording (GRAMMAR.md: `≈15 min`,
/// `Tomorrow, 5:00 PM`, `Fri 4 Dec, 9:00 AM`, the year only when not this year).
enum ChipText {
    static func estimate(_ minutes: Int) -> String {
        if minutes < 60 { return "≈\(minutes) min" }
        let (h, m) = (minutes / 60, minutes % 60)
        return m == 0 ? "≈\(h) h" : "≈\(h) h \(m) min"
    }

    static func due(_ date: Date, now: Date, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .weekday], from: date)
        let today = LocalDate(now, in: timeZone)
        let day = LocalDate(date, in: timeZone)
        let tomorrow = LocalDate(now.addingTimeInterval(86_400), in: timeZone)
        let hour = c.hour ?? 0, minute = c.minute ?? 0
        let time = "\(hour % 12 == 0 ? 12 : hour % 12):\(minute < 10 ? "0" : "")\(minute) \(hour < 12 ? "AM" : "PM")"
        let label: String
        if day == today {
            label = "Today"
        } else if day == tomorrow {
            label = "Tomorrow"
        } else {
            let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
            let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
            let year = day.year == today.year ? "" : " \(day.year)"
            label = "\(weekdays[((c.weekday ?? 1) - 1) % 7]) \(day.day) \(months[(day.month - 1) % 12])\(year)"
        }
        return "\(label), \(time)"
    }
}
