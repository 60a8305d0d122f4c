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
        guard VenvPython.isInstalled else {
            Issue.record("no .venv at \(VenvPython.url.path): run scripts/setup --with-python (it installs python-dateutil)")
            return
        }
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
        var lines: [String] = []
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
            var uid: String?, due: String?, rrule: String?
            for line in ICSText.unfold(text) {
                if line == "BEGIN:VTODO" { uid = nil; due = nil; rrule = nil }
                if line.hasPrefix("UID:") { uid = String(line.dropFirst(4)) }
                if line.hasPrefix("DUE") { due = line }
                if line.hasPrefix("RRULE:") { rrule = String(line.dropFirst(6)) }
                if line == "END:VTODO" {
                    let c = try #require(uid.flatMap { byUID[$0] })
                    let start = try #require(due.flatMap { Self.wallStart($0, in: zone) }, "\(due ?? "no DUE")")
                    let json: JSONValue = ["id": .int(c.id), "zone": .string(zoneName), "start": .string(start),
                                           "rrule": .string(try #require(rrule)), "limit": 50]
                    lines.append(json.encoded())
                }
            }
        }
        #expect(lines.count == cases.count, "\(cases.count - lines.count) cases have no VTODO with a DUE and an RRULE")
        let directory = TemporaryDirectory("rrule-property")
        let input = directory.path("cases.jsonl")
        try (lines.joined(separator: "\n") + "\n").write(toFile: input, atomically: true, encoding: .utf8)
        let script = FixtureFile.repositoryRoot.appendingPathComponent("Tests/python/rrule_expand.py").path
        let (status, stdout) = try VenvPython.run([script, input])
        #expect(status == 0)

        var compared = 0, mismatches: [String] = [], occurrences = 0, gapChains = 0
        for line in stdout.split(separator: "\n") {
            let answer = try JSONValue.parse(String(line))
            let c = try #require(answer["id"]?.intValue.map { cases[$0] })
            let theirs = answer["occurrences"]?.arrayValue ?? []
            let start = c.dateOnly ? c.start.date.instant(hour: 9, minute: 0, in: c.zone) : c.start.instant(in: c.zone)
            let ours = c.rule.occurrences(from: start, in: c.zone, dateOnly: c.dateOnly, limit: 50)
            let oursText: [JSONValue] = ours.map {
                c.dateOnly ? .string(LocalDate($0, in: c.zone).description) : .int(Int($0.timeIntervalSince1970))
            }
            compared += 1
            occurrences += ours.count
            if oursText != theirs {
                let i = (0..<min(oursText.count, theirs.count)).first { oursText[$0] != theirs[$0] } ?? min(oursText.count, theirs.count)
                func show(_ list: [JSONValue]) -> String {
                    guard i < list.count else { return "nothing (\(list.count) in all)" }
                    return list[i].intValue.map { ISODate.format(Date(timeIntervalSince1970: TimeInterval($0)), in: c.zone) } ?? list[i].stringValue ?? "?"
                }
                mismatches.append("\(c.rule.rrule) from \(c.start) \(c.zone.identifier)\(c.dateOnly ? " date-only" : ""): occurrence \(i) is \(show(oursText)) here, \(show(theirs)) in dateutil")
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

    /// DTSTART for dateutil: the DUE's wall time in `zone` (`20270326T093000`), or its day for `VALUE=DATE`.
    static func wallStart(_ line: String, in zone: TimeZone) -> String? {
        guard let colon = line.lastIndex(of: ":") else { return nil }
        let value = String(line[line.index(after: colon)...])
        if line.contains("VALUE=DATE:") || value.count == 8 { return value }
        if line.contains("TZID=") { return value }
        guard value.hasSuffix("Z"), let utc = TimeZone(identifier: "UTC"),
              let parsed = ISODate.parse(Self.iso(value), in: utc) else { return nil }
        let wall = LocalDateTime(parsed, in: zone)
        return RecurrenceRuleBasic.text(wall)
    }

    static func iso(_ basic: String) -> String {
        let c = Array(basic)
        return "\(String(c[0..<4]))-\(String(c[4..<6]))-\(String(c[6..<8]))T\(String(c[9..<11])):\(String(c[11..<13])):\(String(c[13..<15]))"
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

/// `20270326T093000`, as dateutil's DTSTART reads a wall time.
enum RecurrenceRuleBasic {
    static func text(_ w: LocalDateTime) -> String {
        func pad(_ n: Int, _ width: Int = 2) -> String { String(repeating: "0", count: max(0, width - String(n).count)) + String(n) }
        return pad(w.date.year, 4) + pad(w.date.month) + pad(w.date.day) + "T" + pad(w.hour) + pad(w.minute) + pad(w.second)
    }
}
