/// What one read from the user gave: a line, Ctrl-C or the end of input (the command line's byte
/// reader for stdin is TaskCLI's `LineInput`).
public enum LineEvent: Sendable, Equatable {
    /// A line, without its newline.
    case line(String)
    /// Ctrl-C: the line being typed was dropped.
    case interrupted
    /// Ctrl-D on an empty line, or the end of piped input.
    case endOfInput
}
