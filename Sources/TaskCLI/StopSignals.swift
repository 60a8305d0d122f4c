import Foundation

/// SIGINT and SIGTERM for a server command: blocked before its threads start (they inherit the
/// mask), then waited for on the main thread, so a server stops cleanly on Ctrl-C or `kill`.
public struct StopSignals {
    private var signals = sigset_t()

    /// Blocks SIGINT and SIGTERM in this thread and every thread started after.
    public init() {
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &signals, nil)
    }

    /// Waits until one arrives.
    public func wait() {
        var signals = self.signals
        var received: Int32 = 0
        sigwait(&signals, &received)
    }
}
