import Foundation
import TaskLLM

/// Ctrl-C for a model request: the signal handler only raises a flag, so a watcher thread polls it
/// every 50 ms and trips the request's `Cancellation`, which libcurl's progress callback notices.
enum InterruptWatch {
    /// Runs `body` with a token that is cancelled as soon as `isCancelled` turns true; the watcher
    /// stops when `body` returns or throws.
    static func run<T>(_ isCancelled: @escaping @Sendable () -> Bool, _ body: (Cancellation) throws -> T) rethrows -> T {
        let token = Cancellation()
        let done = Cancellation()
        let watcher = Thread {
            while !done.isCancelled {
                if isCancelled() { token.cancel() }
                usleep(50_000)
            }
        }
        watcher.start()
        defer { done.cancel() }
        return try body(token)
    }
}
