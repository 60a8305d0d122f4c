import Foundation

/// The wait a `Retry-After` header asks for, in either of its forms (RFC 9110, section 10.2.3).
enum RetryAfter {
    /// HTTP-date formats: the preferred IMF-fixdate, then the obsolete RFC 850 and asctime forms.
    private static let dateFormats = ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"]

    /// Seconds to wait for a header `value`: delay-seconds, or an HTTP-date counted from `now` (a date
    /// already past means 0). Nil when the value is neither, or negative.
    static func seconds(_ value: String, now: Date) -> Double? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Double(text) { return seconds >= 0 && seconds.isFinite ? seconds : nil }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        for format in dateFormats {
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return max(0, date.timeIntervalSince(now)) }
        }
        return nil
    }
}
