import Foundation
import Testing
@testable import TaskCLI

/// The import progress line: silent for the first second, then redrawn in place on a terminal (at
/// most ten times a second) or a plain line every two seconds in a log, and cleared at the end.
@Suite struct ImportProgressTests {
    final class Clock: @unchecked Sendable {
        var now = Date(timeIntervalSince1970: 1_000)
        func advance(_ seconds: Double) { now = now.addingTimeInterval(seconds) }
    }

    func make(live: Bool) -> (ImportProgress, Clock, () -> [String]) {
        let clock = Clock()
        var lines: [String] = []
        let progress = ImportProgress(source: "tw.json", live: live, clock: { clock.now }, write: { lines.append($0) })
        return (progress, clock, { lines })
    }

    @Test func aShortImportShowsNothing() {
        let (p, clock, lines) = make(live: true)
        clock.advance(0.5)
        p.phase("comparing 10 records with the database")
        p.written(10, of: 10)
        p.finish()
        #expect(lines().isEmpty)
    }

    @Test func onATerminalOneLineIsRedrawnThrottledAndCleared() {
        let (p, clock, lines) = make(live: true)
        clock.advance(1.2)
        p.phase("comparing 100,000 records with the database")
        for done in stride(from: 1_000, through: 5_000, by: 1_000) {
            clock.advance(0.02)
            p.written(done, of: 100_000)
        }
        clock.advance(0.2)
        p.written(6_000, of: 100_000)
        p.written(100_000, of: 100_000)
        p.finish()
        #expect(lines() == [
            "\r\u{1B}[Kimporting tw.json: comparing 100,000 records with the database",
            "\r\u{1B}[Kimporting tw.json: writing 6,000 of 100,000 tasks (6%)",
            "\r\u{1B}[Kimporting tw.json: writing 100,000 of 100,000 tasks (100%)",
            "\r\u{1B}[K",
        ])
    }

    @Test func inALogAPlainLineEveryTwoSeconds() {
        let (p, clock, lines) = make(live: false)
        clock.advance(1)
        for done in stride(from: 10_000, through: 50_000, by: 10_000) {
            p.written(done, of: 50_000)
            clock.advance(0.9)
        }
        p.finish()
        #expect(lines() == [
            "importing tw.json: writing 10,000 of 50,000 tasks (20%)\n",
            "importing tw.json: writing 40,000 of 50,000 tasks (80%)\n",
        ])
    }

    @Test func numbersAreGrouped() {
        #expect([0, 999, 1_000, 12_345, 100_000, 1_234_567].map(ImportProgress.grouped) == ["0", "999", "1,000", "12,345", "100,000", "1,234,567"])
    }
}
