/// Lines from a pipe or a file: no prompts, no escape codes, no history file.
public final class PlainLineReader: LineReader {
    private var lines: [String] = []

    public init() {}

    public var isInteractive: Bool { false }

    public func readLine(prompt: String, initial: String) -> LineEvent {
        guard let line = Swift.readLine(strippingNewline: true) else { return .endOfInput }
        return .line(line.hasSuffix("\r") ? String(line.dropLast()) : line)
    }

    /// Piped lines are data, not keys typed ahead: nothing is discarded.
    public func readAnswer(prompt: String, initial: String) -> LineEvent { readLine(prompt: prompt, initial: initial) }

    public func readSecret(prompt: String) -> String? { Swift.readLine(strippingNewline: true) }

    public func bufferedLines() -> [String] { [] }

    public func addHistory(_ line: String) { lines.append(line) }

    public func history() -> [String] { lines }
}
