import Foundation

/// How a task repeats: an RFC 5545 recurrence rule (FREQ, INTERVAL, BYDAY with ordinals, BYMONTHDAY,
/// BYMONTH, BYSETPOS, COUNT, UNTIL, WKST) and the kind of repeat (what completing an occurrence does).
///
/// The rule part is exactly what an RRULE says, so every calendar client expands a series the same
/// way (`RecurrenceRule+Occurrence`); `rrule` and `init(rrule:)` are its text (`RecurrenceRule+RRULE`),
/// `json` its wire form (`RecurrenceRule+JSON`), `text` its English (`RecurrenceRule+Text`).
/// An RRULE with parts Tasker has no field for (BYHOUR, BYWEEKNO, FREQ=HOURLY…) is read as the nearest
/// rule Tasker can follow, and its text is kept in `verbatim`, which `rrule` writes back unchanged.
///
/// Lists are kept sorted and without repeats; `interval` and `count` are at least 1.
public struct RecurrenceRule: Sendable, Hashable {
    public enum Frequency: String, Sendable, Hashable, CaseIterable {
        case daily, weekly, monthly, yearly
    }

    /// What completing an occurrence does.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The next due is the rule's next occurrence after the previous due, even if that is past.
        case onSchedule = "on_schedule"
        /// The next due is the rule's first occurrence after the previous due that is not already
        /// missed: later than now for a timed due, today or later for a date-only one. The default.
        case skipMissed = "skip_missed"
        /// The next due is counted from the day the task was done (`every 3 days after I do it`).
        case afterCompletion = "after_completion"
    }

    /// One BYDAY entry: a weekday, every one in the period (`ordinal` 0, `MO`) or the nth of the
    /// month or year (`1TU`, `-1FR`: the last Friday). Ordinals count only in monthly and yearly rules.
    public struct Day: Sendable, Hashable, Comparable {
        public var weekday: Weekday
        /// 0 for every such weekday; 1…53 from the start, −1…−53 from the end.
        public var ordinal: Int

        public init(_ weekday: Weekday, _ ordinal: Int = 0) {
            self.weekday = weekday
            self.ordinal = ordinal
        }

        public static func < (a: Day, b: Day) -> Bool {
            // Every-week days first, then 1st…5th, then the last, second to last…
            func rank(_ n: Int) -> Int { n == 0 ? 0 : n > 0 ? n : 100 - n }
            return (rank(a.ordinal), a.weekday.isoNumber) < (rank(b.ordinal), b.weekday.isoNumber)
        }
    }

    /// When a series ends (RRULE `UNTIL`), in the form the rule was given: a day (a date-only
    /// series, inclusive), an instant (`…Z`, a timed series) or a floating wall time (read in the
    /// task's zone).
    public enum Until: Sendable, Hashable {
        case day(LocalDate)
        case instant(Date)
        case wallTime(LocalDateTime)
    }

    public var frequency: Frequency
    public var interval: Int
    /// BYDAY: sorted, every-week days first.
    public var days: [Day]
    /// BYMONTHDAY: 1…31 or −31…−1 (−1 is the month's last day); from-the-start days first.
    public var monthDays: [Int]
    /// BYMONTH: 1…12.
    public var months: [Int]
    /// BYSETPOS: which of each period's candidates are kept (−1 is the last: `BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1`).
    public var positions: [Int]
    /// COUNT: how many occurrences are left, this one included; nil for no limit.
    public var count: Int?
    /// UNTIL: the last moment an occurrence may have; nil for no end.
    public var until: Until?
    /// WKST: the day weeks start on for weekly rules with an interval (Monday by default).
    public var weekStart: Weekday
    public var kind: Kind
    /// The RRULE text as another client wrote it, when it says more than this rule can; written back as it is.
    public var verbatim: String?

    /// A plain rule: every `interval` days, weeks, months or years, on `weekdays` when given.
    public init(frequency: Frequency, interval: Int = 1, weekdays: [Weekday] = []) {
        self.init(frequency: frequency, interval: interval, days: weekdays.map { Day($0) })
    }

    /// Any rule; lists are sorted and deduplicated, values out of range are dropped.
    public init(
        frequency: Frequency, interval: Int = 1, days: [Day] = [], monthDays: [Int] = [], months: [Int] = [],
        positions: [Int] = [], count: Int? = nil, until: Until? = nil, weekStart: Weekday = .mon,
        kind: Kind = .skipMissed, verbatim: String? = nil
    ) {
        self.frequency = frequency
        self.interval = max(1, interval)
        self.days = RecurrenceRule.sortedOnce(days.filter { (-53...53).contains($0.ordinal) })
        self.monthDays = RecurrenceRule.ordered(monthDays.filter { $0 != 0 && (-31...31).contains($0) })
        self.months = RecurrenceRule.sortedOnce(months.filter { (1...12).contains($0) })
        self.positions = RecurrenceRule.ordered(positions.filter { $0 != 0 && (-366...366).contains($0) })
        self.count = count.map { max(1, $0) }
        self.until = until
        self.weekStart = weekStart
        self.kind = kind
        self.verbatim = verbatim
    }

    /// Without repeats, in order (a list of none or one is already so: no set is made).
    static func sortedOnce<T: Hashable & Comparable>(_ items: [T]) -> [T] {
        items.count <= 1 ? items : Array(Set(items)).sorted()
    }

    /// Without repeats, counted-from-the-start numbers first (1, 15), then from the end (−1, −2).
    static func ordered(_ numbers: [Int]) -> [Int] {
        if numbers.count <= 1 { return numbers }  // most rules: no set to make
        return Array(Set(numbers)).sorted { ($0 < 0 ? 1_000 - $0 : $0) < ($1 < 0 ? 1_000 - $1 : $1) }
    }

    /// The BYDAY weekdays with no ordinal (`every mon and thu`); setting it keeps the ordinal days.
    public var weekdays: [Weekday] {
        get { days.filter { $0.ordinal == 0 }.map(\.weekday) }
        set { days = Array(Set(days.filter { $0.ordinal != 0 } + newValue.map { Day($0) })).sorted() }
    }

    /// Whether the rule says nothing but FREQ, INTERVAL and plain weekdays (what Tasker had before issue 40).
    public var isPlain: Bool {
        days.allSatisfy { $0.ordinal == 0 } && monthDays.isEmpty && months.isEmpty && positions.isEmpty
            && count == nil && until == nil && weekStart == .mon && verbatim == nil
    }

    /// The same rule with another kind.
    public func with(kind: Kind) -> RecurrenceRule {
        var r = self
        r.kind = kind
        return r
    }
}

extension Weekday {
    /// The two-letter iCalendar code: `MO` … `SU`.
    public var icsCode: String { String(rawValue.prefix(2)).uppercased() }

    /// The weekday of a two-letter iCalendar code (any case); nil for anything else.
    public init?(icsCode: some StringProtocol) {
        guard let day = Weekday.allCases.first(where: { $0.icsCode == icsCode.uppercased() }) else { return nil }
        self = day
    }
}

extension RecurrenceRule {
    /// The rule a series set up on `day` follows so that it keeps to the month's end: a plain monthly
    /// rule from the 29th–31st becomes `BYMONTHDAY=31,-1;BYSETPOS=1` (the 31st, or the last day of a
    /// shorter month: Jan 31 → Feb 28 → Mar 31), a plain yearly rule from Feb 29 becomes
    /// `BYMONTH=2;BYMONTHDAY=29,-1;BYSETPOS=1` (Feb 28 outside leap years). Said in RFC 5545 terms, so
    /// every client expands it the same; plain `FREQ=MONTHLY` from the 31st would skip shorter months.
    /// A rule already in this form is taken back to plain first (a series moved to another day keeps
    /// to that day); any other rule is returned as it is.
    public func keepingMonthEnd(from day: LocalDate) -> RecurrenceRule {
        guard verbatim == nil, days.isEmpty else { return self }
        var plain = self
        if let d = monthEndDay {
            plain.monthDays = []
            plain.positions = []
            if frequency == .yearly && d == 29 { plain.months = [] }
        }
        guard plain.monthDays.isEmpty, plain.positions.isEmpty else { return self }
        switch frequency {
        case .monthly where day.day >= 29:
            plain.monthDays = [day.day, -1]
            plain.positions = [1]
        case .yearly where day.month == 2 && day.day == 29 && (plain.months.isEmpty || plain.months == [2]):
            plain.months = [2]
            plain.monthDays = [29, -1]
            plain.positions = [1]
        default: break
        }
        return plain
    }

    /// The day (29–31) of a rule in the form `keepingMonthEnd` writes; nil for any other rule.
    public var monthEndDay: Int? {
        guard days.isEmpty, positions == [1], monthDays.count == 2, monthDays[1] == -1, monthDays[0] >= 29 else { return nil }
        switch frequency {
        case .monthly: return monthDays[0]
        case .yearly where months == [2] && monthDays[0] == 29: return 29
        default: return nil
        }
    }
}

extension RecurrenceRule {
    /// The rule with UNTIL in the form RFC 5545 requires beside its due: a day for a date-only series,
    /// an instant (UTC) for a timed one — a day becomes the end of that day (23:59:59) in `timeZone`, a
    /// floating wall time that moment in `timeZone`. python-dateutil and libical refuse a day UNTIL
    /// beside a zoned DTSTART. A verbatim rule is returned as it is.
    public func untilMatching(dateOnly: Bool, in timeZone: TimeZone) -> RecurrenceRule {
        guard verbatim == nil, let until else { return self }
        var r = self
        switch (until, dateOnly) {
        case (.instant(let i), true): r.until = .day(LocalDate(i, in: timeZone))
        case (.wallTime(let w), true): r.until = .day(w.date)
        case (.day(let d), false): r.until = .instant(LocalDateTime(date: d, hour: 23, minute: 59, second: 59).instant(in: timeZone))
        case (.wallTime(let w), false): r.until = .instant(w.instant(in: timeZone))
        default: break
        }
        return r
    }
}
