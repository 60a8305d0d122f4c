import Foundation

/// Waiting for the model, the one way the chat does it: Ctrl-C armed (the flag cleared, the
/// terminal made to signal), a spinner until the first words, and whether Ctrl-C cancelled it.
///
/// Model turns, dictations and the model's day plans all wait through it.
struct ModelWait {
    /// Whether to show a spinner and let Ctrl-C signal meanwhile (`ChatSettings.showSpinner`).
    var atTerminal: Bool
    var output: OutputSink

    /// What came of a wait.
    enum Outcome<Value> {
        /// The request ended by itself: its value or its error.
        case finished(Result<Value, any Error>)
        /// Ctrl-C was pressed while it ran (the flag is cleared again).
        case cancelled
    }

    /// Thrown by a caller that ends its work at a cancelled wait.
    struct Cancelled: Error {}

    /// What the model's callbacks poll: Ctrl-C since the wait began.
    static let isCancelled: @Sendable () -> Bool = { InterruptFlag.isRaised }

    /// Runs one model request showing "`label` 3 s · Ctrl-C cancels" until the request calls the
    /// `firstWords` it is given (streamed words arrive) or ends.
    func run<Value>(_ label: String, _ request: (_ firstWords: @escaping () -> Void) throws -> Value) -> Outcome<Value> {
        InterruptFlag.reset()
        let spinner = atTerminal ? Spinner(output: output) : nil
        spinner?.start(label)
        defer { spinner?.stop() }
        let stop: () -> Void = { spinner?.stop() }
        let result = Result { atTerminal ? try TerminalQuestion.withSignals { try request(stop) } : try request(stop) }
        spinner?.stop()
        if InterruptFlag.isRaised {
            InterruptFlag.reset()
            return .cancelled
        }
        return .finished(result)
    }
}
