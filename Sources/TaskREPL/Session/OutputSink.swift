import Foundation
import TaskCore

/// Where the REPL writes what it shows. The terminal in the app, a buffer in tests.
public protocol OutputSink: AnyObject {
    /// Writes `text` as is (callers add their own newlines), unbuffered.
    func write(_ text: String)
}

extension OutputSink {
    /// Writes `text` and a newline.
    public func line(_ text: String = "") { write(text + "\n") }

    /// Writes text that did not come from Tasker (a model's streamed words) with every control
    /// character made visible (`TerminalText`, block form: newlines and tabs kept). Safe for pieces
    /// of a stream: each character is replaced on its own, so a sequence split across pieces is too.
    public func writeUntrusted(_ text: String) { write(TerminalText.sanitized(text, as: .block)) }
}

/// Standard output, written with write(2) so nothing waits in a buffer.
public final class StandardOutputSink: OutputSink {
    public init() {}

    public func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Foundation.write(STDOUT_FILENO, base + offset, buffer.count - offset)
            }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            offset += n
        }
    }
}
