/// One subcommand of `tasker`: its name, its help, and what it does.
///
/// Help is generated from these declarations so it cannot drift from what runs.
protocol Command: Sendable {
    /// The word after `tasker` (`parse`, `call`, …).
    static var name: String { get }
    /// One line for `tasker --help`.
    static var summary: String { get }
    /// The full text for `tasker NAME --help`.
    static var help: String { get }
    /// Runs the command with the arguments after its name; returns the exit status.
    /// - Throws: `UsageError` for wrong arguments (exit 2); anything else is reported and exits 1.
    static func run(_ arguments: [String], _ context: CommandContext) throws -> Int32
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
