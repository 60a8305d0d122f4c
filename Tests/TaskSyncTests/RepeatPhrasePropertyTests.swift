import Foundation
import Testing
import TaskCore
import TaskNL
import TaskStore
import TaskToolkit
@testable import TaskSync
import TaskerTestSupport

/// Issue 40's phrase property: every repeat phrase of the parser fixtures and of the public corpora,
/// and the repeat lines issue 40 quotes, × zones with DST in both hemispheres and half-hour (and
/// quarter-hour) offsets × seeded "now" moments over several years, many of them in the hours around
/// a DST change. Each is captured with `capture_task` at that moment in that zone, the store is
/// exported as `tasker export --ics` writes it, and python-dateutil's expansion of each exported
/// VTODO (its DUE as DTSTART, its RRULE) must equal the first 50 occurrences Tasker steps through on
/// schedule (`RecurrenceRule.next`, what completing a task calls), in the task's zone. The first due
/// must be on or after "now" and be the rule's first occurrence. A sample of series is completed three
/// times through `complete_task`, which must give the same dues. A phrase the grammar reads without a
/// repeat at some moment is skipped and counted (no date beats a wrong one); at least 10,000
/// combinations must be compared.
@Suite struct RepeatPhrasePropertyTests {
    static let zones = ["Europe/Berlin", "America/New_York", "Australia/Sydney", "Asia/Kolkata", "Australia/Adelaide",
                        "America/St_Johns", "Asia/Kathmandu", "UTC"]
    /// Moments drawn for each phrase in each zone: half near a DST change, half anywhere in 2025–2031.
    static let nowsPerPhrase = 8

    /// The repeat lines issue 40 quotes (most are in `Fixtures/parser/repeats.cases` too).
    static let issueLines = [
        "pay rent on the 1st of every month", "review budget on the last friday of every month",
        "file the report monthly on the last day", "take out the recycling every other wednesday evening",
        "biweekly 1:1 with anna thursday 2pm", "quarterly tax payment on the 15th", "payday every 2nd and 4th friday",
        "book club every first tuesday of the month 7pm", "call dad every 2nd sunday of the month",
        "newsletter goes out on the first monday of each month at 8am", "submit timesheet every last weekday of the month",
        "pay the nanny every 10th of the month", "fortnightly grocery run on sundays", "backup the laptop every sunday night",
        "call grandma every sunday 6pm", "standup every weekday at 9:30", "tuesdays", "weekdays", "everyday", "each day",
        "quarterly", "every monday, wednesday", "daily except weekends", "2nd fri in feb",
    ]

    /// One captured task that repeats.
    struct Combination {
        var id: Int
        var phrase: String
        /// The zone's name as the test gives it (Foundation calls UTC "GMT").
        var zoneName: String
        var zone: TimeZone
        var now: Date
        var task: TaskID
        var uuid: String
        var due: Date
        var dateOnly: Bool
    }

    @Test func firstFiftyOccurrencesOfEveryCapturedRepeatEqualDateutilsExpansionOfTheExport() throws {
        guard DateutilExpansion.isInstalled() else { return }
        let clock = ContinuousClock(), began = clock.now
        let phrases = try Self.phrases()
        #expect(phrases.count >= 150, "only \(phrases.count) repeat phrases in the fixtures")
        let transitions = Self.transitions()
        var random = SeededRandom(seed: 4_040)

        var combinations: [Combination] = [], skipped = 0, skippedExamples: [String] = []
        var requests: [(id: Int, zone: String, series: DateutilExpansion.Series)] = []
        var stores: [String: (TestStore, TaskToolkit)] = [:]
        var problems: [String] = []
        for zoneName in Self.zones {
            let zone = try #require(TimeZone(identifier: zoneName))
            let base = try TestStore("repeat-phrases", now: Date(timeIntervalSince1970: 1_790_000_000), zone: zone)
            let toolkit = TaskToolkit(store: base.store)
            stores[zoneName] = (base, toolkit)
            let near = transitions[zoneName].flatMap { $0.isEmpty ? nil : $0 } ?? transitions.values.flatMap { $0 }.sorted()
            for phrase in phrases {
                for n in 0..<Self.nowsPerPhrase {
                    let now = n % 2 == 0 ? Self.nearChange(near, &random) : Self.anywhere(&random)
                    base.clock.now = now
                    guard case .done(let output) = try toolkit.run(CaptureTask(text: phrase)), let task = output.task else {
                        problems.append("\"\(phrase)\" at \(ISODate.format(now, in: zone)) \(zoneName): capture_task refused")
                        continue
                    }
                    guard task.recurrence != nil, let due = task.due else {
                        skipped += 1
                        if skippedExamples.count < 5 { skippedExamples.append("\"\(phrase)\" at \(ISODate.format(now, in: zone)) \(zoneName)") }
                        continue
                    }
                    let uuid = try Tasks(base.store).uuid(of: task.id)
                    combinations.append(Combination(id: combinations.count, phrase: phrase, zoneName: zoneName, zone: zone, now: now, task: task.id,
                                                    uuid: uuid, due: due, dateOnly: task.dueDay != nil))
                }
            }
            // The export, as `tasker export --ics` writes it.
            let byUUID = Dictionary(uniqueKeysWithValues: combinations.filter { $0.zoneName == zoneName }.map { ($0.uuid, $0) })
            let text = VTodoFile(timeZone: zone, now: TaskStore.wholeSeconds(base.clock.now)).write(try RecordSets(base.store).records())
            let (series, incomplete) = DateutilExpansion.series(in: text, zone: zone)
            for s in series {
                guard let c = byUUID[s.uid] else {
                    problems.append("\(s.uid) in \(zoneName) has an RRULE but its phrase gave no repeat")
                    continue
                }
                requests.append((c.id, zoneName, s))
            }
            for uid in incomplete where byUUID[uid] != nil {
                problems.append("\"\(byUUID[uid]!.phrase)\" in \(zoneName): the exported VTODO has no readable DUE or no RRULE")
            }
        }
        let answers = try DateutilExpansion.expand(requests)

        var compared = 0, occurrences = 0, mismatches: [String] = []
        var records: [String: [String: TaskRecord]] = [:]
        for zoneName in Self.zones {
            guard let (base, _) = stores[zoneName] else { continue }
            records[zoneName] = Dictionary(uniqueKeysWithValues: try RecordSets(base.store).records().tasks.map { ($0.uuid, $0) })
        }
        var walked: [(c: Combination, ours: [Date], steps: Int)] = [], gapSeries = 0
        for c in combinations {
            let at = "\"\(c.phrase)\" at \(ISODate.format(c.now, in: c.zone)) \(c.zoneName)"
            guard let theirs = answers[c.id], let record = records[c.zoneName]?[c.uuid], let rule = record.recurrence else {
                mismatches.append("\(at): no dateutil expansion")
                continue
            }
            let ours = Self.onSchedule(from: c.due, rule: rule, dateOnly: c.dateOnly, in: c.zone)
            let oursWire = DateutilExpansion.wire(ours, dateOnly: c.dateOnly, in: c.zone)
            compared += 1
            occurrences += ours.count
            let shown = "\(at) → \(rule.rrule) from \(ISODate.format(c.due, in: c.zone))\(c.dateOnly ? " (date-only)" : "")"
            // A day said without a time is due that day at 9:00 (GRAMMAR.md), today's too, even after 9:00.
            let dayOnly = c.dateOnly || LocalDateTime(c.due, in: c.zone).secondsIntoDay == WallTime.dateOnlyDue.hour * 3_600 + WallTime.dateOnlyDue.minute * 60
            if dayOnly ? LocalDate(c.due, in: c.zone) < LocalDate(c.now, in: c.zone) : c.due < TaskStore.wholeSeconds(c.now) {
                mismatches.append("\(shown): the first due is before now")
            }
            if theirs.first != oursWire.first {
                mismatches.append("\(shown): the first due is not the rule's first occurrence (dateutil's is \(DateutilExpansion.firstDifference(oursWire, theirs, in: c.zone) ?? "?"))")
            } else if let difference = DateutilExpansion.firstDifference(oursWire, theirs, in: c.zone) {
                mismatches.append("\(shown): \(difference)")
            } else if rule.kind != .afterCompletion {
                // A sample, and every series a DST gap moves within its first 50 (walked past the gap).
                let time = LocalDateTime(c.due, in: c.zone).secondsIntoDay
                let moved = ours.firstIndex { LocalDateTime($0, in: c.zone).secondsIntoDay != time }
                if c.id % 25 == 0 || moved != nil { walked.append((c, ours, max(3, (moved ?? 0) + 2))) }
                if moved != nil { gapSeries += 1 }
            }
        }

        // Completing through `complete_task`, each at its due, steps through the same dues.
        var completions = 0
        for (c, ours, steps) in walked {
            guard let (base, toolkit) = stores[c.zoneName] else { continue }
            var id = c.task
            for i in 1...min(steps, ours.count) {
                base.clock.now = ours[i - 1]
                guard case .done(let output) = try toolkit.run(CompleteTask(target: .id(id.rawValue))) else {
                    mismatches.append("\"\(c.phrase)\" \(c.zoneName): complete_task refused")
                    break
                }
                completions += 1
                if i == ours.count {
                    // Fewer than 50: COUNT or UNTIL ended the series there.
                    if ours.count < 50, output.next != nil { mismatches.append("\"\(c.phrase)\" \(c.zoneName): completing the last occurrence gave a next") }
                    break
                }
                guard let next = output.next, next.due == ours[i] else {
                    mismatches.append("\"\(c.phrase)\" from \(ISODate.format(c.due, in: c.zone)) \(c.zoneName): completion \(i) gave \(output.next?.due.map { ISODate.format($0, in: c.zone) } ?? "nothing"), not \(ISODate.format(ours[i], in: c.zone))")
                    break
                }
                id = next.id
            }
        }

        let seconds = Double((clock.now - began).components.seconds)
        print("RepeatPhrasePropertyTests: \(compared) combinations compared (\(occurrences) occurrences; \(completions) completions, \(gapSeries) series through a DST gap), \(phrases.count) phrases × \(Self.zones.count) zones × \(Self.nowsPerPhrase) nows each; \(skipped) skipped with no repeat; \(Int(seconds)) s")
        #expect(problems.isEmpty, "\(problems.count) problems, e.g.:\n\(problems.prefix(8).joined(separator: "\n"))")
        #expect(compared >= 10_000, "only \(compared) compared; \(skipped) gave no repeat, e.g. \(skippedExamples)")
        #expect(skipped < compared / 10, "\(skipped) combinations gave no repeat, e.g. \(skippedExamples)")
        #expect(completions > 500)
        #expect(gapSeries >= 10, "only \(gapSeries) series pass a DST gap")
        #expect(mismatches.isEmpty, "\(mismatches.count) of \(compared) differ, e.g.:\n\(mismatches.prefix(40).joined(separator: "\n"))")
    }

    /// The first 50 dues of a series from `due`, completed on schedule (what `completeTask` steps by, at
    /// the series' time of day when a DST gap moved one), COUNT and UNTIL ending it.
    static func onSchedule(from due: Date, rule stored: RecurrenceRule, dateOnly: Bool, in zone: TimeZone) -> [Date] {
        var rule = stored.with(kind: .onSchedule), due = due, out = [due]
        let time = LocalDateTime(due, in: zone).secondsIntoDay
        while out.count < 50, let next = rule.next(after: due, dateOnly: dateOnly, in: zone, completed: due, keeping: dateOnly ? nil : time) {
            out.append(next.due)
            rule = next.rule
            due = next.due
        }
        return out
    }

    /// Every input of the `*.cases` parser fixtures and every `[repeat]` case of the public corpora that
    /// the grammar reads with a repeat at its own clock, issue 40's lines and 80 phrases built from
    /// parts (`generatedPhrases`); each once.
    static func phrases() throws -> [String] {
        let parser = TaskNLParser()
        let fixtures = try ParserFixtureInputs.all().filter { $0.file.hasSuffix(".cases") } + ParserFixtureInputs.corpusRepeats()
        var seen: Set<String> = [], out: [String] = []
        let candidates = fixtures.filter { parser.parse($0.text, now: $0.now, timeZone: $0.timeZone).draft.recurrence != nil }.map(\.text)
        var random = SeededRandom(seed: 4_041)
        for text in candidates + issueLines + generatedPhrases(80, &random) where seen.insert(text.lowercased()).inserted {
            out.append(text)
        }
        return out
    }

    /// `count` phrases built from parts, seeded: a title, a repeat (`every other tuesday`, `the last
    /// friday of every month`, `every 3 days`, `weekdays`, `every year on march 3`, …), often a time
    /// (DST-gap and repeated hours among them) and sometimes an end (`until june`, `for 5 times`).
    static func generatedPhrases(_ count: Int, _ g: inout SeededRandom) -> [String] {
        func pick(_ list: [String]) -> String { list[Int.random(in: 0..<list.count, using: &g)] }
        let days = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
        let months = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"]
        var out: [String] = []
        for _ in 0..<count {
            let day = pick(days)
            let repeats = [
                "every \(day)", "every other \(day)", "every 2nd \(day)", "every 3rd \(day)", "\(day)s", "every \(day) and \(pick(days))",
                "the first \(day) of every month", "the last \(day) of every month", "every 2nd and 4th \(day)",
                "every \(Int.random(in: 2...10, using: &g)) days", "every \(Int.random(in: 2...5, using: &g)) weeks", "weekdays",
                "every weekday", "daily", "every day", "monthly", "every month on the \(pick(["1st", "15th", "28th", "last day"]))",
                "yearly on \(pick(months)) \(Int.random(in: 1...28, using: &g))", "every year on \(pick(months)) \(Int.random(in: 1...28, using: &g))",
                "every weekend", "biweekly", "quarterly",
            ]
            var phrase = pick(["water the plants", "pay rent", "call mum", "team sync", "take out the bins", "review budget"]) + " " + pick(repeats)
            if Int.random(in: 0..<3, using: &g) > 0 {
                phrase += " at " + pick(["9:30", "6pm", "2:30am", "1:30am", "2am", "3am", "12:30am", "11:30pm", "7am", "noon", "8:15pm"])
            }
            switch Int.random(in: 0..<6, using: &g) {
            case 0: phrase += " until " + pick(months)
            case 1: phrase += " for \(Int.random(in: 2...60, using: &g)) times"
            default: break
            }
            out.append(phrase)
        }
        return out
    }

    /// Each zone's DST changes from 2025 through 2031 (none for a zone without DST).
    static func transitions() -> [String: [Date]] {
        let end = Date(timeIntervalSince1970: 1_956_528_000)  // 2032-01-01
        var out: [String: [Date]] = [:]
        for name in zones {
            guard let zone = TimeZone(identifier: name) else { continue }
            var list: [Date] = [], at = Date(timeIntervalSince1970: 1_735_689_600)  // 2025-01-01
            while let next = zone.nextDaylightSavingTimeTransition(after: at), next < end {
                list.append(next)
                at = next
            }
            out[name] = list
        }
        return out
    }

    /// A moment near one of `changes`: the evening before (a Saturday night before a Sunday change),
    /// the hours either side, or the day after.
    static func nearChange(_ changes: [Date], _ g: inout SeededRandom) -> Date {
        let change = changes[Int.random(in: 0..<changes.count, using: &g)]
        let hours = [-30, -26, -24, -4, -2, -1, 0, 1, 2, 4, 20, 24]
        let minutes = hours[Int.random(in: 0..<hours.count, using: &g)] * 60 + Int.random(in: -59...59, using: &g)
        return change.addingTimeInterval(TimeInterval(minutes * 60))
    }

    /// A whole minute anywhere in 2025–2031.
    static func anywhere(_ g: inout SeededRandom) -> Date {
        Date(timeIntervalSince1970: TimeInterval(1_735_689_600 + 60 * Int.random(in: 0..<(7 * 525_600), using: &g)))
    }
}
