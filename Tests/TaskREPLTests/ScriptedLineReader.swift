import Foundation
@testable import TaskREPL

/// A line reader that plays back a script and records what it was asked.
final class ScriptedLineReader: LineReader {
    var script: [LineEvent]
    /// Lines handed out by `bufferedLines()` right after the next read (a paste), in order of reads.
    var pastes: [[String]]
    var secrets: [String]
    let isInteractive: Bool
    private(set) var prompts: [String] = []
    /// The prompts read with `readAnswer` (questions), also listed in `prompts`.
    private(set) var questions: [String] = []
    private(set) var initials: [String] = []
    private(set) var saved: [String] = []

    init(_ lines: [String], interactive: Bool = true, pastes: [[String]] = [], secrets: [String] = []) {
        self.script = lines.map { .line($0) }
        self.pastes = pastes
        self.secrets = secrets
        self.isInteractive = interactive
    }

    init(inputs: [LineEvent], interactive: Bool = true) {
        self.script = inputs
        self.pastes = []
        self.secrets = []
        self.isInteractive = interactive
    }

    func readLine(prompt: String, initial: String) -> LineEvent {
        prompts.append(prompt)
        initials.append(initial)
        guard !script.isEmpty else { return .endOfInput }
        return script.removeFirst()
    }

    func readAnswer(prompt: String, initial: String) -> LineEvent {
        questions.append(prompt)
        return readLine(prompt: prompt, initial: initial)
    }

    func readSecret(prompt: String) -> String? { secrets.isEmpty ? nil : secrets.removeFirst() }

    func bufferedLines() -> [String] { pastes.isEmpty ? [] : pastes.removeFirst() }

    func addHistory(_ line: String) { saved.append(line) }

    func history() -> [String] { saved }
}

/// Collects everything written.
final class BufferSink: OutputSink, @unchecked Sendable {
    private let lock = NSLock()
    private var buffer = ""
    func write(_ text: String) {
        lock.lock()
        buffer += text
        lock.unlock()
    }
    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return buffer
    }
}
