import TaskCore

/// Wrong arguments on the command line (exit status 2).
public struct UsageError: Error, CustomStringConvertible, ExitCodeError {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
    public var exitCode: Int32 { 2 }
}
