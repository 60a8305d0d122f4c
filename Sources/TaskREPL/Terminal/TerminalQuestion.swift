import Foundation

/// How Tasker asks the person at a terminal a question: the answer is only what they type after
/// seeing it.
///
/// Keys pressed while Tasker was busy (a `y` typed while the model was "thinking…") wait in the
/// terminal's input queue. Read after the question, they would answer it unseen, and run a write
/// nobody confirmed. So every question first discards that input (`tcflush(fd, TCIFLUSH)`, only
/// when `fd` is a terminal: piped input is data, not type-ahead), then is drawn, then read.
///
/// The kernel's queue is the only place such keys wait: libedit reads one byte at a time with
/// read(2) and keeps nothing between lines (only what `el_push` gave it), and the hidden key read
/// (`askHidden`, for `tasker key set` and `/key set`) reads with read(2) too. Used by every question the chat asks (through
/// `LineReader.readAnswer`) and by `tasker key set`.
public enum TerminalQuestion {
    /// Discards input typed before now on `fd`, then runs `drawAndRead`, which shows the question
    /// and reads the answer. - Returns: what `drawAndRead` returns. - Throws: what it throws.
    public static func ask<Answer>(on fd: Int32 = STDIN_FILENO, _ drawAndRead: () throws -> Answer) rethrows -> Answer {
        discardTypeAhead(on: fd)
        return try drawAndRead()
    }

    /// Throws away what was typed on `fd` but not read yet, when `fd` is a terminal; otherwise
    /// does nothing.
    public static func discardTypeAhead(on fd: Int32 = STDIN_FILENO) {
        guard isatty(fd) == 1 else { return }
        tcflush(fd, TCIFLUSH)
    }
}
