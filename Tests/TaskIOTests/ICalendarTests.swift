import Foundation
import Testing
import TaskCore
import TaskStore
import TaskerTestSupport
@testable import TaskIO

@Suite struct ICalendarTests {
    @Test func foldingKeepsUTF8WholeAndLinesShort() {
        let line = "SUMMARY:" + String(repeating: "ü", count: 80)
        let folded = ICalendarWriter.fold(line)
        for piece in folded.components(separatedBy: "\r\n") { #expect(piece.utf8.count <= 75) }
        #expect(folded.replacingOccurrences(of: "\r\n ", with: "") == line)
        #expect(ICalendarWriter.escape("a,b;c\\d\ne") == "a\\,b\\;c\\\\d\\ne")
    }

    /// The Python `icalendar` package (in the .venv that `scripts/setup --with-python` makes) reads it back.
    @Test func pythonICalendarReadsEveryTask() throws {
        guard VenvPython.isInstalled else {
            Issue.record("no .venv at \(VenvPython.url.path): run scripts/setup --with-python (it installs icalendar)")
            return
        }
        let f = try IOFixture.seeded()
        let path = f.dir.path("tasks.ics")
        let records = try f.store.records()
        try Data(ICalendarWriter(stamp: at("2026-03-10T12:00")).write(records).utf8).write(to: URL(fileURLWithPath: path))
        let script = """
            import json, sys, icalendar
            cal = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
            out = []
            for t in cal.walk('VTODO'):
                out.append({'uid': str(t['UID']), 'summary': str(t['SUMMARY']), 'status': str(t['STATUS']),
                            'due': t['DUE'].dt.isoformat() if 'DUE' in t else None,
                            'categories': [str(c) for c in t['CATEGORIES'].cats] if 'CATEGORIES' in t else [],
                            'rrule': t['RRULE'].to_ical().decode() if 'RRULE' in t else None,
                            'related': str(t['RELATED-TO']) if 'RELATED-TO' in t else None,
                            'description': str(t['DESCRIPTION']) if 'DESCRIPTION' in t else None})
            print(json.dumps(out))
            """
        let run = try VenvPython.run(["-c", script, path])
        #expect(run.status == 0)
        let parsed = try JSONValue.parse(run.stdout).arrayValue ?? []
        #expect(parsed.count == records.tasks.count)
        let rent = try require(parsed.first { $0["summary"] == "Pay rent" && $0["status"] == "NEEDS-ACTION" })
        #expect(rent["due"] == "2026-03-31T09:00:00+00:00" && rent["rrule"] == "FREQ=MONTHLY")
        #expect(rent["description"] == "line one\nline \"two\" — ü")
        let tape = try require(parsed.first { $0["summary"] == "Buy tape" })
        let pack = try require(records.tasks.first { $0.title == "Pack books" })
        #expect(tape["related"] == .string(pack.uuid) && tape["categories"] == ["errand", "shop"])
    }
}
