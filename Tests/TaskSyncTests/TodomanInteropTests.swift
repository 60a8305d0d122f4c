import Foundation
import Testing
import TaskCore
import TaskStore
import TaskSync
import TaskerTestSupport

/// todoman (PyPI), a command-line client people pair with vdirsyncer, reads what Tasker synced: it is
/// pointed at Radicale's storage folder (a vdir: one `.ics` per item, which is what vdirsyncer keeps
/// on disk too) and lists every task with the title, due, priority, categories, notes and status
/// Tasker sent. A smoke test of interop, read-only: todoman writing behind Radicale's back is not a
/// way anyone syncs.
@Suite(.serialized) struct TodomanInteropTests {
    static let todo = VenvPython.url.deletingLastPathComponent().appendingPathComponent("todo")

    @Test func todomanListsWhatTaskerSynced() throws {
        guard CalDAVLab.isAvailable, FileManager.default.isExecutableFile(atPath: Self.todo.path) else {
            Issue.record("SKIPPED: .venv has no radicale/caldav/todoman; run scripts/setup --with-python")
            return
        }
        let lab = try CalDAVLab()
        defer { lab.stop() }
        let a = try lab.device("a")
        let day = LocalDate(year: 2026, month: 12, day: 10)
        let rent = try Tasks(a).createTask(TaskDraft(title: "Pay rent", notes: "bank, then landlord", priority: .high, contexts: ["home"], dueDay: day))
        _ = try Tasks(a).createTask(TaskDraft(title: "Call Bob", due: day.instant(hour: 14, minute: 30, in: lab.utc), priority: .critical))
        _ = try Tasks(a).createTask(TaskDraft(title: "Find the lease", parent: rent.id))
        let done = try Tasks(a).createTask(TaskDraft(title: "Buy stamps"))
        _ = try Tasks(a).completeTask(done.id)
        #expect(try lab.provider().sync(a).uploaded == 4)

        let config = lab.directory.path("todoman.py")
        try """
            path = "\(lab.storage)/collection-root/user/*"
            date_format = "%Y-%m-%d"
            time_format = "%H:%M"
            default_list = "tasks"
            cache_path = "\(lab.directory.path("todoman-cache.sqlite3"))"
            """.write(toFile: config, atomically: true, encoding: .utf8)
        let todo = try VenvPython.run(Self.todo, ["--config", config, "--porcelain", "list", "--status", "ANY"],
                                      environment: ["TZ": "UTC", "HOME": lab.directory.url.path])
        #expect(todo.status == 0)
        let listed = try JSONValue.parse(todo.stdout).arrayValue ?? []
        let byTitle = Dictionary(listed.compactMap { t in t["summary"]?.stringValue.map { ($0, t) } }, uniquingKeysWith: { a, _ in a })
        #expect(Set(byTitle.keys) == ["Pay rent", "Call Bob", "Find the lease", "Buy stamps"])
        #expect(byTitle["Pay rent"]?["due"]?.intValue == Int(day.startOfDay(in: lab.utc).timeIntervalSince1970))
        #expect(byTitle["Pay rent"]?["priority"]?.intValue == 3)
        #expect(byTitle["Pay rent"]?["categories"] == ["home"])
        #expect(byTitle["Pay rent"]?["description"]?.stringValue == "bank, then landlord")
        #expect(byTitle["Call Bob"]?["due"]?.intValue == Int(day.instant(hour: 14, minute: 30, in: lab.utc).timeIntervalSince1970))
        #expect(byTitle["Call Bob"]?["priority"]?.intValue == 1)
        #expect(byTitle["Buy stamps"]?["completed"] == true)
        #expect(byTitle["Find the lease"]?["completed"] == false)
    }
}
