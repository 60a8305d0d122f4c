import TaskCLI

/// One subcommand of `tasker`: its declaration and what it does.
///
/// Help and parsing both come from `signature`, so they cannot drift from what runs.
protocol Command: Sendable {
    /// The name, summary, words, options and help prose.
    static var signature: CommandSignature { get }
    /// Runs the command with its parsed arguments; returns the exit status.
    /// - Throws: `UsageError` for wrong arguments (exit 2); anything else is reported and exits 1.
    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32
}
