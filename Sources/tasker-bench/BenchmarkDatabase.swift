import Foundation
import TaskCore
import TaskStore

/// A database for benchmarks in its own temp folder, with the clock fixed at Wed 2 Dec 2026 10:30
/// in London: 100,000 tasks, 10,000 of them open (ids ending in 0), due dates spread over 60 days.
struct BenchmarkDatabase {
    static let zone = TimeZone(identifier: "Europe/London") ?? .current
    static let now = ISODate.parse("2026-12-02T10:30", in: zone) ?? Date()
    static let words = ["kitchen", "report", "invoice", "garden", "dentist", "groceries", "taxes", "slides", "budget", "renovation",
                        "meeting", "roadmap", "holiday", "laundry", "insurance", "birthday", "podcast", "newsletter", "review", "deploy"]

    let folder: URL
    let path: String
    let store: TaskStore
    /// Milliseconds the bulk insert of the 100,000 tasks took.
    let insertMilliseconds: Double

    /// Creates and fills the database; `errands(i)` says which task numbers get the `errands` context.
    init(name: String, errands: (Int) -> Bool) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tasker-bench-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        path = folder.appendingPathComponent("bench.sqlite").path
        let now = Self.now
        store = try TaskStore(path: path, clock: { now }, timeZone: Self.zone)
        try store.bootstrap()
        let drafts = (0..<100_000).map { i -> TaskDraft in
            var draft = TaskDraft(title: "Task \(i) \(Self.words[i % Self.words.count])")
            draft.due = now.addingTimeInterval(Double((i % 60) - 20) * 86_400 + Double(i % 7) * 3_600)
            draft.priority = Priority.allCases[i % 4]
            draft.estimateMinutes = [5, 15, 30, 45, 60, 90][i % 6]
            draft.energy = i % 3 == 0 ? nil : Energy.allCases[i % 3]
            draft.contexts = errands(i) ? ["errands"] : []
            return draft
        }
        let start = DispatchTime.now().uptimeNanoseconds
        let created = try Tasks(store).createTasks(drafts)
        insertMilliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        _ = try Tasks(store).completeTasks(created.filter { $0.id.rawValue % 10 != 0 }.map(\.id))
    }

    /// Deletes the folder.
    func remove() { try? FileManager.default.removeItem(at: folder) }
}
