import Foundation

/// Counts streaks from completion records: pure arithmetic on days, no storage.
///
/// A completion counts for the day it happened on in the zone the user was in at the time, with
/// the day starting at `dayStart` (04:00 by default: a task finished at 01:30 counts for the day
/// before). Days are calendar days, not 24-hour spans, so a daylight-saving change neither breaks
/// nor doubles a streak, and a flight across zones keeps each completion on the day it was lived.
///
/// - Project and context streaks: consecutive days with at least one completion. The current run
///   is still going when its last day is today or yesterday (today is not over yet).
/// - Series streaks: consecutive occurrences of a recurring task completed on their own day (the
///   due's day, read with the same day start; an occurrence with no due counts whenever it is done).
///   An occurrence done on another day breaks the run; so does an open occurrence whose day passed.
public struct StreakCounter: Sendable {
    /// When a day starts on the wall clock.
    public var dayStart: WallTime
    public var now: Date
    /// The user's zone now (for "today" and for open occurrences).
    public var timeZone: TimeZone

    public static let defaultDayStart = WallTime(hour: 4, minute: 0)!

    public init(now: Date, timeZone: TimeZone, dayStart: WallTime = StreakCounter.defaultDayStart) {
        self.now = now
        self.timeZone = timeZone
        self.dayStart = dayStart
    }

    /// The streak day `instant` belongs to in `zone`: its wall-clock date, less `dayStart`.
    public func day(of instant: Date, in zone: TimeZone) -> LocalDate {
        let local = Int(instant.timeIntervalSince1970.rounded(.down)) + zone.secondsFromGMT(for: instant)
        return LocalDate(daysSinceEpoch: LocalDate.floorDiv(local - dayStart.minutes * 60, 86_400))
    }

    /// The streak day it is now.
    public var today: LocalDate { day(of: now, in: timeZone) }

    /// Every streak of every kind, each kind ordered by current run, then longest, then name.
    public func streaks(_ records: [CompletionRecord], openDue: [String: Date] = [:]) -> [Streak] {
        series(records, openDue: openDue) + projects(records) + contexts(records)
    }

    /// One streak per recurring series. `openDue` is the due of each series' open occurrence.
    public func series(_ records: [CompletionRecord], openDue: [String: Date] = [:]) -> [Streak] {
        let bySeries = Dictionary(grouping: records.filter { $0.series != nil }) { $0.series ?? "" }
        let streaks = bySeries.map { key, occurrences -> Streak in
            let ordered = occurrences.sorted { ($0.due ?? $0.completed, $0.completed) < ($1.due ?? $1.completed, $1.completed) }
            var run = 0
            var longest = 0
            var lastDay: LocalDate?
            for record in ordered {
                let done = day(of: record.completed, in: record.timeZone)
                if record.due.map({ day(of: $0, in: record.timeZone) }) ?? done == done {
                    run += 1
                    longest = max(longest, run)
                    lastDay = done
                } else {
                    run = 0
                }
            }
            if let due = openDue[key], day(of: due, in: timeZone) < today { run = 0 }
            return Streak(kind: .series, name: ordered.last?.title ?? key, current: run, longest: longest, lastDay: lastDay)
        }
        return Self.ordered(streaks)
    }

    /// One streak per project with completions.
    public func projects(_ records: [CompletionRecord]) -> [Streak] {
        dayStreaks(.project, records.compactMap { r in r.project.map { ($0, day(of: r.completed, in: r.timeZone)) } })
    }

    /// One streak per context with completions.
    public func contexts(_ records: [CompletionRecord]) -> [Streak] {
        dayStreaks(.context, records.flatMap { r in r.contexts.map { ($0, day(of: r.completed, in: r.timeZone)) } })
    }

    private func dayStreaks(_ kind: Streak.Kind, _ entries: [(String, LocalDate)]) -> [Streak] {
        var days: [String: Set<LocalDate>] = [:]
        for (name, day) in entries { days[name, default: []].insert(day) }
        return Self.ordered(days.map { name, set in
            let (current, longest, last) = Self.runs(of: set, today: today)
            return Streak(kind: kind, name: name, current: current, longest: longest, lastDay: last)
        })
    }

    /// The run still going (ending today or yesterday), the longest run, and the last day.
    public static func runs(of days: Set<LocalDate>, today: LocalDate) -> (current: Int, longest: Int, last: LocalDate?) {
        let sorted = days.map(\.daysSinceEpoch).sorted()
        guard let last = sorted.last else { return (0, 0, nil) }
        var longest = 0
        var run = 0
        var previous: Int?
        for d in sorted {
            run = previous == d - 1 ? run + 1 : 1
            longest = max(longest, run)
            previous = d
        }
        let current = today.daysSinceEpoch - last <= 1 ? run : 0
        return (current, longest, LocalDate(daysSinceEpoch: last))
    }

    private static func ordered(_ streaks: [Streak]) -> [Streak] {
        streaks.sorted { ($1.current, $1.longest, $0.name) < ($0.current, $0.longest, $1.name) }
    }
}
