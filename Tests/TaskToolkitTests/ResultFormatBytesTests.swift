import Foundation
import Testing
import TaskCore
import TaskStore
import TaskerTestSupport
@testable import TaskToolkit

/// The task JSON written straight into bytes (`appendTask`, `appendResult`) against the `JSONValue`
/// forms every other door encodes: the same bytes, on tasks that use every field.
@Suite struct ResultFormatBytesTests {
    static let zones = ["Europe/London", "UTC", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe", "Pacific/Chatham"]

    /// Tasks with notes, tags, Unicode and escapes, nulls, sealed notes, recurrence, reminders, places,
    /// date-only dues, dates either side of DST changes and before 1970.
    static func variedTasks(count: Int) -> [TaskItem] {
        var random = SeededRandom(seed: 13)
        func pick<T>(_ options: [T]) -> T { options[Int(random.next() % UInt64(options.count))] }
        let texts = ["Call mom", "", "naïve café ☕️ 日本語", "quote \" backslash \\ tab \t newline \n", "\u{0}\u{1f}\u{7f}", "line\u{2028}sep\u{2029}",
                     "👩‍👩‍👧 family", String(repeating: "x", count: 300)]
        func date() -> Date {
            Date(timeIntervalSince1970: Double(Int64(random.next() % 4_000_000_000) - 500_000_000) + pick([0, 0.25, 0.999]))
        }
        return (0..<count).map { i in
            let due: Date? = pick([nil, date()])
            var task = TaskItem(
                id: TaskID(Int64(i * 977 + 1)), title: pick(texts) + " \(i)", notes: pick([nil, pick(texts)]), due: due,
                priority: pick(Priority.allCases), estimateMinutes: pick([nil, 0, 7, 45, 10_080]), energy: pick([nil] + Energy.allCases.map(Optional.some)),
                contexts: pick([[], ["errands"], ["phone", "work", "ünï"], [pick(texts)]]), kind: pick([nil] + TaskKind.allCases.map(Optional.some)),
                status: pick([.open, .done]), stage: pick([nil, "Next", "Waiting", "Ça va"]), list: pick(["Inbox", "Home \"quoted\""]),
                project: pick([nil, "Kitchen", "日本"]), parent: pick([nil, TaskID(3)]),
                recurrence: pick([nil, RecurrenceRule(frequency: .daily), RecurrenceRule(frequency: .weekly, interval: 2, weekdays: [.mon, .fri]),
                                  RecurrenceRule(frequency: .monthly, interval: 3)]),
                deferUntil: pick([nil, LocalDate(year: 2026, month: 12, day: 24)]), created: date(), updated: date(),
                completed: pick([nil, date()]), dueDay: due == nil ? nil : pick([nil, LocalDate(year: 2027, month: 3, day: 28)]),
                remind: pick([nil, .minutesBefore(15), .at(date())]),
                place: pick([nil, PlaceBinding(place: "Supermarket", trigger: .arrive), PlaceBinding(place: "Office \"HQ\"", trigger: .leave)]))
            task.notesLocked = i % 9 == 4
            if task.notesLocked { task.notes = nil }
            return task
        }
    }

    @Test(arguments: zones) func appendTaskWritesWhatTheJSONValueEncodes(zone: String) throws {
        let format = ResultFormat(timeZone: try #require(TimeZone(identifier: zone)))
        for (i, task) in Self.variedTasks(count: 400).enumerated() {
            var bytes: [UInt8] = []
            format.appendTask(task, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == format.task(task).encoded())
            var withDepth: [UInt8] = []
            format.appendTask(task, depth: i % 4, to: &withDepth)
            guard case .object(var members) = format.task(task) else { Issue.record("not an object"); return }
            members["depth"] = .int(i % 4)
            #expect(String(decoding: withDepth, as: UTF8.self) == JSONValue.object(members).encoded())
        }
    }

    @Test func resultsWrittenDirectlyMatchTheirJSON() throws {
        let format = ResultFormat(timeZone: try #require(TimeZone(identifier: "Europe/London")))
        let tasks = Self.variedTasks(count: 60)
        func check(_ output: some ToolOutput) {
            var bytes: [UInt8] = []
            output.appendResult(format, to: &bytes)
            var members = output.json(format)
            members["ok"] = true
            #expect(String(decoding: bytes, as: UTF8.self) == JSONValue.object(members).encoded())
        }
        check(TaskOutput(task: tasks[0]))
        check(ListTasks.Output(filter: .today, tasks: tasks))
        check(ListTasks.Output(filter: .open, tasks: []))
        check(ListTasks.Output(filter: .all, tasks: tasks, depths: tasks.indices.map { $0 % 3 }))
        check(ListTasks.Output(filter: .all, tasks: tasks, depths: nil, syncErrors: [tasks[0].id: "the server refused it (HTTP 400: \"DUE\")", tasks[7].id: "é"]))
        check(CompleteTask.Output(task: tasks[1], next: nil))
        check(CompleteTask.Output(task: tasks[2], next: tasks[3], subtasks: Array(tasks[4..<7]), subtaskNexts: [tasks[8]]))
    }

    @Test func theToolkitsByteDoorAnswersAsItsJSONDoor() throws {
        let f = try ToolkitFixture()
        _ = try f.call("create_place", ["name": "Supermarket", "latitude": 51.5, "longitude": -0.1])
        for arguments: JSONValue in [
            ["title": "Plain"], ["title": "Dated", "due": "2026-12-02T17:00", "contexts": ["phone"], "notes": "a \"note\""],
            ["title": "Day only", "due": "2026-12-03", "recurrence": ["frequency": "weekly"], "remind": 30],
            ["title": "At the shop", "place": "Supermarket", "priority": "high"], ["title": "Nope", "project": "Missing"],
        ] {
            var bytes: [UInt8] = []
            try f.toolkit.call("create_task", arguments, appendingTo: &bytes)
            let text = String(decoding: bytes, as: UTF8.self)
            let id = try JSONValue.parse(text)["task"]?["id"]?.intValue
            // The same call through the JSON door would create another task: compare against a re-read instead.
            if let id {
                var again: [UInt8] = []
                try f.toolkit.call("list_tasks", ["filter": "all", "limit": 1000], appendingTo: &again)
                let listed = try f.toolkit.call("list_tasks", ["filter": "all", "limit": 1000])
                #expect(String(decoding: again, as: UTF8.self) == listed.encoded())
                #expect(listed["tasks"]?.arrayValue?.contains { $0["id"] == .int(id) } == true)
            } else {
                #expect(text == (try f.toolkit.call("create_task", arguments)).encoded())
            }
        }
    }
}
