import Foundation
import TaskCore
import TaskCrypto
import TaskStore

/// Search with sealed page bodies: 10,000 pages sealed, then the first search of a fresh process
/// (open the store + open every body into the TEMP index) and later searches.
enum SealedSearchBenchmark {
    static func run() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tasker-bench-sealed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("bench.sqlite").path
        let crypto = try TaskCrypto(key: try DataKey.random())
        var rng = SplitMix(seed: 7)
        do {
            let store = try TaskStore(path: path)
            try store.bootstrap()
            try store.inOneTransaction {
                for i in 0..<10_000 {
                    let title = (0..<3).map { _ in StoreBenchmark.words[rng.next(StoreBenchmark.words.count)] }.joined(separator: " ").capitalized + " \(i)"
                    let body = (0..<(40 + rng.next(160))).map { _ in StoreBenchmark.words[rng.next(StoreBenchmark.words.count)] }.joined(separator: " ")
                    _ = try Pages(store).createPage(title: title, body: body)
                }
            }
            store.sealer = crypto
            let (count, seconds) = try StoreBenchmark.time { try Sealing(store).enableSealing() }
            StoreBenchmark.report("crypto enable: seal \(count.pageBodies) bodies + scrub (VACUUM)", seconds: seconds, target: nil, unit: "s")
        }
        let queries = ["garden", "compost plan", "river", "ledger tax", "meeting notes", "alpha", "zebra"]
        var cpu: [Double] = []
        StoreBenchmark.report("open + first search (TEMP index of 10,000 opened bodies) median", ms: try StoreBenchmark.median(7) {
            let started = threadCPUSeconds()
            let store = try TaskStore(path: path)
            store.sealer = crypto
            _ = try Pages(store).searchPages("garden")
            cpu.append((threadCPUSeconds() - started) * 1000)
        }, target: 300)
        // CPU time of this thread: what the wall time would be on an idle core (the box is often shared).
        StoreBenchmark.report("open + first search, CPU time median", ms: cpu.sorted()[cpu.count / 2], target: 300)
        let store = try TaskStore(path: path)
        store.sealer = crypto
        _ = try Pages(store).searchPages("garden")
        var q = 0
        StoreBenchmark.report("later searchPages, sealed (1–2 words, limit 10) median", ms: try StoreBenchmark.median(140) {
            _ = try Pages(store).searchPages(queries[q % queries.count]); q += 1
        }, target: 10)
        _ = try Pages(store).appendToPage(PageID(5), markdown: "one more line")
        StoreBenchmark.report("searchPages after one page changed (incremental) median", ms: try StoreBenchmark.median(20) {
            _ = try Pages(store).appendToPage(PageID(5), markdown: "x")
            _ = try Pages(store).searchPages("garden")
        }, target: nil)
    }

    static func threadCPUSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
