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

/// Something outside the engine failed (exit status 1), with a message saying what to do.
struct CommandFailure: Error, CustomStringConvertible {
    let message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}

/// Wrong arguments on the command line (exit status 2).
struct UsageError: Error, CustomStringConvertible {
    let message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}
