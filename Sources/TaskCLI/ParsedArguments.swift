/// What a command line said, read by a `CommandSignature`: the flags given, the option values, and
/// the other words in order.
public struct ParsedArguments: Sendable, Equatable {
    /// Long names of the flags given (`--json`).
    public var flags: Set<String> = []
    /// Values by long option name (`--db` → the path).
    public var values: [String: String] = [:]
    /// The words that are not options, in order (after `--`, every word is one).
    public var words: [String] = []
    /// How many of `words` came before a `--` (all of them when there was none): a `-` among
    /// those means standard input, after it a `-` is text.
    public var wordsBeforeTerminator = 0

    /// Whether the flag was given.
    public func has(_ option: OptionSpec) -> Bool { flags.contains(option.name) }

    /// The option's value, or nil when it was not given.
    public func value(_ option: OptionSpec) -> String? { values[option.name] }

    /// Whether a bare `-` (standard input) was given before any `--`.
    public var marksStandardInput: Bool { words.prefix(wordsBeforeTerminator).contains("-") }

    /// The words without the `-` that marks standard input (a `-` after `--` is kept as text).
    public var textWords: [String] {
        words.enumerated().filter { $0.offset >= wordsBeforeTerminator || $0.element != "-" }.map(\.element)
    }
}
