/// What a hidden question (a key) got: the text typed, or why there is none.
public enum HiddenAnswer: Sendable, Equatable {
    /// The line typed, without its Enter.
    case text(String)
    /// Ctrl-C: nothing is to be kept.
    case cancelled
    /// Ctrl-D on an empty line, or the end of input.
    case endOfInput
}
