import Foundation

/// "⠋ thinking…" on the current line while waiting for the model's first words; erased when stopped.
final class Spinner: @unchecked Sendable {
    private let output: OutputSink
    private let lock = NSLock()
    private var running = false
    private var thread: Thread?

    init(output: OutputSink) { self.output = output }

    func start(_ label: String) {
        lock.lock()
        running = true
        lock.unlock()
        let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
        let thread = Thread { [self] in
            var i = 0
            while true {
                lock.lock()
                let go = running
                if go { output.write("\r\u{1B}[2m\(frames[i % frames.count]) \(label)\u{1B}[0m\u{1B}[K") }
                lock.unlock()
                if !go { return }
                i += 1
                usleep(100_000)
            }
        }
        self.thread = thread
        thread.start()
    }

    /// Stops and erases the spinner line; safe to call more than once.
    func stop() {
        lock.lock()
        if running { output.write("\r\u{1B}[K") }
        running = false
        lock.unlock()
    }
}
