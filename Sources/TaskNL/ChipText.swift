import Foundation
import TaskCore

/// The words on the chips, exactly as docs/GRAMMAR.md spells them.
///
/// Public so that chips made outside the grammar (a model's proposals) read the same.
public enum ChipText {
    public static func priority(_ p: Priority) -> String {
        switch p {
        case .low: "Low"
        case .normal: "Normal"
        case .high: "High"
        case .critical: "Critical"
        }
    }

    /// `≈15 min`, `≈2 h`, `≈1 h 30 min`.
    public static func estimate(_ minutes: Int) -> String {
        let h = minutes / 60, m = minutes % 60
        if h == 0 { return "≈\(m) min" }
        return m == 0 ? "≈\(h) h" : "≈\(h) h \(m) min"
    }

    public static func energy(_ e: Energy) -> String {
        switch e {
        case .quick: "Quick"
        case .focused: "Focused"
        case .deep: "Deep work"
        }
    }

    public static func kind(_ k: TaskKind) -> String {
        switch k {
        case .call: "Call"
        case .errand: "Errand"
        case .meeting: "Meeting"
        case .admin: "Admin"
        case .waiting: "Waiting"
        case .idea: "Idea"
        }
    }

    /// `#errands`: a context as a chip.
    public static func context(_ name: String) -> String { "#" + name }

    /// "Arriving at supermarket", "Leaving work".
    public static func place(_ binding: PlaceBinding) -> String {
        (binding.trigger == .arrive ? "Arriving at " : "Leaving ") + binding.place
    }

    /// The due chip for `date` seen from `now` in `timeZone`: `Today, 5:00 PM`, `Tomorrow, 9:00 AM`,
    /// `Fri 4 Dec, 9:00 AM`. Days are calendar days in the zone, so a 23- or 25-hour day changes nothing.
    public static func due(_ date: Date, now: Date, timeZone: TimeZone) -> String {
        let local = LocalDateTime(date, in: timeZone)
        return due(day: local.date, seconds: local.secondsIntoDay, today: LocalDate(now, in: timeZone))
    }

    /// `Today, 5:00 PM`, `Tomorrow, 9:00 AM`, `Fri 4 Dec, 9:00 AM`, `Sat 12 Jun 2027, 9:00 AM`.
    /// Written byte by byte into one string (25 bytes at most for a four-digit year): this is on
    /// every dated line of `parse -`, where interpolating and joining the parts cost ~2,000
    /// instructions.
    static func due(day: LocalDate, seconds: Int, today: LocalDate) -> String {
        String(unsafeUninitializedCapacity: 64) { text in
            var out = ChipBytes(text)
            if day == today {
                out.put("Today")
            } else if day == today.adding(days: 1) {
                out.put("Tomorrow")
            } else {
                out.putDate(day, today: today)
            }
            out.put(", ")
            out.putTime(seconds)
            return out.count
        }
    }

    /// `Starts Mon 7 Dec`, `Starts tomorrow`.
    static func deferred(_ day: LocalDate, today: LocalDate) -> String {
        if day == today { return "Starts today" }
        if day == today.adding(days: 1) { return "Starts tomorrow" }
        return "Starts \(date(day, today: today))"
    }

    /// `Fri 4 Dec`, with the year when it is not this year.
    static func date(_ day: LocalDate, today: LocalDate) -> String {
        String(unsafeUninitializedCapacity: 48) { text in
            var out = ChipBytes(text)
            out.putDate(day, today: today)
            return out.count
        }
    }

    /// `5:00 PM`, `12:00 PM`, `12:30 AM`.
    static func time(_ seconds: Int) -> String {
        String(unsafeUninitializedCapacity: 8) { text in
            var out = ChipBytes(text)
            out.putTime(seconds)
            return out.count
        }
    }

    /// Chip text written into a string's uninitialised bytes (`String(unsafeUninitializedCapacity:)`).
    struct ChipBytes {
        let text: UnsafeMutableBufferPointer<UInt8>
        var count = 0

        init(_ text: UnsafeMutableBufferPointer<UInt8>) { self.text = text }

        mutating func put(_ byte: UInt8) {
            text[count] = byte
            count += 1
        }

        mutating func put(_ word: String) {
            var word = word  // (`withUTF8` reads a small string's bytes in place; `utf8` steps through them)
            word.withUTF8 { for byte in $0 { put(byte) } }
        }

        /// `n` in decimal: at most 20 bytes.
        mutating func put(number n: Int) {
            if n < 0 { put(UInt8(ascii: "-")) }
            let magnitude = n.magnitude
            var divisor: UInt = 1
            while magnitude / divisor >= 10 { divisor *= 10 }
            while divisor > 0 {
                put(UInt8(ascii: "0") + UInt8(magnitude / divisor % 10))
                divisor /= 10
            }
        }

        /// `Fri 4 Dec`, `Sat 12 Jun 2027` (the year when it is not `today`'s): at most 15 bytes for
        /// a four-digit year, 36 for any.
        mutating func putDate(_ day: LocalDate, today: LocalDate) {
            put(Vocabulary.weekdayAbbreviations[day.weekday.isoNumber - 1])
            put(UInt8(ascii: " "))
            put(number: day.day)
            put(UInt8(ascii: " "))
            put(Vocabulary.monthAbbreviations[day.month - 1])
            if day.year != today.year {
                put(UInt8(ascii: " "))
                put(number: day.year)
            }
        }

        /// `5:00 PM`: at most 8 bytes.
        mutating func putTime(_ seconds: Int) {
            let h = seconds / 3_600, m = seconds % 3_600 / 60
            let h12 = h % 12 == 0 ? 12 : h % 12
            put(number: h12)
            put(UInt8(ascii: ":"))
            put(UInt8(ascii: "0") + UInt8(m / 10))
            put(UInt8(ascii: "0") + UInt8(m % 10))
            put(h < 12 ? " AM" : " PM")
        }
    }

    /// `Every day`, `Every weekday`, `Every 2 weeks`, `Every Monday`, `Every 2nd and 4th Fri`: the rule's
    /// own English (`RecurrenceRule.text`, the one place it is said).
    public static func recurrence(_ rule: RecurrenceRule) -> String { rule.text }
}
