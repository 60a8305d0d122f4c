/// An error that carries how the command line reports it: one line and an exit status.
///
/// `tasker` catches every error in one place: it prints `tasker: ` and `commandLineMessage`, and exits
/// with `exitCode` (docs/COMMANDS.md, "Exit status"). An error that does not adopt this protocol is a
/// failure: its description and status 1.
public protocol ExitCodeError: Error, CustomStringConvertible {
    /// 2 when the caller's words were wrong (an option, a malformed call, bytes that are not UTF-8),
    /// 1 when something failed that the words could not fix.
    var exitCode: Int32 { get }
    /// The line shown after `tasker: `; `description` unless the type adds what to do on the command line.
    var commandLineMessage: String { get }
}

extension ExitCodeError {
    public var commandLineMessage: String { description }
}
