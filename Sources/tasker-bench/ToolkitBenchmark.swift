import Foundation
import TaskCore
import TaskStore
import TaskToolkit

/// The engine's figures through the toolkit, as every door sees them: a database of 100,000 tasks
/// (10,000 of them open) and 10,000 pages, in a temp folder.
enum ToolkitBenchmark {
    static func run() throws {
        let database = try BenchmarkDatabase(name: "toolkit", errands: { $0 % 5 == 0 })
        defer { database.remove() }
        let store = database.store
        let toolkit = TaskToolkit(store: store)
        report("insert 100,000 tasks (bulk)", database.insertMilliseconds, target: 5_000)

        for i in 0..<10_000 {
            _ = try Pages(store).createPage(
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

    static let words = BenchmarkDatabase.words

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
