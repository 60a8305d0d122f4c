import Foundation
import Testing
import TaskCore
import TaskStore
import TaskerTestSupport

/// Against the real Taskwarrior (Debian `taskwarrior`, 2.6): its export into Tasker, and Tasker's
/// export into it, compared field by field. TASKRC and TASKDATA live in the test's own folder.
@Suite struct TaskwarriorTests {
    static var available: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/task") }

    /// Runs a shell script with `task` confined to `dir` and `$TASKER` the built binary on `dir/db.sqlite`.
    func sh(_ script: String, in dir: TemporaryDirectory) throws -> TaskerBinary.Result {
        let rc = dir.path("taskrc")
        if !FileManager.default.fileExists(atPath: rc) {
            try "data.location=\(dir.folder("taskdata"))\nconfirmation=off\nverbose=nothing\nnews.version=2.6.2\njson.array=on\nrecurrence.limit=1\n"
                .write(toFile: rc, atomically: true, encoding: .utf8)
        }
        return try TaskerBinary.shell(
            "cd '\(dir.path)' && " + script,
            environment: ["TASKRC": rc, "TASKDATA": dir.path("taskdata"), "TASKER_DB": dir.path("db.sqlite"), "TZ": "UTC"])
    }

    func records(_ dir: TemporaryDirectory) throws -> RecordSet {
        try RecordSets(TaskStore(path: dir.path("db.sqlite"), timeZone: TimeZone(identifier: "UTC")!)).records()
    }

    /// A description over the 1 MiB field limit costs its task alone: one warning naming it, the rest imported.
    @Test func aTooLongDescriptionIsOneWarningAndTheRestImports() throws {
        let dir = TemporaryDirectory("tw-long")
        try (#"{"uuid":"0b0e5f6a-1c2d-4e3f-8a9b-0c1d2e3f4a5b","description":""# + String(repeating: "x", count: 3_000_000) + "\"}\n"
            + #"{"uuid":"1b0e5f6a-1c2d-4e3f-8a9b-0c1d2e3f4a5b","description":"Short"}"# + "\n").write(toFile: dir.path("tw.json"), atomically: true, encoding: .utf8)
        let run = try sh("$TASKER import --taskwarrior tw.json", in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("tasker: warning: line 1: task 0b0e5f6a-1c2d-4e3f-8a9b-0c1d2e3f4a5b not imported: its description is 2.9 MB, over the 1 MB limit for one field; shorten it in Taskwarrior and import again"), "\(run.stderr)")
        #expect(try records(dir).tasks.map(\.title) == ["Short"])
    }

    @Test(.enabled(if: available)) func taskwarriorExportImportsWithEveryMappedField() throws {
        let dir = TemporaryDirectory("tw")
        let added = try sh("""
            task add Pay rent due:2026-03-31T09:00 recur:monthly priority:H project:Home.Finance +bills +admin >/dev/null &&
            task add Call mom priority:M wait:2026-04-01 due:2026-04-05T17:00 >/dev/null &&
            task add Old priority:L >/dev/null && task description:Old done >/dev/null &&
            task add Gone >/dev/null && task description:Gone delete >/dev/null &&
            task add Blocked depends:$(task 'description:Call mom' _uuids) >/dev/null &&
            task add Odd recur:3d due:2026-05-01 >/dev/null &&
            task 'description:Call mom' annotate 'bring flowers' >/dev/null && task 'description:Call mom' annotate 'ask about June' >/dev/null &&
            task export > tw.json && $TASKER import --taskwarrior tw.json
            """, in: dir)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.hasPrefix("added "))
        let tw = try JSONValue.parse(try String(contentsOfFile: dir.path("tw.json"), encoding: .utf8)).arrayValue ?? []
        let r = try records(dir)
        #expect(r.tasks.count == tw.count)
        func task(_ title: String, _ extra: (TaskRecord) -> Bool = { _ in true }) throws -> TaskRecord {
            try #require(r.tasks.first { $0.title == title && extra($0) })
        }
        func source(_ uuid: String) throws -> JSONValue { try #require(tw.first { $0["uuid"]?.stringValue == uuid }) }

        let rent = try task("Pay rent") { $0.extras["imask"] == 0 }
        #expect(rent.priority == .high && rent.contexts.sorted() == ["admin", "bills"])
        #expect(rent.recurrence == RecurrenceRule(frequency: .monthly) && rent.due == ISODate.parse("2026-03-31T09:00Z", in: .gmt))
        #expect(r.projects.first { $0.uuid == rent.project }?.name == "Home.Finance")
        let template = try task("Pay rent") { $0.extras["status"] == "recurring" }
        #expect(template.status == .done && rent.extras["parent"]?.stringValue == template.uuid)

        let mom = try task("Call mom")
        #expect(mom.notes == "bring flowers\nask about June" && mom.extras["priority"] == "M" && mom.priority == .normal)
        #expect(mom.deferUntil == LocalDate(year: 2026, month: 4, day: 1) && mom.status == .open)
        #expect(mom.created == TaskwarriorTestDate.parse(try source(mom.uuid)["entry"]?.stringValue))
        #expect(mom.modified == TaskwarriorTestDate.parse(try source(mom.uuid)["modified"]?.stringValue))

        let old = try task("Old")
        #expect(old.status == .done && old.priority == .low && old.completed != nil)
        let gone = try task("Gone")
        #expect(gone.status == .done && gone.extras["status"] == "deleted")
        let blocked = try task("Blocked")
        #expect(blocked.extras["depends"] == (try source(blocked.uuid))["depends"])
        let odd = try task("Odd") { $0.extras["imask"] == 0 }
        #expect(odd.recurrence == RecurrenceRule(frequency: .daily, interval: 3) && odd.extras["recur"] == "3d")
        // `due:2026-05-01` is Taskwarrior's local midnight: a date-only due here.
        #expect(odd.dueDay == LocalDate(year: 2026, month: 5, day: 1) && odd.due == nil)
    }

    @Test(.enabled(if: available)) func taskerExportIsReadByTaskImportOnMappedFields() throws {
        let dir = TemporaryDirectory("tw")
        let made = try sh("""
            $TASKER call create_task '{"title":"Write report","due":"2026-03-20T17:00:00Z","priority":"high","contexts":["work"],"notes":"draft first\\nthen edit"}' >/dev/null &&
            $TASKER call create_project '{"name":"Garden"}' >/dev/null &&
            $TASKER call create_task '{"title":"Water plants","project":"Garden","recurrence":{"frequency":"weekly","interval":2},"due":"2026-03-21T08:00:00Z","priority":"low"}' >/dev/null &&
            $TASKER call create_task '{"title":"Later","defer_until":"2026-04-02"}' >/dev/null &&
            $TASKER call create_task '{"title":"Dentist","due":"2026-03-25"}' >/dev/null &&
            $TASKER call create_task '{"title":"Finished"}' >/dev/null && $TASKER call complete_task '{"title":"Finished"}' >/dev/null &&
            $TASKER export --taskwarrior --output mine.json && task import mine.json >/dev/null 2>&1; task export > theirs.json
            """, in: dir)
        #expect(made.status == 0, "\(made.stderr)")
        let mine = try JSONValue.parse(try String(contentsOfFile: dir.path("mine.json"), encoding: .utf8)).arrayValue ?? []
        let theirs = try JSONValue.parse(try String(contentsOfFile: dir.path("theirs.json"), encoding: .utf8)).arrayValue ?? []
        #expect(mine.count == 5)
        #expect(mine.first { $0["description"] == "Dentist" }?["due"] == "20260325T000000Z", "a date-only due goes out as local midnight")
        let fields = ["description", "status", "due", "wait", "priority", "tags", "project", "recur", "entry", "end"]
        for ours in mine {
            let uuid = try #require(ours["uuid"]?.stringValue)
            let back = try #require(theirs.first { $0["uuid"]?.stringValue == uuid }, "task import lost \(uuid)")
            for field in fields {
                // Taskwarrior turns a pending task with a recur into the series' template ("recurring").
                if field == "status", ours["recur"] != nil, back["status"] == "recurring" { continue }
                #expect(ours[field] == back[field], "\(field) of \(ours["description"] ?? nil)")
            }
            let notes = { (v: JSONValue) in (v["annotations"]?.arrayValue ?? []).compactMap { $0["description"]?.stringValue } }
            #expect(notes(ours) == notes(back))
        }
        // And back again: Taskwarrior's export imports into a fresh Tasker with the same fields.
        let again = try sh("TASKER_DB=again.sqlite $TASKER import --taskwarrior theirs.json && TASKER_DB=again.sqlite $TASKER call list_tasks '{\"filter\":\"all\"}'", in: dir)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("\"due\":\"2026-03-25\""), "the day comes back a day: \(again.stdout)")
    }
}

enum TaskwarriorTestDate {
    static func parse(_ text: String?) -> Date? {
        guard let t = text, t.count == 16 else { return nil }
        let iso = "\(t.prefix(4))-\(t.dropFirst(4).prefix(2))-\(t.dropFirst(6).prefix(2))T\(t.dropFirst(9).prefix(2)):\(t.dropFirst(11).prefix(2)):\(t.dropFirst(13).prefix(2))Z"
        return ISODate.parse(iso, in: .gmt)
    }
}
