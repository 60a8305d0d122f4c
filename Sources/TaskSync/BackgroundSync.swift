import Foundation

/// Syncs every `interval` seconds on a thread of its own, for the chat and the MCP server: a user's
/// command or an MCP request never waits for it (it uses its own database connection, and the
/// network is never touched inside a write transaction).
///
/// It never throws and never stops the process: each outcome becomes at most a few lines for people
/// (`Notice`) — a failure once when it starts (and again when its reason changes), "sync works
/// again" when it recovers, and a summary when a sync brought or sent changes; a quiet success says
/// nothing. The first sync runs at `start()`. One attempt is the caller's `attempt` closure, which
/// takes the `SyncLock` (nil back means another sync held it: skipped until the next tick).
public final class BackgroundSync: @unchecked Sendable {
    /// What people should read after one background attempt.
    public struct Notice: Sendable, Equatable {
        public var lines: [String]
        /// True while the last attempt failed (the chat marks its prompt).
        public var failing: Bool
    }

    public let interval: Double
    private let attempt: () throws -> SyncReport?
    private let onNotice: (Notice) -> Void
    private let condition = NSCondition()
    private var stopped = false
    private var lastError: String?
    /// Lines not yet taken by `takeLines()`, and whether the last attempt failed (under `condition`).
    private var pending: [String] = []
    private var failing = false

    /// - Parameters:
    ///   - interval: seconds between attempts (at least 0.1).
    ///   - attempt: one sync; called on the background thread only (it may keep a store of its own).
    ///   - onNotice: called on the background thread when there is something to say (the MCP server
    ///     logs it); the lines are also kept for `takeLines()` (the chat shows them before its prompt).
    public init(interval: Double, attempt: @escaping () throws -> SyncReport?, onNotice: @escaping (Notice) -> Void = { _ in }) {
        self.interval = max(0.1, interval)
        self.attempt = attempt
        self.onNotice = onNotice
    }

    /// Starts the thread: a sync now, then one every `interval`.
    public func start() {
        let thread = Thread { [self] in loop() }
        thread.name = "tasker-background-sync"
        thread.start()
    }

    /// Stops before the next attempt (one under way finishes; a process that exits meanwhile loses
    /// nothing: a sync cut short completes on the next one).
    public func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    /// The lines said since the last call, oldest first (any thread).
    public func takeLines() -> [String] {
        condition.lock()
        defer { condition.unlock() }
        let lines = pending
        pending = []
        return lines
    }

    /// True while the last attempt failed (any thread).
    public var isFailing: Bool {
        condition.lock()
        defer { condition.unlock() }
        return failing
    }

    private func loop() {
        while true {
            condition.lock()
            let stop = stopped
            condition.unlock()
            if stop { return }
            if let notice = runOnce() {
                condition.lock()
                pending = Array((pending + notice.lines).suffix(20))
                failing = notice.failing
                condition.unlock()
                onNotice(notice)
            }
            condition.lock()
            let until = Date().addingTimeInterval(interval)
            while !stopped && condition.wait(until: until) {}
            condition.unlock()
        }
    }

    /// One attempt and what to say about it (nil: nothing).
    func runOnce() -> Notice? {
        let report: SyncReport?
        do {
            report = try attempt()
        } catch {
            let message = (error as? SyncError)?.description ?? "\(error)"
            defer { lastError = message }
            return message == lastError ? nil : Notice(lines: ["sync failed: " + message], failing: true)
        }
        guard let report else { return nil }  // another sync held the lock
        let recovered = lastError != nil
        lastError = nil
        let changed = report.uploaded + report.downloaded + report.deletedHere + report.deletedThere > 0
            || !report.conflicts.isEmpty || !report.warnings.isEmpty
        guard changed || recovered else { return nil }
        var lines = report.lines
        if recovered { lines[0] = "sync works again; " + lines[0] }
        return Notice(lines: lines, failing: false)
    }
}
