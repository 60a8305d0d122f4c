import Foundation
import TaskCore
import TaskNL

/// Sentences per second through `TaskNLParser.parse` over the golden fixture inputs, on one core.
/// Target: at least 50,000 per second (release build).
enum ParserBenchmark {
    static func run() throws {
        let inputs = fixtureInputs()
        let zone = TimeZone(identifier: "Europe/London") ?? TimeZone.current
        let now = ISODate.parse("2026-12-02T10:30", in: zone) ?? Date()
        let parser = TaskNLParser()
        var checksum = 0
        // Warm up, then run for about two seconds.
        for text in inputs { checksum &+= parser.parse(text, now: now, timeZone: zone).understood.count }
        var parsed = 0
        let start = Date()
        var elapsed = 0.0
        while elapsed < 2 {
            for text in inputs { checksum &+= parser.parse(text, now: now, timeZone: zone).understood.count }
            parsed += inputs.count
            elapsed = Date().timeIntervalSince(start)
        }
        let rate = Double(parsed) / elapsed
        print("parser: \(inputs.count) fixture sentences, \(parsed) parses in \(String(format: "%.2f", elapsed)) s")
        print("parser: \(Int(rate)) sentences/s (target ≥ 50000) \(rate >= 50_000 ? "ok" : "BELOW TARGET")  [checksum \(checksum)]")
        var jsonCount = 0
        let jsonStart = Date()
        for text in inputs { jsonCount += parser.parse(text, now: now, timeZone: zone).json(timeZone: zone).encoded().utf8.count }
        let jsonRate = Double(inputs.count) / Date().timeIntervalSince(jsonStart)
        print("parser: \(Int(jsonRate)) sentences/s including JSON encoding  [\(jsonCount) bytes]")
    }

    /// The `> ` lines of `Fixtures/parser/*.cases`, found from this source file; a few seed sentences if absent.
    static func fixtureInputs() -> [String] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Fixtures/parser").standardized
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var inputs: [String] = []
        for name in names.sorted() where name.hasSuffix(".cases") {
            guard let text = try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) else { continue }
            for line in text.split(separator: "\n") where line.hasPrefix("> ") { inputs.append(String(line.dropFirst(2))) }
        }
        return inputs.isEmpty
            ? ["call mom tomorrow 5pm #family !high ~15m", "pay rent by jun 1 urgent", "remind me to buy milk tonight",
               "standup every weekday 9:15am ~15m #work", "buy 5 apples at 5"]
            : inputs
    }
}
