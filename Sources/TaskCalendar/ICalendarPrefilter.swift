import TaskCore

/// Drops, before libical parses a calendar, the VEVENTs that surely lie outside the days asked for.
///
/// libical's parser costs thousands of instructions a line, and a calendar of years holds mostly
/// events far from the day being planned. Judged from the written dates alone (the 8 digits of
/// DTSTART and DTEND, no zone lookup), an event is dropped when it starts after the last day, or when
/// it does not recur and ends before the first day (or, with neither DTEND nor DURATION, starts
/// before it); a series by RRULE starts no instance before its DTSTART. Everything unsure is kept:
/// events with RDATE or RECURRENCE-ID (an override must meet its master), a rule or a DURATION
/// (unless it starts after the window), unreadable dates,
/// and every other component (VTIMEZONE above all). The caller widens the window by the largest
/// zone offset, so the kept text gives the same busy time for those days as the whole file.
enum ICalendarPrefilter {
    /// `text` without the VEVENTs that surely fall outside days `first...last` (days since 1970).
    static func keeping(days first: Int, _ last: Int, of text: String) -> String {
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count / 4)
        var block: Range<Int>?  // the VEVENT being read, from its BEGIN line
        var depth = 0  // components open inside that VEVENT (VALARM …)
        var event = EventDates()
        var lineStart = 0
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count && bytes[lineEnd] != 0x0A { lineEnd += 1 }
            let next = min(lineEnd + 1, bytes.count)
            let line = lineStart..<(lineEnd > lineStart && bytes[lineEnd - 1] == 0x0D ? lineEnd - 1 : lineEnd)
            if let open = block {
                if starts(bytes, line, "BEGIN:") {
                    depth += 1
                } else if starts(bytes, line, "END:") {
                    if depth == 0 {
                        if event.keep(first: first, last: last) { out.append(contentsOf: bytes[open.lowerBound..<next]) }
                        block = nil
                    } else {
                        depth -= 1
                    }
                } else if depth == 0 {
                    event.read(bytes, line)
                }
                if block != nil { block = open.lowerBound..<next }
            } else if equals(bytes, line, "BEGIN:VEVENT") {
                block = lineStart..<next
                depth = 0
                event = EventDates()
            } else {
                out.append(contentsOf: bytes[lineStart..<next])
            }
            lineStart = next
        }
        if let open = block { out.append(contentsOf: bytes[open]) }  // an unfinished event: libical decides
        return String(decoding: out, as: UTF8.self)
    }

    /// What one VEVENT's own lines say about when it happens.
    struct EventDates {
        var start: Int?
        var end: Int?
        var hasDuration = false
        /// An RRULE or EXRULE: instances on and after DTSTART only.
        var hasRule = false
        /// An RDATE (a date anywhere) or a RECURRENCE-ID (an override must meet its master): always kept.
        var mustKeep = false
        var unreadable = false

        mutating func read(_ bytes: [UInt8], _ line: Range<Int>) {
            guard let first = line.first, bytes[first] != 0x20, bytes[first] != 0x09 else { return }  // a folded continuation
            if named(bytes, line, "RRULE") || named(bytes, line, "EXRULE") {
                hasRule = true
            } else if named(bytes, line, "RDATE") || named(bytes, line, "RECURRENCE-ID") {
                mustKeep = true
            } else if named(bytes, line, "DURATION") {
                hasDuration = true
            } else if named(bytes, line, "DTSTART") {
                start = day(bytes, line)
                if start == nil { unreadable = true }
            } else if named(bytes, line, "DTEND") {
                end = day(bytes, line)
                if end == nil { unreadable = true }
            }
        }

        func keep(first: Int, last: Int) -> Bool {
            guard !mustKeep, !unreadable, let start else { return true }
            if start > last { return false }
            if hasRule || hasDuration { return true }
            if let end { return max(end, start) >= first }
            return start >= first
        }

        /// The day of a DTSTART or DTEND value (`…:20261202T100000Z` or `…:20261202`), from its 8 digits.
        private func day(_ bytes: [UInt8], _ line: Range<Int>) -> Int? {
            guard let colon = line.last(where: { bytes[$0] == 0x3A }), colon + 9 <= line.upperBound else { return nil }
            let digits = (colon + 1)..<(colon + 9)
            var value = 0
            for i in digits {
                guard bytes[i] >= 0x30 && bytes[i] <= 0x39 else { return nil }
                value = value * 10 + Int(bytes[i] - 0x30)
            }
            let (y, m, d) = (value / 10_000, value / 100 % 100, value % 100)
            guard (1...12).contains(m), d >= 1, d <= LocalDate.daysIn(month: m, year: y) else { return nil }
            return LocalDate(year: y, month: m, day: d).daysSinceEpoch
        }
    }

    /// Whether the line starts with `prefix` (ASCII, case-insensitive, as iCalendar names are).
    static func starts(_ bytes: [UInt8], _ line: Range<Int>, _ prefix: StaticString) -> Bool {
        let p = UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
        guard line.count >= p.count else { return false }
        for (i, c) in p.enumerated() where bytes[line.lowerBound + i] | 0x20 != c | 0x20 { return false }
        return true
    }

    /// Whether the line is the property `name` (followed by its parameters or its value).
    static func named(_ bytes: [UInt8], _ line: Range<Int>, _ name: StaticString) -> Bool {
        let after = line.lowerBound + name.utf8CodeUnitCount
        return after < line.upperBound && (bytes[after] == 0x3A || bytes[after] == 0x3B) && starts(bytes, line, name)
    }

    static func equals(_ bytes: [UInt8], _ line: Range<Int>, _ text: StaticString) -> Bool {
        line.count == text.utf8CodeUnitCount && starts(bytes, line, text)
    }
}
