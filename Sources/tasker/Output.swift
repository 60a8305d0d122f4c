import Foundation
import TaskCore

/// Writes to stdout and stderr unbuffered (a pipe would otherwise hold lines back), one line at a time.
struct Output: Sendable {
    /// False when NO_COLOR is set or stdout is not a terminal.
    let useColor: Bool

    init(environment: [String: String]) {
        useColor = environment["NO_COLOR"] == nil && isatty(STDOUT_FILENO) == 1
    }

    /// A closed stdout (`tasker … | head`) ends the process with SIGPIPE, as for other command-line
    /// tools; where SIGPIPE is ignored (`tasker mcp`), the lost line is dropped without a trap.
    func out(_ line: String) { try? FileDescriptorWriter.write(STDOUT_FILENO, line + "\n") }
    func err(_ line: String) { try? FileDescriptorWriter.write(STDERR_FILENO, line + "\n") }
}
