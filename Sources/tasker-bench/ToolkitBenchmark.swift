import Foundation
import TaskCore
import TaskToolkit

/// The engine's figures through the toolkit, as every door sees them: a database of 100,000 tasks
/// (10,000 of them open) and 10,000 pages, in a temp folder.
enum ToolkitBenchmark {
    static func run() throws {
        let zone = TimeZone(identifier: "Europe/London")!
        let now = ISODate.parse("2026-12-02T10:30", in: zone)!
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tasker-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try TaskStore(path: folder.appendingPathComponent("bench.sqlite").path, clock: { now }, timeZone: zone)
        try store.bootstrap()
        let toolkit = TaskToolkit(store: store)

        // 100,000 tasks in one bulk call: 10,000 open, 90,000 done; due dates spread over 60 days.
        let drafts = (0..<100_000).map { i -> TaskDraft in
            var draft = TaskDraft(title: "Task \(i) \(words[i % words.count])")
            draft.due = now.addingTimeInterval(Double((i % 60) - 20) * 86_400 + Double(i % 7) * 3_600)
            draft.priority = Priority.allCases[i % 4]
            draft.estimateMinutes = [5, 15, 30, 45, 60, 90][i % 6]
            draft.energy = i % 3 == 0 ? nil : Energy.allCases[i % 3]
            draft.contexts = i % 5 == 0 ? ["errands"] : []
            return draft
        }
        let insert = try time { _ = try store.createTasks(drafts) }
        report("insert 100,000 tasks (bulk)", insert, target: 5_000)
        let toComplete = try store.tasks(TaskQuery(filter: .all, limit: 100_000)).filter { $0.id.rawValue % 10 != 0 }
        for task in toComplete { _ = try store.completeTask(task.id) }

        for i in 0..<10_000 {
            _ = try store.createPage(
                title: "Page \(i) \(words[i % words.count])",
                body: (0..<40).map { words[($0 * 7 + i) % words.count] }.joined(separator: " "),
                labels: i % 10 == 0 ? ["weekly"] : [])
        }

        report("list_tasks today (limit 50)", try median(200) { _ = try toolkit.call("list_tasks", ["filter": "today"]) }, target: 5)
        report("plan_day 180 min over 10,000 open", try median(50) { _ = try toolkit.call("plan_day", ["budget_minutes": 180, "energy": "focused"]) }, target: 20)
        var n = 0
        report("search_pages (10,000 pages)", try median(200) {
            n += 1
            _ = try toolkit.call("search_pages", ["query": .string(words[n % words.count])])
        }, target: 10)
        report("create_task (one transaction each)", try median(1_000) { _ = try toolkit.call("create_task", ["title": "Fresh task", "due": "tomorrow 5pm"]) }, target: 1)
    }

    static let words = ["kitchen", "report", "invoice", "garden", "dentist", "groceries", "taxes", "slides", "budget", "renovation",
                        "meeting", "roadmap", "holiday", "laundry", "insurance", "birthday", "podcast", "newsletter", "review", "deploy"]

    static func time(_ body: () throws -> Void) throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }

    /// Median milliseconds over `runs` calls (after two warm-up calls).
    static func median(_ runs: Int, _ body: () throws -> Void) throws -> Double {
        try body()
        try body()
        var samples: [Double] = []
        for _ in 0..<runs { samples.append(try time(body)) }
        samples.sort()
        return samples[samples.count / 2]
    }

    static func report(_ name: String, _ milliseconds: Double, target: Double) {
        let verdict = milliseconds <= target ? "ok" : "OVER"
        let padded = name.padding(toLength: 40, withPad: " ", startingAt: 0)
        print("\(padded) \(String(format: "%9.3f", milliseconds)) ms   (target ≤ \(target) ms) \(verdict)")
    }
}
