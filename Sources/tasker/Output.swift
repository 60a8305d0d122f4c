import Foundation

/// Writes to stdout and stderr unbuffered (a pipe would otherwise hold lines back), one line at a time.
struct Output: Sendable {
    /// False when NO_COLOR is set or stdout is not a terminal.
    let useColor: Bool

    init(environment: [String: String]) {
        useColor = environment["NO_COLOR"] == nil && isatty(STDOUT_FILENO) == 1
    }

    func out(_ line: String) { write(line + "\n", to: FileHandle.standardOutput) }
    func err(_ line: String) { write(line + "\n", to: FileHandle.standardError) }

    private func write(_ text: String, to handle: FileHandle) {
        handle.write(Data(text.utf8))
    }
}
