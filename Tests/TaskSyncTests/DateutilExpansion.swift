import Foundation
import Testing
import TaskCore
@testable import TaskSync
import TaskerTestSupport

/// python-dateutil's reading of the series a `.ics` export holds, for the recurrence property tests:
/// each VTODO's RRULE from its DUE read as a wall time in the task's zone (`DTSTART;TZID=…`, or a
/// `VALUE=DATE` day), as a client reads it, and all of them expanded in one Python process
/// (`Tests/python/rrule_expand.py`).
enum DateutilExpansion {
    /// One exported series: the VTODO's UID, DTSTART as dateutil reads it and the RRULE's value.
    struct Series {
        var uid: String
        var start: String
        var rrule: String
    }

    /// Whether the .venv's Python (with python-dateutil) is there; when not, records an issue naming the fix.
    static func isInstalled() -> Bool {
        guard VenvPython.isInstalled else {
            Issue.record("no .venv at \(VenvPython.url.path): run scripts/setup --with-python (it installs python-dateutil)")
            return false
        }
        return true
    }

    /// The VTODOs of an export written in `zone` that have a DUE and an RRULE, and the UIDs of those
    /// that lack one (or whose DUE cannot be read).
    static func series(in text: String, zone: TimeZone) -> (series: [Series], incomplete: [String]) {
        var out: [Series] = [], incomplete: [String] = []
        var uid: String?, due: String?, rrule: String?
        for line in ICSText.unfold(text) {
            if line == "BEGIN:VTODO" { uid = nil; due = nil; rrule = nil }
            if line.hasPrefix("UID:") { uid = String(line.dropFirst(4)) }
            if line.hasPrefix("DUE") { due = line }
            if line.hasPrefix("RRULE:") { rrule = String(line.dropFirst(6)) }
            if line == "END:VTODO", let uid {
                if let start = due.flatMap({ wallStart($0, in: zone) }), let rrule {
                    out.append(Series(uid: uid, start: start, rrule: rrule))
                } else {
                    incomplete.append(uid)
                }
            }
        }
        return (out, incomplete)
    }

    /// dateutil's first `limit` occurrences of each series (`id` → UTC epoch seconds for a timed
    /// series, `YYYY-MM-DD` for a date-only one), in one Python process.
    /// - Throws: when the .venv's Python cannot start or the answers cannot be read.
    static func expand(_ requests: [(id: Int, zone: String, series: Series)], limit: Int = 50) throws -> [Int: [JSONValue]] {
        let lines = requests.map { r -> String in
            let json: JSONValue = ["id": .int(r.id), "zone": .string(r.zone), "start": .string(r.series.start),
                                   "rrule": .string(r.series.rrule), "limit": .int(limit)]
            return json.encoded()
        }
        let directory = TemporaryDirectory("rrule-expand")
        let input = directory.path("cases.jsonl")
        try (lines.joined(separator: "\n") + "\n").write(toFile: input, atomically: true, encoding: .utf8)
        let script = FixtureFile.repositoryRoot.appendingPathComponent("Tests/python/rrule_expand.py").path
        let (status, stdout) = try VenvPython.run([script, input])
        #expect(status == 0, "rrule_expand.py exited with \(status)")
        var answers: [Int: [JSONValue]] = [:]
        for line in stdout.split(separator: "\n") {
            let answer = try JSONValue.parse(String(line))
            if let id = answer["id"]?.intValue { answers[id] = answer["occurrences"]?.arrayValue ?? [] }
        }
        return answers
    }

    /// Tasker's occurrences as `expand` gives dateutil's: epoch seconds, or days for a date-only series.
    static func wire(_ dates: [Date], dateOnly: Bool, in zone: TimeZone) -> [JSONValue] {
        dates.map { dateOnly ? .string(LocalDate($0, in: zone).description) : .int(Int($0.timeIntervalSince1970)) }
    }

    /// Where `ours` and `theirs` first differ, for a failure message (`occurrence 3 is … here, … in
    /// dateutil`); nil when they are equal.
    static func firstDifference(_ ours: [JSONValue], _ theirs: [JSONValue], in zone: TimeZone) -> String? {
        guard ours != theirs else { return nil }
        let i = (0..<min(ours.count, theirs.count)).first { ours[$0] != theirs[$0] } ?? min(ours.count, theirs.count)
        func show(_ list: [JSONValue]) -> String {
            guard i < list.count else { return "nothing (\(list.count) in all)" }
            return list[i].intValue.map { ISODate.format(Date(timeIntervalSince1970: TimeInterval($0)), in: zone) } ?? list[i].stringValue ?? "?"
        }
        return "occurrence \(i) is \(show(ours)) here, \(show(theirs)) in dateutil"
    }

    /// DTSTART for dateutil: the DUE's wall time in `zone` (`20270326T093000`), or its day for `VALUE=DATE`.
    static func wallStart(_ line: String, in zone: TimeZone) -> String? {
        guard let colon = line.lastIndex(of: ":") else { return nil }
        let value = String(line[line.index(after: colon)...])
        if line.contains("VALUE=DATE:") || value.count == 8 { return value }
        if line.contains("TZID=") { return value }
        guard value.hasSuffix("Z"), let utc = TimeZone(identifier: "UTC"),
              let parsed = ISODate.parse(iso(value), in: utc) else { return nil }
        return basic(LocalDateTime(parsed, in: zone))
    }

    static func iso(_ basic: String) -> String {
        let c = Array(basic)
        return "\(String(c[0..<4]))-\(String(c[4..<6]))-\(String(c[6..<8]))T\(String(c[9..<11])):\(String(c[11..<13])):\(String(c[13..<15]))"
    }

    /// `20270326T093000`, as dateutil's DTSTART reads a wall time.
    static func basic(_ w: LocalDateTime) -> String {
        func pad(_ n: Int, _ width: Int = 2) -> String { String(repeating: "0", count: max(0, width - String(n).count)) + String(n) }
        return pad(w.date.year, 4) + pad(w.date.month) + pad(w.date.day) + "T" + pad(w.hour) + pad(w.minute) + pad(w.second)
    }
}
