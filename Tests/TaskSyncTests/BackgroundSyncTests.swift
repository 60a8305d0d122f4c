import Foundation
import Testing
@testable import TaskSync
import TaskerTestSupport

/// What the background sync says after each attempt, and the lock that keeps syncs one at a time.
@Suite struct BackgroundSyncTests {
    final class Script: @unchecked Sendable {
        var outcomes: [Result<SyncReport?, SyncError>] = []
        func next() throws -> SyncReport? { try outcomes.removeFirst().get() }
    }

    func received(_ n: Int) -> SyncReport {
        var report = SyncReport()
        report.downloaded = n
        return report
    }

    @Test func aFailureIsSaidOnceARecoveryOnceAndAQuietSyncNever() {
        let script = Script()
        let down = SyncError.unreachable(url: "http://127.0.0.1:9/", detail: "Couldn't connect to server")
        script.outcomes = [.success(SyncReport()), .failure(down), .failure(down), .failure(.http(method: "REPORT", url: "u", status: 500)),
                           .success(nil), .success(received(1)), .success(SyncReport()), .success(received(2))]
        let background = BackgroundSync(interval: 60, attempt: { try script.next() })
        let said = (0..<8).map { _ in background.runOnce() }
        #expect(said[0] == nil, "a sync that changed nothing says nothing")
        #expect(said[1]?.failing == true)
        #expect(said[1]?.lines.first?.hasPrefix("sync failed: the CalDAV server at http://127.0.0.1:9/ is not reachable") == true)
        #expect(said[2] == nil, "the same failure again is not repeated")
        #expect(said[3]?.lines == ["sync failed: the CalDAV server answered REPORT u with HTTP 500; try again later"])
        #expect(said[4] == nil, "another sync held the lock: skipped")
        #expect(said[5] == BackgroundSync.Notice(lines: ["sync works again; synced: 0 sent, 1 received"], failing: false))
        #expect(said[6] == nil)
        #expect(said[7]?.lines == ["synced: 0 sent, 2 received"])
    }

    @Test func itRunsOnItsThreadEveryIntervalAndKeepsItsLinesForThePrompt() throws {
        let script = Script()
        let attempts = Counter()
        script.outcomes = [.failure(.unreachable(url: "u", detail: "down")), .success(received(1))] + Array(repeating: .success(SyncReport()), count: 500)
        let background = BackgroundSync(interval: 0.1, attempt: { attempts.add(); return try script.next() })
        background.start()
        defer { background.stop() }
        let deadline = Date().addingTimeInterval(20)
        while attempts.value < 3 && Date() < deadline { usleep(20_000) }
        background.stop()
        #expect(attempts.value >= 3)
        #expect(background.takeLines() == ["sync failed: the CalDAV server at u is not reachable (down); check `sync.url` in config.json and that the server is running",
                                           "sync works again; synced: 0 sent, 1 received"])
        #expect(background.takeLines().isEmpty, "each line is taken once")
        #expect(!background.isFailing)
    }

    @Test func oneSyncAtATimeAcrossThreads() throws {
        let dir = TemporaryDirectory("synclock")
        let lock = SyncLock(databasePath: dir.path("tasks.sqlite"))
        let inside = Counter()
        let entered = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let holder = Thread {
            _ = try? lock.run(waitingUpTo: 0) {
                inside.add()
                entered.signal()
                release.wait()
            }
        }
        holder.start()
        entered.wait()
        let busy: Void? = try lock.run(waitingUpTo: 0.2) { inside.add() }
        #expect(busy == nil, "a second sync does not start while the first holds the lock")
        #expect(inside.value == 1)
        release.signal()
        let after: Void? = try lock.run(waitingUpTo: 5) { inside.add() }
        #expect(after != nil, "it starts once the first has finished")
        #expect(inside.value == 2)
    }

    @Test func oneSyncAtATimeAcrossProcesses() throws {
        let dir = TemporaryDirectory("synclock")
        let lock = SyncLock(databasePath: dir.path("tasks.sqlite"))
        // Another process (util-linux flock(1)) holds the lock file until its stdin closes.
        let other = Process()
        other.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        other.arguments = [lock.path, "-c", "echo locked; read line"]
        let input = Pipe(), output = Pipe()
        other.standardInput = input
        other.standardOutput = output
        try other.run()
        #expect(CalDAVServer.readLine(output.fileHandleForReading) == "locked")
        #expect(try lock.run(waitingUpTo: 0.3) { true } == nil)
        try input.fileHandleForWriting.close()
        other.waitUntilExit()
        #expect(try lock.run(waitingUpTo: 5) { true } == true)
    }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func add() { lock.lock(); count += 1; lock.unlock() }
        var value: Int { lock.lock(); defer { lock.unlock() }; return count }
    }
}
