import Foundation
import TaskCore
import Testing
@testable import TaskNL

/// Runs every golden case in `Fixtures/parser/` and reports each failing case with its file and line.
@Suite struct GoldenFixtureTests {
    static let fields = ["title", "due", "priority", "estimate", "energy", "contexts", "kind", "recurrence", "defer", "remind", "place", "understood"]

    /// The fixture text form of a result, with default values left out.
    static func fixtureFields(_ result: ParseResult, timeZone: TimeZone) -> [String: String] {
        let d = result.draft
        var out = ["title": d.title]
        if let due = d.due { out["due"] = ISODate.format(due, in: timeZone) }
        if d.priority != .normal { out["priority"] = d.priority.rawValue }
        if let m = d.estimateMinutes { out["estimate"] = String(m) }
        if let e = d.energy { out["energy"] = e.rawValue }
        if !d.contexts.isEmpty { out["contexts"] = d.contexts.joined(separator: ", ") }
        if let k = d.kind { out["kind"] = k.rawValue }
        if let r = d.recurrence, !r.isPlain || r.kind != .skipMissed {
            // A rule with more than FREQ, INTERVAL and plain weekdays is written as its RRULE and kind.
            out["recurrence"] = r.rrule + (r.kind == .skipMissed ? "" : " " + r.kind.rawValue)
        } else if let r = d.recurrence {
            out["recurrence"] = "\(r.frequency.rawValue) \(r.interval)"
                + (r.weekdays.isEmpty ? "" : " " + r.weekdays.map(\.rawValue).joined(separator: ","))
        }
        if let day = d.deferUntil { out["defer"] = day.description }
        switch d.remind {
        case .minutesBefore(let m): out["remind"] = "\(m) min before"
        case .at(let instant): out["remind"] = ISODate.format(instant, in: timeZone)
        case nil: break
        }
        if let place = d.place { out["place"] = "\(place.trigger.rawValue) \(place.place)" }
        if !result.understood.isEmpty { out["understood"] = result.understood.map(\.text).joined(separator: " | ") }
        return out
    }

    @Test func everyParseCaseHolds() throws {
        let cases = try FixtureCase.load(suffix: ".cases")
        #expect(cases.count >= 300, "docs/GRAMMAR.md coverage wants at least 300 golden cases")
        let parser = TaskNLParser()
        var failures: [String] = []
        for c in cases {
            #expect(c.expected["title"] != nil, "\(c): every case lists its title")
            let got = Self.fixtureFields(parser.parse(c.input, now: c.now, timeZone: c.timeZone, places: c.places), timeZone: c.timeZone)
            for field in Self.fields where got[field] != c.expected[field] {
                failures.append("\(c)\n    \(field): expected \(c.expected[field] ?? "(none)"), got \(got[field] ?? "(none)")")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) golden mismatches:\n\(failures.joined(separator: "\n"))")
    }

    @Test func everyParseDateCaseHolds() throws {
        let cases = try FixtureCase.load(suffix: ".dates")
        #expect(cases.count >= 30)
        let parser = TaskNLParser()
        var failures: [String] = []
        for c in cases {
            let got = parser.parseDate(c.input, now: c.now, timeZone: c.timeZone).map { ISODate.format($0, in: c.timeZone) } ?? "none"
            if got != c.expected["due"] { failures.append("\(c): expected \(c.expected["due"] ?? "?"), got \(got)") }
        }
        #expect(failures.isEmpty, "\(failures.count) parseDate mismatches:\n\(failures.joined(separator: "\n"))")
    }

    @Test func fixturesCoverSeveralClocksZonesAndBothDSTChanges() throws {
        let cases = try FixtureCase.load(suffix: ".cases")
        let zones = Set(cases.map(\.timeZone.identifier))
        #expect(zones.isSuperset(of: ["Europe/London", "America/New_York", "Asia/Tokyo"]) && zones.count >= 6)
        let nows = Set(cases.map(\.nowText))
        for moment in ["2026-12-05T14:00", "2026-12-02T23:50", "2026-12-31T18:00", "2027-03-27T12:00", "2026-10-24T12:00",
            "2027-03-13T12:00", "2026-10-31T12:00"]
        {
            #expect(nows.contains(moment), "no golden case at \(moment)")
        }
    }
}
