import Foundation
import TaskCore

/// Writes to stdout and stderr unbuffered (a pipe would otherwise hold lines back), one line at a time.
///
/// Three doors, by what the text is: `out` writes exactly (JSON, and Tasker's own help and version
/// text); `text` writes human output that carries stored or model text (titles, chips, paths)
/// through `TerminalText` so a terminal shows its control characters instead of obeying them;
/// `err` does the same for every message on stderr, which may quote a title, a path or an
/// endpoint's error body.
public struct Output: Sendable {
    /// False when NO_COLOR is set or stdout is not a terminal.
    public let useColor: Bool

    public init(environment: [String: String]) {
        useColor = environment["NO_COLOR"] == nil && isatty(STDOUT_FILENO) == 1
    }

    /// Exactly these bytes and a newline: JSON (never sanitised) and Tasker's own text. A closed
    /// stdout (`tasker … | head`) ends the process with SIGPIPE, as for other command-line tools;
    /// where SIGPIPE is ignored (`tasker mcp`), the lost line is dropped without a trap.
    public func out(_ line: String) { try? FileDescriptorWriter.write(STDOUT_FILENO, line + "\n") }

    /// Human output and a newline, sanitised in block form: the lines it is laid out in are kept,
    /// every other control character is shown (`^[`, `<U+202E>`). Values that must stay on one line
    /// (a title) are sanitised as lines where they are laid out.
    public func text(_ text: String) { try? FileDescriptorWriter.write(STDOUT_FILENO, TerminalText.sanitized(text, as: .block) + "\n") }

    /// One message line on stderr, sanitised as one line (a newline inside it shows as `^J`).
    public func err(_ line: String) { try? FileDescriptorWriter.write(STDERR_FILENO, TerminalText.sanitized(line) + "\n") }
}
