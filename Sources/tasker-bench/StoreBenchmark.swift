import Foundation
import TaskCore
import TaskStore

/// The store's performance targets, measured through the `TaskStore` API on a temporary file:
/// 100,000 tasks (10,000 open) and 10,000 pages.
enum StoreBenchmark {
    static func run() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tasker-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let zone = TimeZone(identifier: "UTC") ?? .current
        let now = Date()
        let store = try TaskStore(path: folder.appendingPathComponent("bench.sqlite").path, clock: { now }, timeZone: zone)
        try store.bootstrap()
        for name in ["Home", "Work", "Garden"] { _ = try Projects(store).createProject(name: name) }
        _ = try Projects(store).createList(name: "Errands")
        var rng = SplitMix(seed: 42)

        // 100,000 tasks in one call.
        let drafts = (0..<100_000).map { i in draft(i, now: now, rng: &rng) }
        let (created, insertSeconds) = try time { try Tasks(store).createTasks(drafts) }
        report("insert 100,000 tasks (createTasks)", seconds: insertSeconds, target: 5, unit: "s")

        // Keep 10,000 open: complete the rest (setup, one transaction).
        let toComplete = created.map(\.id).filter { $0.rawValue % 10 != 0 }
        let (_, completeSeconds) = try time { try Tasks(store).completeTasks(toComplete) }
        report("setup: complete 90,000 tasks (completeTasks)", seconds: completeSeconds, target: nil, unit: "s")

        // 10,000 pages.
        let (_, pageSeconds) = try time {
            for i in 0..<10_000 {
                let title = (0..<3).map { _ in words[rng.next(words.count)] }.joined(separator: " ").capitalized + " \(i)"
                let body = (0..<(40 + rng.next(160))).map { _ in words[rng.next(words.count)] }.joined(separator: " ")
                _ = try Pages(store).createPage(title: title, body: body, labels: i % 7 == 0 ? ["ref"] : [])
            }
        }
        report("setup: create 10,000 pages (createPage each)", seconds: pageSeconds, target: nil, unit: "s")

        let open = try Tasks(store).tasks(TaskQuery(filter: .open)).count
        let today = try Tasks(store).tasks(TaskQuery(filter: .today, limit: 50))
        print("  (\(open) open tasks; today returns \(today.count) with limit 50)")

        report("tasks(.today, limit 50) median", ms: try median(200) { _ = try Tasks(store).tasks(TaskQuery(filter: .today, limit: 50)) }, target: 5)
        report("tasks(.open, limit 50) median", ms: try median(200) { _ = try Tasks(store).tasks(TaskQuery(filter: .open, limit: 50)) }, target: 5)
        report("tasks(.available, limit 50) median", ms: try median(200) { _ = try Tasks(store).tasks(TaskQuery(filter: .available, limit: 50)) }, target: 5)
        report("tasks(.today, context, limit 50) median", ms: try median(100) { _ = try Tasks(store).tasks(TaskQuery(filter: .today, context: "phone", limit: 50)) }, target: 5)
        let plan = try DayPlanQuery(store).planDay(PlanRequest(budgetMinutes: 480, energy: .focused))
        print("  (plan: \(plan.items.count) items, \(plan.leftovers.count) leftovers)")
        report("planDay over \(open) open tasks median", ms: try median(30) { _ = try DayPlanQuery(store).planDay(PlanRequest(budgetMinutes: 480, energy: .focused)) }, target: 20)
        let queries = ["garden", "compost plan", "river", "ledger tax", "meeting notes", "alpha", "zebra"]
        var q = 0
        report("searchPages (1–2 words, limit 10) median", ms: try median(140) {
            _ = try Pages(store).searchPages(queries[q % queries.count]); q += 1
        }, target: 10)
        report("findTasks(titled:) over 100,000 median", ms: try median(50) { _ = try Tasks(store).findTasks(titled: "task 50000") }, target: nil)
        var n = 0
        report("createTask median (1,000 creates)", ms: try median(1000) {
            n += 1
            _ = try Tasks(store).createTask(TaskDraft(title: "single \(n)", due: now.addingTimeInterval(3600), contexts: ["bench"]))
        }, target: 1)
    }

    static func draft(_ i: Int, now: Date, rng: inout SplitMix) -> TaskDraft {
        let dueChoice = rng.next(10)
        let due: Date? = dueChoice < 3 ? nil : now.addingTimeInterval(TimeInterval((rng.next(60 * 24 * 30) - 60 * 24 * 5) * 60))
        return TaskDraft(
            title: "Task \(i) \(words[rng.next(words.count)])",
            due: due,
            priority: [Priority.low, .normal, .normal, .high, .critical][rng.next(5)],
            estimateMinutes: rng.next(4) == 0 ? nil : 5 * (1 + rng.next(24)),
            energy: [nil, Energy.quick, .focused, .deep][rng.next(4)],
            contexts: rng.next(3) == 0 ? [["phone", "home", "office", "errands"][rng.next(4)]] : [],
            kind: rng.next(20) == 0 ? .waiting : nil,
            list: rng.next(5) == 0 ? "Errands" : nil,
            project: rng.next(3) == 0 ? ["Home", "Work", "Garden"][rng.next(3)] : nil)
    }

    static func time<T>(_ body: () throws -> T) throws -> (T, Double) {
        let start = DispatchTime.now().uptimeNanoseconds
        let value = try body()
        return (value, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }

    /// The median wall time of `runs` calls, in milliseconds.
    static func median(_ runs: Int, _ body: () throws -> Void) throws -> Double {
        var samples: [Double] = []
        for _ in 0..<runs { samples.append(try time(body).1 * 1000) }
        samples.sort()
        return samples[samples.count / 2]
    }

    static func report(_ name: String, ms: Double, target: Double?) {
        report(name, seconds: ms, target: target, unit: "ms")
    }

    static func report(_ name: String, seconds value: Double, target: Double?, unit: String) {
        let figure = String(format: value < 10 ? "%.3f" : "%.1f", value)
        guard let target else {
            print("  \(name): \(figure) \(unit)")
            return
        }
        print("  \(name): \(figure) \(unit) (target ≤ \(String(format: "%g", target)) \(unit)) \(value <= target ? "OK" : "MISSED")")
    }

    static let words: [String] = {
        let base = """
            garden compost plan river ledger tax meeting notes alpha beta budget invoice travel ferry island
            recipe tomato winter summer school project launch review design draft email phone call family
            doctor dentist insurance mortgage bank receipt report quarter sales customer support release
            server backup laptop printer kitchen paint window door roof fence tree flower seed harvest
            """.split(whereSeparator: \.isWhitespace).map(String.init)
        // Add synthetic words so the vocabulary is large, like real notes.
        return base + (0..<2000).map { "w\($0)x" }
    }()
}

/// A small deterministic random number generator, so runs are comparable.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Int(z % UInt64(bound))
    }
}
