import Foundation
import TaskCore

/// The chat's `ChatConsole`: questions read from its `LineReader`, lines written to its
/// `OutputSink`, and the lines typed at a question instead of its answer, kept for the loop.
final class LineConsole: ChatConsole {
    let reader: LineReader
    let output: OutputSink
    /// The chat's settings (colour and zone) and clock, for `renderer`.
    private let mode: ChatMode
    private let clock: @Sendable () -> Date
    var answerVerb: String?
    /// Lines typed at a question instead of its answer (`choose`): handled after the current line.
    var nextLines: [String] = []

    init(reader: LineReader, output: OutputSink, mode: ChatMode, clock: @escaping @Sendable () -> Date) {
        self.reader = reader
        self.output = output
        self.mode = mode
        self.clock = clock
    }

    var isInteractive: Bool { reader.isInteractive }
    var useColor: Bool { mode.settings.useColor }
    var renderer: TaskRenderer { TaskRenderer(useColor: useColor, timeZone: mode.settings.timeZone, now: clock()) }

    func write(_ text: String) { output.write(text) }

    func addHistory(_ line: String) { reader.addHistory(line) }

    /// Lines that must never reach the history file (they may carry a key).
    static func isSecret(_ line: String) -> Bool {
        line.trimmingCharacters(in: .whitespaces).lowercased().hasPrefix("/key")
    }

    func ask(_ question: String, initial: String) -> String? {
        guard reader.isInteractive else { return nil }
        return answer(reader.readAnswer(prompt: TerminalText.sanitized(question), initial: initial))
    }

    func askKey(_ question: String) -> String? {
        guard reader.isInteractive else { return nil }
        return answer(reader.readKey(prompt: TerminalText.sanitized(question)))
    }

    private func answer(_ input: LineEvent) -> String? {
        switch input {
        case .line(let answer): return answer.trimmingCharacters(in: .whitespaces)
        case .interrupted: return nil
        case .endOfInput:
            output.line()
            return nil
        }
    }

    func keepTypedAhead(_ answer: String) -> Bool {
        let text = answer.trimmingCharacters(in: .whitespaces)
        guard text.contains(" ") || text.hasPrefix("/") else { return false }
        nextLines.append(text)
        return true
    }
}
