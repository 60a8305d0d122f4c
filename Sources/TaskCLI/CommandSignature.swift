/// How one command is called, declared once: its name, one summary line, the forms its other words
/// take, its options and the prose of its help. `parse(_:shared:)` reads a command line by it and
/// `help` is generated from it, so the two cannot drift.
public struct CommandSignature: Sendable {
    /// The word after `tasker` (`parse`).
    public let name: String
    /// One line for `tasker --help`.
    public let summary: String
    /// The forms of the words after the options, one usage line each (`TEXT…`, `-`); empty for none.
    public let words: [String]
    /// How many words it takes at most; nil for any number.
    public let maxWords: Int?
    /// The command's own options (the global ones are added by the caller).
    public let options: [OptionSpec]
    /// The paragraphs after the usage lines: what it does, exit status.
    public let details: String
    /// Command lines shown last in help, one per line.
    public let examples: [String]
    /// For a command whose stray words may be a secret typed by mistake (`tasker key set sk-…`): usage
    /// errors never quote a word or an unknown option, and say this instead. Nil: they quote them.
    public let secretWords: String?

    public init(
        name: String, summary: String, words: [String] = [], maxWords: Int? = nil, options: [OptionSpec] = [], details: String,
        examples: [String] = [], secretWords: String? = nil
    ) {
        self.secretWords = secretWords
        self.name = name
        self.summary = summary
        self.words = words
        self.maxWords = maxWords
        self.options = options
        self.details = details
        self.examples = examples
    }
}
