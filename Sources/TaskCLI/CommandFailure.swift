import TaskCore

/// Something outside the engine failed (exit status 1), with a message saying what to do.
public struct CommandFailure: Error, CustomStringConvertible, ExitCodeError {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
    public var exitCode: Int32 { 1 }
}
