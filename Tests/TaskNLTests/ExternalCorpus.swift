import Foundation
import TaskCore
import TaskerTestSupport
@testable import TaskNL

/// One public test corpus in `Fixtures/parser/external/` (written by `scripts/extract-date-corpora`),
/// read and scored: what the grammar gives for each case against what the source expects.
///
/// Format (the script's header says the same): `@source`, `@scope CLASS in|out — reason`, `@floor N`
/// (in-scope passes this branch reaches; fewer fails), `@now`, `@tz`, then `[CLASS] INPUT => EXPECTED`
/// with EXPECTED `none`, `YYYY-MM-DD`, `YYYY-MM-DD HH:MM`, alternatives joined by ` | `, `rrule FREQ=…`
/// or `?` (unreadable upstream; not scored).
struct ExternalCorpus: Sendable {
    struct Case: Sendable, CustomStringConvertible {
        var line: Int
        var kind: String
        var input: String
        var expected: String
        var now: Date
        var timeZone: TimeZone
        var nowText: String
        var description: String { "line \(line) [\(kind)] \"\(input)\" at \(nowText) → expected \(expected)" }
    }

    /// How the grammar's answer compares with the source's.
    enum Verdict: String, Sendable {
        case pass
        /// No date (or rule) where the source has one.
        case miss
        /// A date or rule that differs from the source's.
        case wrong
        /// A date or rule where the source says there is none.
        case invented
    }

    var name: String
    var cases: [Case]
    /// Class → `in`, `out` or `pending` (scored, but wrong rules held to `knownWrong`, not 0).
    var scopes: [String: String]
    var floor: Int?
    var knownWrong = 0

    static let directory = FixtureFile.url("parser/external")

    static func all() throws -> [ExternalCorpus] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".corpus") }.sorted()
            .map { try load($0) }
    }

    static func load(_ file: String) throws -> ExternalCorpus {
        let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
        var corpus = ExternalCorpus(name: String(file.dropLast(".corpus".count)), cases: [], scopes: [:])
        var zone = TimeZone(identifier: "UTC")!
        var nowText = "2026-12-02T10:30"
        for (index, raw) in text.components(separatedBy: "\n").enumerated() {
            let line = raw.components(separatedBy: "  // ")[0]
            if line.hasPrefix("//") || line.isEmpty { continue }
            if line.hasPrefix("@tz ") {
                zone = TimeZone(identifier: String(line.dropFirst(4)))!
            } else if line.hasPrefix("@now ") {
                nowText = String(line.dropFirst(5))
            } else if line.hasPrefix("@scope ") {
                let words = line.split(separator: " ")
                corpus.scopes[String(words[1])] = String(words[2])
            } else if line.hasPrefix("@known-wrong ") {
                corpus.knownWrong = Int(line.dropFirst(13).trimmingCharacters(in: .whitespaces)) ?? 0
            } else if line.hasPrefix("@floor ") {
                corpus.floor = Int(line.dropFirst(7).trimmingCharacters(in: .whitespaces))
            } else if line.hasPrefix("["), let close = line.firstIndex(of: "]"), let arrow = line.range(of: " => ", options: .backwards) {
                let now = ISODate.parse(nowText, in: zone, defaultHour: 0)!
                corpus.cases.append(Case(line: index + 1, kind: String(line[line.index(after: line.startIndex)..<close]),
                    input: line[line.index(after: close)..<arrow.lowerBound].trimmingCharacters(in: .whitespaces),
                    expected: line[arrow.upperBound...].trimmingCharacters(in: .whitespaces), now: now, timeZone: zone, nowText: nowText))
            }
        }
        return corpus
    }

    func inScope(_ c: Case) -> Bool { scopes[c.kind] == "in" || scopes[c.kind] == "pending" }

    func pending(_ c: Case) -> Bool { scopes[c.kind] == "pending" }

    /// The grammar's verdict on one case, and what it gave; nil for a case the source's expectation
    /// could not be read for (`?`).
    static func judge(_ c: Case, parser: TaskNLParser = TaskNLParser()) -> (verdict: Verdict, got: String)? {
        guard c.expected != "?" else { return nil }
        let draft = parser.parse(c.input, now: c.now, timeZone: c.timeZone).draft
        let local = draft.due.map { LocalDateTime($0, in: c.timeZone) }
        let day = local.map { $0.date.description } ?? ""
        let time = local.map { String(format: "%02d:%02d", $0.secondsIntoDay / 3_600, $0.secondsIntoDay / 60 % 60) } ?? ""
        let rule = draft.recurrence.map(rrule)
        let got = [rule.map { "rrule " + $0 }, local.map { _ in day + " " + time }].compactMap { $0 }.joined(separator: ", ")
        if c.expected == "none" { return (rule == nil && local == nil ? .pass : .invented, got.isEmpty ? "none" : got) }
        if c.expected.hasPrefix("rrule ") {
            var want = Dictionary(uniqueKeysWithValues: c.expected.dropFirst(6).split(separator: ";").map {
                let kv = $0.split(separator: "=", maxSplits: 1)
                return (String(kv[0]), kv.count > 1 ? String(kv[1]) : "")  // `EXCEPT`: exceptions no rule here has
            })
            let hour = want.removeValue(forKey: "BYHOUR"), minute = want.removeValue(forKey: "BYMINUTE")
            want["DTSTART"] = nil  // the first due is judged by the rule's own first day, not the source's start
            guard let rule else { return (.miss, got.isEmpty ? "none" : got) }
            let ours = Dictionary(uniqueKeysWithValues: rule.split(separator: ";").map {
                let kv = $0.split(separator: "=", maxSplits: 1)
                return (String(kv[0]), String(kv[1]))
            })
            var same = normalized(ours) == normalized(want)
            if let hour, let local { same = same && local.secondsIntoDay / 3_600 == Int(hour) && local.secondsIntoDay / 60 % 60 == Int(minute ?? "0") }
            return (same ? .pass : .wrong, got)
        }
        guard local != nil else { return (.miss, got.isEmpty ? "none" : got) }
        for alternative in c.expected.components(separatedBy: " | ") {
            let parts = alternative.split(separator: " ")
            if parts[0] == day && (parts.count == 1 || parts[1] == time) { return (.pass, got) }
        }
        return (.wrong, got)
    }

    /// RFC 5545 parts of the grammar's rule, as the sources write them: the model's own RRULE text.
    static func rrule(_ r: RecurrenceRule) -> String { r.rrule }

    /// BYDAY and other lists compared as sets (`SU,SA` is `SA,SU`); `INTERVAL=1` is no interval.
    private static func normalized(_ parts: [String: String]) -> [String: Set<String>] {
        var out: [String: Set<String>] = [:]
        for (key, value) in parts where !(key == "INTERVAL" && value == "1") {
            out[key] = Set(value.split(separator: ",").map { $0.hasPrefix("+") ? String($0.dropFirst()) : String($0) })
        }
        return out
    }
}
