import Foundation
import Testing
import TaskCore
import TaskStore
@testable import TaskSync
import TaskerTestSupport

/// Issue 40's property: for 12,000 seeded random rules over the whole model (every frequency, interval,
/// BYDAY with and without ordinals, BYMONTHDAY with negatives, BYMONTH, BYSETPOS, COUNT, UNTIL, WKST) ×
/// zones with DST in both hemispheres and half-hour offsets × start times (DST-gap and repeated hours
/// included, a tenth date-only), the first 50 occurrences Tasker computes equal python-dateutil's
/// expansion of the VTODO `tasker export --ics` writes (its RRULE line, from its DUE read as a wall time
/// in the task's zone: `DTSTART;TZID=…`), and completing occurrence after occurrence on schedule walks
/// the same list. All cases go through one Python process.
@Suite struct RecurrencePropertyTests {
    static let zones = ["Europe/Berlin", "America/New_York", "Australia/Sydney", "Asia/Kolkata", "Australia/Adelaide", "UTC"]

    struct Case {
        var id: Int
        var zoneName: String
        var zone: TimeZone
        var start: LocalDateTime
        var dateOnly: Bool
        var rule: RecurrenceRule
    }

    @Test func firstFiftyOccurrencesEqualDateutilsExpansionOfTheExport() throws {
        guard DateutilExpansion.isInstalled() else { return }
        var random = SeededRandom(seed: 40)
        var cases: [Case] = []
        var redrawn = 0
        while cases.count < 12_000 {
            let c = Self.randomCase(id: cases.count, &random)
            // A rule with fewer than 50 days in 150 years (BYMONTH=4;BYMONTHDAY=31) would send dateutil
            // searching to year 9999: drawn again, and counted.
            var open = c.rule
            open.count = nil
            open.until = nil
            let probe = Array(open.days(from: c.start.date, throughYear: c.start.date.year + 150).prefix(50))
            guard probe.count == 50, let last = probe.last, last.year - c.start.date.year <= 150 else {
                redrawn += 1
                continue
            }
            cases.append(c)
        }
        #expect(redrawn < cases.count / 20, "redrawn \(redrawn)")

        // The export: one .ics per zone, every case a recurring task in it.
        let created = Date(timeIntervalSince1970: 1_790_000_000)
        var requests: [(id: Int, zone: String, series: DateutilExpansion.Series)] = []
        var byUID: [String: Case] = [:]
        for zoneName in Self.zones {
            let zone = try #require(TimeZone(identifier: zoneName))
            let group = cases.filter { $0.zoneName == zoneName }
            let records = group.map { c -> TaskRecord in
                var t = TaskRecord(uuid: Self.uuid(c.id), title: "case \(c.id)", created: created, modified: created)
                if c.dateOnly { t.dueDay = c.start.date } else { t.due = c.start.instant(in: zone) }
                t.recurrence = c.rule
                byUID[t.uuid] = c
                return t
            }
            let text = VTodoFile(timeZone: zone, now: created).write(RecordSet(tasks: records))
            let (series, incomplete) = DateutilExpansion.series(in: text, zone: zone)
            #expect(incomplete.isEmpty, "\(incomplete.count) cases have no VTODO with a readable DUE and an RRULE")
            for s in series {
                let c = try #require(byUID[s.uid])
                requests.append((c.id, zoneName, s))
            }
        }
        #expect(requests.count == cases.count)
        let answers = try DateutilExpansion.expand(requests)

        var compared = 0, mismatches: [String] = [], occurrences = 0, gapChains = 0
        for (id, theirs) in answers.sorted(by: { $0.key < $1.key }) {
            let c = cases[id]
            let start = c.dateOnly ? c.start.date.instant(hour: 9, minute: 0, in: c.zone) : c.start.instant(in: c.zone)
            let ours = c.rule.occurrences(from: start, in: c.zone, dateOnly: c.dateOnly, limit: 50)
            let oursText = DateutilExpansion.wire(ours, dateOnly: c.dateOnly, in: c.zone)
            compared += 1
            occurrences += ours.count
            if let difference = DateutilExpansion.firstDifference(oursText, theirs, in: c.zone) {
                mismatches.append("\(c.rule.rrule) from \(c.start) \(c.zone.identifier)\(c.dateOnly ? " date-only" : ""): \(difference)")
                continue
            }
            // Completing on schedule walks the same occurrences (COUNT and UNTIL end it at the same one).
            var rule = c.rule.with(kind: .onSchedule)
            // A due a DST gap moved on (02:30 → 03:30) is all a stored task keeps: its next occurrences
            // are at 03:30, where the series' own expansion stays at 02:30. Those chains are not walked.
            guard var due = ours.first, !ours.prefix(4).contains(where: { LocalDateTime($0, in: c.zone).secondsIntoDay != (c.dateOnly ? 9 * 3_600 : c.start.secondsIntoDay) }) else {
                gapChains += 1
                continue
            }
            for i in 1..<min(ours.count + 1, 5) {
                let next = rule.next(after: due, dateOnly: c.dateOnly, in: c.zone, completed: due)
                if i == ours.count {
                    if next != nil { mismatches.append("\(c.rule.rrule): completing the last occurrence gave a next") }
                    break
                }
                guard let next, next.due == ours[i] else {
                    mismatches.append("\(c.rule.rrule) from \(c.start) \(c.zone.identifier): completion \(i) gave \(String(describing: next?.due)), not \(ours[i])")
                    break
                }
                rule = next.rule
                due = next.due
            }
        }
        #expect(compared == cases.count)
        #expect(occurrences > 400_000)
        #expect(gapChains < compared / 100, "\(gapChains) completion chains pass a DST gap")
        #expect(mismatches.isEmpty, "\(mismatches.count) of \(compared) differ, e.g.:\n\(mismatches.prefix(8).joined(separator: "\n"))")
    }

    static func uuid(_ id: Int) -> String {
        let digits = String(id)
        return "00000000-0000-7000-8000-" + String(repeating: "0", count: 12 - digits.count) + digits
    }

    static func randomCase(id: Int, _ g: inout SeededRandom) -> Case {
        // Grouped by name: Foundation calls UTC "GMT".
        let zoneName = zones[Int.random(in: 0..<zones.count, using: &g)]
        let zone = TimeZone(identifier: zoneName) ?? .current
        let day = LocalDate(year: 2024, month: 1, day: 1).adding(days: Int.random(in: 0..<(8 * 365), using: &g))
        let tricky = [(2, 30), (2, 0), (1, 30), (3, 0), (0, 0), (23, 30)]
        let (h, m) = Int.random(in: 0..<4, using: &g) == 0 ? tricky[Int.random(in: 0..<tricky.count, using: &g)]
            : (Int.random(in: 0..<24, using: &g), 5 * Int.random(in: 0..<12, using: &g))
        let start = LocalDateTime(date: day, hour: h, minute: m)
        let dateOnly = Int.random(in: 0..<10, using: &g) == 0
        return Case(id: id, zoneName: zoneName, zone: zone, start: start, dateOnly: dateOnly, rule: randomRule(start: start, zone: zone, dateOnly: dateOnly, &g))
    }

    static func randomRule(start: LocalDateTime, zone: TimeZone, dateOnly: Bool, _ g: inout SeededRandom) -> RecurrenceRule {
        func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &g) < percent }
        func pick<T>(_ list: [T]) -> T { list[Int.random(in: 0..<list.count, using: &g)] }
        func some<T: Hashable>(_ list: [T], _ most: Int) -> [T] {
            let n = Int.random(in: 1...most, using: &g)
            return Array(Set((0..<n).map { _ in pick(list) }))
        }
        let frequency = pick(RecurrenceRule.Frequency.allCases)
        let interval = chance(50) ? 1 : Int.random(in: 2...4, using: &g)
        var days: [RecurrenceRule.Day] = [], monthDays: [Int] = [], months: [Int] = [], positions: [Int] = []
        let weekdays = Weekday.allCases
        switch frequency {
        case .daily, .weekly:
            if chance(45) { days = some(weekdays, 5).map { .init($0) } }
            if chance(10) { months = some(Array(1...12), 4) }
            if frequency == .daily && days.isEmpty && chance(10) { monthDays = some(Array(1...28) + Array(-7 ... -1), 3) }
        case .monthly, .yearly:
            let r = Int.random(in: 0..<100, using: &g)
            if r < 35 {
                let weekday = pick(weekdays)
                let ordinals = [1, 2, 3, 4, -1, -2] + (chance(20) ? [5, -5] : [])
                days = chance(60) ? some(ordinals, 2).map { .init(weekday, $0) } : some(weekdays, 2).map { .init($0, pick(ordinals)) }
            } else if r < 45 {
                days = some(weekdays, 3).map { .init($0) }
            } else if r < 55 {
                days = [.mon, .tue, .wed, .thu, .fri].map { .init($0) }
                positions = [pick([1, 2, -1, -2])]
            } else if r < 75 {
                monthDays = some(Array(1...31) + Array(-10 ... -1), 3)
            }
            if frequency == .yearly ? chance(60) : chance(15) { months = some(Array(1...12), 3) }
            if positions.isEmpty, !days.isEmpty || !monthDays.isEmpty, chance(15) { positions = some([1, 2, 3, -1, -2], 2) }
        }
        var count: Int?
        var until: RecurrenceRule.Until?
        let end = Int.random(in: 0..<100, using: &g)
        if end < 15 {
            count = Int.random(in: 1...60, using: &g)
        } else if end < 30 {
            let last = start.date.adding(days: Int.random(in: 0...1_500, using: &g))
            if dateOnly {
                until = .day(last)
            } else {
                until = .instant(LocalDateTime(date: last, hour: Int.random(in: 0..<24, using: &g), minute: 0).instant(in: zone))
            }
        }
        let weekStart = chance(15) ? pick(weekdays) : .mon
        return RecurrenceRule(frequency: frequency, interval: interval, days: days, monthDays: monthDays, months: months,
                              positions: positions, count: count, until: until, weekStart: weekStart)
    }
}
