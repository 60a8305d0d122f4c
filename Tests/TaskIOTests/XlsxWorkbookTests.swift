import Foundation
import Testing
import TaskCore
import TaskStore
import TaskerTestSupport
@testable import TaskIO

@Suite struct XlsxWorkbookTests {
    /// openpyxl (in the .venv that `scripts/setup --with-python` makes) reads dates as dates, the
    /// frozen header, the autofilter range, and a title starting with `=` as text.
    @Test func openpyxlReadsTheWorkbook() throws {
        guard VenvPython.isInstalled else {
            Issue.record("no .venv at \(VenvPython.url.path): run scripts/setup --with-python (it installs openpyxl)")
            return
        }
        let f = try IOFixture.seeded()
        _ = try Tasks(f.store).createTask(TaskDraft(title: "=1+1"))
        let records = try RecordSets(f.store).records()
        let path = f.dir.path("tasks.xlsx")
        try XlsxWorkbook.write(records, to: path, timeZone: TimeZone(identifier: "Europe/Berlin")!)
        let script = """
            import json, sys, openpyxl
            wb = openpyxl.load_workbook(sys.argv[1])
            ws = wb['Tasks']
            rows = list(ws.iter_rows(min_row=2, values_only=True))
            rent = [r for r in rows if r[0] == 'Pay rent' and r[1] == 'open'][0]
            print(json.dumps({'freeze': ws.freeze_panes, 'filter': ws.auto_filter.ref, 'due_is_date': ws.cell(row=[i for i, r in enumerate(rows) if r is rent][0] + 2, column=3).is_date,
                              'due': rent[2].isoformat(), 'titles': sorted(r[0] for r in rows), 'formula_type': [ws.cell(row=i + 2, column=1).data_type for i, r in enumerate(rows) if r[0] == '=1+1'][0],
                              'projects': [list(r) for r in wb['Projects'].iter_rows(min_row=2, values_only=True)], 'pfreeze': wb['Projects'].freeze_panes}))
            """
        let run = try VenvPython.run(["-c", script, path])
        #expect(run.status == 0)
        let r = try JSONValue.parse(run.stdout)
        #expect(r["freeze"] == "A2" && r["pfreeze"] == "A2")
        #expect(r["filter"] == .string("A1:J\(records.tasks.count + 1)"))
        #expect(r["due_is_date"] == true && r["due"] == "2026-03-31T11:00:00")  // 09:00 UTC is 11:00 in Berlin (summer time)
        #expect(r["formula_type"] == "s")
        #expect(r["projects"] == [["Move house", 1, 0, 0]])
    }

    /// LibreOffice headless converts the workbook to CSV (UTF-8 filter option 76) where it is
    /// installed. CI does not install it (`libreoffice-calc-nogui` is several hundred MiB): then this
    /// says so loudly and checks nothing; openpyxl above is the reader CI runs.
    @Test func libreOfficeConvertsTheWorkbookToCSV() throws {
        let office = ["/usr/bin/soffice", "/usr/bin/libreoffice", "/usr/local/bin/soffice"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let office else {
            print("⚠️ SKIPPED libreOfficeConvertsTheWorkbookToCSV: LibreOffice is not installed (soffice not found); "
                  + "CI does not install it (libreoffice-calc-nogui is large). Install it to run this check: apt-get install libreoffice-calc-nogui")
            return
        }
        let f = try IOFixture.seeded()
        let path = f.dir.path("tasks.xlsx")
        try XlsxWorkbook.write(try RecordSets(f.store).records(), to: path, timeZone: TimeZone(identifier: "Europe/Berlin")!)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: office)
        process.arguments = ["-env:UserInstallation=file://\(f.dir.path("lo-profile"))", "--headless", "--convert-to",
                             "csv:Text - txt - csv (StarCalc):44,34,76", "--outdir", f.dir.path("csv"), path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let csv = try String(contentsOfFile: f.dir.path("csv/tasks.csv"), encoding: .utf8)
        #expect(csv.hasPrefix("Title,Status,Due"), "\(csv.prefix(200))")
        #expect(csv.contains("Pay rent"))
    }
}
