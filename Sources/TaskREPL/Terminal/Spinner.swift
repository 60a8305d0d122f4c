import Foundation

/// "⠋ thinking… 3 s · Ctrl-C cancels" on the current line while waiting for the model's first words,
/// with the seconds waited so far; erased when stopped.
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
        let started = Date()
        let thread = Thread { [self] in
            var i = 0
            while true {
                lock.lock()
                let go = running
                let text = Self.text(label, frame: frames[i % frames.count], elapsed: Date().timeIntervalSince(started))
                if go { output.write("\r\u{1B}[2m\(text)\u{1B}[0m\u{1B}[K") }
                lock.unlock()
                if !go { return }
                i += 1
                usleep(100_000)
            }
        }
        self.thread = thread
        thread.start()
    }

    /// "⠋ thinking… 3 s · Ctrl-C cancels": whole seconds waited, shown from the first.
    static func text(_ label: String, frame: String, elapsed: Double) -> String {
        "\(frame) \(label) \(Int(elapsed)) s · Ctrl-C cancels"
    }

    /// Stops and erases the spinner line; safe to call more than once.
    func stop() {
        lock.lock()
        if running { output.write("\r\u{1B}[K") }
        running = false
        lock.unlock()
    }
}
